import type { TestProject } from 'vitest/node';
import { startOwnServer } from './own-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/** Starts the built server on a free port with a fresh DATA_DIR (the demo business is seeded). */
export default async function setup(project: TestProject) {
  const server = await startOwnServer();
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
