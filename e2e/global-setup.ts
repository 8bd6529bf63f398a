import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { clearArtifacts } from './failure-artifacts';
import { DEMO_TEMPLATE_ENV, type OwnServer, seedDemoTemplate, startOwnServer } from './own-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (harness.ts `sharedServer`): the journeys of one worker share it, one file at a time. */
    servers: { baseURL: string; dataDir: string }[];
  }
}

/**
 * Seeds the demo business once (its data directory kept for the run, named in DEMO_TEMPLATE_ENV for the journeys
 * that start a server of their own), then starts one built server per worker, each on a free port with a copy of
 * it: two journey files run side by side, each against its own server, so what one changes the other never
 * sees, as when the files run one after another (E2E_SHUFFLE shows they do not lean on each other's data).
 */
export default async function setup(project: TestProject) {
  clearArtifacts();
  const template = await seedDemoTemplate();
  process.env[DEMO_TEMPLATE_ENV] = template;
  const count = Math.max(1, project.config.maxWorkers);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startOwnServer()));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = () =>
    Promise.all(servers.map((server: OwnServer) => server.stop())).then(() =>
      rmSync(template, { recursive: true, force: true }),
    );
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  project.provide(
    'servers',
    servers.map(({ baseURL, dataDir }) => ({ baseURL, dataDir })),
  );
  return stopAll;
}
