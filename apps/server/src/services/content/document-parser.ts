import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ErrorCode, ErrorParams } from '@voxpress/contracts';
import { HttpError } from '../../lib/http-error.ts';
import { type DocumentKind, tooComplex } from './document-text.ts';

/** What a document worker posts back. */
export type DocumentWorkerReply =
  | { ok: true; paragraphs: string[] }
  | { ok: false; status: number; code: ErrorCode; detail: string; params: ErrorParams };

/** How much one parse may take: heap (MB) and time (ms); past either the worker is stopped. */
export interface ParseLimits {
  memoryMb: number;
  timeoutMs: number;
}

/**
 * A DOCX of a million characters needs a few hundred MB to parse; past the cap the worker runs out
 * of memory alone, the server does not.
 */
export const PARSE_LIMITS: ParseLimits = { memoryMb: 768, timeoutMs: 60_000 };
/** Parses running at once; more wait their turn, so two bombs cannot take the machine's memory. */
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

/**
 * Starts a document worker: the bundled `document-worker.js` beside `main.js` in a build, or the
 * TypeScript source through tsx when running from source (development and tests).
 */
function startWorker(data: object, limits: ParseLimits, transfer: ArrayBuffer[]): Worker {
  const here = fileURLToPath(import.meta.url);
  const resourceLimits = { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 };
  if (here.endsWith('.js'))
    return new Worker(path.join(path.dirname(here), 'document-worker.js'), {
      workerData: data,
      transferList: transfer,
      resourceLimits,
    });
  const serverRoot = path.resolve(path.dirname(here), '../../..');
  return new Worker(path.join(path.dirname(here), 'document-worker.ts'), {
    workerData: data,
    transferList: transfer,
    resourceLimits,
    execArgv: ['--import', TSX],
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(serverRoot, 'tsconfig.json') },
  });
}

/**
 * A document's paragraphs, parsed in a worker thread with a memory cap and a time limit, so a
 * document built to explode (a zip bomb, millions of empty paragraphs) costs the worker, never the
 * API's event loop or the process. Past a limit the answer is 413 `document_too_complex`.
 */
export async function parseDocument(
  kind: DocumentKind,
  bytes: Buffer,
  limits: ParseLimits = PARSE_LIMITS,
): Promise<string[]> {
  const done = await turn();
  try {
    // The worker gets its own copy: the request's buffer may be a slice of a larger one.
    const copy = new Uint8Array(bytes);
    const worker = startWorker({ kind, bytes: copy }, limits, [copy.buffer]);
    const reply = await new Promise<DocumentWorkerReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(tooComplex(`reading it took longer than ${Math.round(limits.timeoutMs / 1000)} seconds`));
        void worker.terminate();
      }, limits.timeoutMs);
      const stop = () => clearTimeout(timer);
      worker.once('message', (message: DocumentWorkerReply) => {
        stop();
        resolve(message);
        void worker.terminate();
      });
      worker.once('error', (err: Error & { code?: string }) => {
        stop();
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? tooComplex(`reading it needed more than ${limits.memoryMb} MB of memory`, {
                max_memory_mb: limits.memoryMb,
              })
            : err,
        );
      });
      worker.once('exit', (code) => {
        stop();
        reject(new Error(`the document worker stopped (exit code ${code})`));
      });
    });
    if (reply.ok) return reply.paragraphs;
    throw new HttpError(reply.status, reply.code, reply.detail, reply.params);
  } finally {
    done();
  }
}
