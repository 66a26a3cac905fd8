// Bundles the server into dist/main.js (and its workers beside it). Workspace packages (TypeScript sources) are bundled in;
// npm dependencies stay external and load from node_modules. `node build.mjs <folder>` writes the bundle
// elsewhere under apps/server (the test suite builds one of its own there).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@voxpress/'));

// Each worker is its own entry: worker threads (and the local model's child process) load it from
// beside main.js.
await build({
  entryPoints: {
    main: 'src/main.ts',
    'render-worker': 'src/engines/renderer/render-worker.ts',
    'document-worker': 'src/services/content/document-worker.ts',
    'subtitle-worker': 'src/services/transcription/subtitle-worker.ts',
    'local-llm-process': 'src/engines/writer/local/local-process.ts',
    'separate-worker': 'src/engines/diarizer/builtin/separate-worker.ts',
    'sherpa-worker': 'src/engines/diarizer/sherpa/sherpa-worker.ts',
  },
  outdir: process.argv[2] ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  sourcesContent: false,
  external,
  logLevel: 'warning',
});
