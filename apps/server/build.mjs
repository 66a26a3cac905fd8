// Bundles the server into dist/server.js, started by dist/main.js (and its workers beside it), and
// writes the embedded database's template beside it. Workspace packages (TypeScript sources) are
// bundled in; npm dependencies stay external and load from node_modules. `node build.mjs <folder>`
// writes the bundle elsewhere under apps/server (the test suite builds one of its own there).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@voxpress/'));

const outdir = process.argv[2] ?? 'dist';

// Each worker is its own entry: worker threads (and the local model's child process) load it from
// beside main.js.
await build({
  entryPoints: {
    server: 'src/main.ts',
    'write-db-template': 'src/db/write-template.ts',
    'render-worker': 'src/engines/renderer/render-worker.ts',
    'document-worker': 'src/services/content/document-worker.ts',
    'subtitle-worker': 'src/services/transcription/subtitle-worker.ts',
    'local-llm-process': 'src/engines/writer/local/local-process.ts',
    'separate-worker': 'src/engines/diarizer/builtin/separate-worker.ts',
    'sherpa-worker': 'src/engines/diarizer/sherpa/sherpa-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  sourcesContent: false,
  external,
  logLevel: 'warning',
});

// main.js turns on source maps for the bundle's own code, not for the packages it loads, then
// loads the bundle: with --enable-source-maps Node also reads and keeps every package's source map
// (17–30 MB resident at rest). A bundle inside node_modules (the tests' own builds) keeps them all,
// as Node cannot tell it from a package. Node before 22.14 lacks the switch and does as its flags
// say.
writeFileSync(
  path.join(outdir, 'main.js'),
  `// Starts the server (server.js); see build.mjs.
import module from 'node:module';
module.setSourceMapsSupport?.(true, {
  nodeModules: import.meta.url.includes('/node_modules/'),
  generatedCode: false,
});
await import('./server.js');
`,
);

// The embedded database's template (src/db/template.ts), in a process of its own: creating the
// cluster takes ~500 MB for a few seconds, which then go with that process.
const template = spawnSync(
  process.execPath,
  ['--liftoff-only', path.join(outdir, 'write-db-template.js'), outdir],
  {
    stdio: 'inherit',
  },
);
if (template.status !== 0) process.exit(template.status ?? 1);
