// `npm start`: installs what is missing, builds what is stale, then runs Voxpress (API, web app and
// workers in one process) on the embedded defaults, and starts it again should it crash.
import path from 'node:path';
import { ensureDependencies, newest, npm, root, run, supervise } from './lib.mjs';
import { ensureSupportedNode } from './node-runtime.mjs';

await ensureSupportedNode();
const started = Date.now();
await ensureDependencies();

const shared = ['packages/contracts/src', 'package-lock.json'];
const webOut = newest(['apps/web/dist/index.html']);
if (
  webOut <
  newest([...shared, 'apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts'])
) {
  console.log('Building the web app...');
  await run(npm, ['run', 'build', '-w', '@voxpress/web']);
}
// The database template is the build's last output (see apps/server/build.mjs).
if (
  newest(['apps/server/dist/pglite-template.json']) <
  newest([...shared, 'apps/server/src', 'apps/server/drizzle', 'apps/server/build.mjs'])
) {
  console.log('Building the server...');
  await run(npm, ['run', 'build', '-w', '@voxpress/server']);
}
console.log(`Prepared in ${((Date.now() - started) / 1000).toFixed(1)} s; starting...`);

// A crash brings it back (see `supervise`); Ctrl+C or SIGTERM stops it for good.
// --liftoff-only: V8 runs the embedded database's WebAssembly with its baseline compiler only.
// Optimising it in the background briefly took ~500 MB a start (965 → 425 MB peak) and made
// small queries no faster (see README, Memory). --max-semi-space-size=8: V8's young generation
// capped at 8 MB, where on a machine with much memory it grows to 64 MB and keeps what start-up
// used (348 → 213 MB idle). The Dockerfile and the benchmarks pass both too. No
// --enable-source-maps: dist/main.js turns source maps on for the server's own code only (with the
// flag Node keeps every package's source map too, ~17–30 MB at rest).
const code = await supervise(
  process.execPath,
  ['--liftoff-only', '--max-semi-space-size=8', path.join(root, 'apps/server/dist/main.js')],
  { cwd: root, env: { NODE_ENV: 'production', ...process.env } },
);
process.exit(code);
