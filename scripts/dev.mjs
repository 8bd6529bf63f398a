// npm run dev: the API in watch mode (tsx) on 3000 and Vite with hot reload on 5173 (proxying /api).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { bin, ensureNode24, root } from './lib.mjs';

ensureNode24();
const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` };
const children = [
  spawn(bin('tsx'), ['watch', 'apps/api/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn(bin('vite'), ['--host'], { cwd: path.join(root, 'apps', 'web'), stdio: 'inherit', env }),
];
console.log('\nAPI: http://localhost:3000/api  ·  Web (hot reload): http://localhost:5173\n');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
