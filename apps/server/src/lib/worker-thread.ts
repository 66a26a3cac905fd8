import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Running the TypeScript source through tsx (development and tests), not the bundled build. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
/**
 * Where tsx is, resolved once at load: resolving goes through the module hooks' thread, which a
 * starting worker keeps busy compiling, and would hold up the API's thread as long.
 */
const TSX = FROM_SOURCE ? import.meta.resolve('tsx') : '';

/** A worker's entry: its bundle beside `main.js` (build.mjs names it) and its source under src/. */
export interface WorkerEntry {
  built: string;
  source: string;
}

/**
 * Starts a worker thread: the bundled `<built>.js` beside `main.js` in a build, or the TypeScript
 * source through tsx when running from source.
 */
export function startWorker(entry: WorkerEntry, options: WorkerOptions = {}): Worker {
  if (!FROM_SOURCE) return new Worker(path.join(here, `${entry.built}.js`), options);
  return new Worker(path.join(here, '..', entry.source), {
    ...options,
    execArgv: ['--import', TSX],
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(here, '..', '..', 'tsconfig.json') },
  });
}

/**
 * At most `max` tasks at once; the others wait their turn in order. `turn()` resolves when a task
 * may start, with the function that ends it.
 */
export function concurrencyLimit(max: number): () => Promise<() => void> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async () => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    return () => {
      running--;
      waiting.shift()?.();
    };
  };
}
