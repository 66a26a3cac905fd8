// `npm run dev`: the API with reload on change (port 8080) and the Vite dev server with hot reload
// (port 5173, proxying /api to the API).
import { spawn } from 'node:child_process';
import { ensureDependencies, npm, root } from './lib.mjs';
import { ensureSupportedNode } from './node-runtime.mjs';

await ensureSupportedNode();
await ensureDependencies();
const children = [
  spawn(npm, ['run', 'dev', '-w', '@voxpress/server'], { cwd: root, stdio: 'inherit' }),
  spawn(npm, ['run', 'dev', '-w', '@voxpress/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
}
