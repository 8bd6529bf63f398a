// Finds a program or library from Debian's packages that the tests need: the path in `envVar` when set, else the
// first of `paths` that exists; when none does and this runs as root, installs `pkg` with apt-get, else explains
// how to install it and exits.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * @param {{ label: string; pkg: string; paths: string[]; envVar?: string }} tool
 * @returns {string} the path found
 */
export function findDebianTool({ label, pkg, paths, envVar }) {
  const fromEnv = envVar ? process.env[envVar] : undefined;
  const candidates = fromEnv ? [fromEnv] : paths;
  const found = () => candidates.find((candidate) => existsSync(candidate));
  if (found()) return /** @type {string} */ (found());
  if (process.getuid?.() === 0 && !fromEnv) {
    process.stdout.write(`${label} não encontrado: instalando o pacote ${pkg} do Debian (apt-get)…\n`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', pkg], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (install.status === 0 && found()) return /** @type {string} */ (found());
  }
  process.stderr.write(
    `${label} não encontrado em ${candidates.join(', ')}. Instale-o com "sudo apt-get install ${pkg}"` +
      (envVar ? ` ou aponte ${envVar} para ele.\n` : '.\n'),
  );
  process.exit(1);
}
