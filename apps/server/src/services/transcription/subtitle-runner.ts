import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type ExportFormat, exportTranscript, type TranscriptSource } from './subtitles.ts';

/**
 * Past this many characters an export is rendered in a worker thread: captioning an hour of speech
 * takes long enough (hundreds of ms, seconds for the longest) to hold up every other request.
 */
export const INLINE_EXPORT_CHARS = 20_000;
/** Exports rendering at once; more wait their turn, so a burst of them cannot take every core. */
const MAX_PARALLEL = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * Where tsx is when running from source, resolved once at load: resolving goes through the module
 * hooks' thread, which a starting worker keeps busy compiling, and would hold up this thread as long.
 */
const TSX = import.meta.url.endsWith('.ts') ? import.meta.resolve('tsx') : '';

/** The bundled `subtitle-worker.js` beside `main.js` in a build, else the source through tsx. */
function startWorker(data: object): Worker {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js'))
    return new Worker(path.join(path.dirname(here), 'subtitle-worker.js'), { workerData: data });
  const serverRoot = path.resolve(path.dirname(here), '../../..');
  return new Worker(path.join(path.dirname(here), 'subtitle-worker.ts'), {
    workerData: data,
    execArgv: ['--import', TSX],
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(serverRoot, 'tsconfig.json') },
  });
}

/**
 * Renders a transcript for download: a plain-text or short export at once, a long SRT or VTT in
 * a worker thread, so the API's event loop keeps answering while it is made.
 */
export async function renderExport(format: ExportFormat, source: TranscriptSource): Promise<string> {
  if (format === 'txt' || source.text.length <= INLINE_EXPORT_CHARS) return exportTranscript(format, source);
  const done = await turn();
  try {
    const worker = startWorker({ format, source });
    return await new Promise<string>((resolve, reject) => {
      worker.once('message', (body: string) => {
        resolve(body);
        void worker.terminate();
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the subtitle worker stopped (exit code ${code})`)));
    });
  } finally {
    done();
  }
}
