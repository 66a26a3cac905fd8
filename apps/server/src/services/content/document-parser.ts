import type { Worker } from 'node:worker_threads';
import type { ErrorCode, ErrorParams } from '@voxpress/contracts';
import { HttpError } from '../../lib/http-error.ts';
import { concurrencyLimit, startWorker } from '../../lib/worker-thread.ts';
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

const turn = concurrencyLimit(MAX_PARALLEL);

/** Starts a document worker with its memory cap, handing it the document's bytes. */
function startDocumentWorker(data: object, limits: ParseLimits, transfer: ArrayBuffer[]): Worker {
  return startWorker(
    { built: 'document-worker', source: 'services/content/document-worker.ts' },
    {
      workerData: data,
      transferList: transfer,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 },
    },
  );
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
    const worker = startDocumentWorker({ kind, bytes: copy }, limits, [copy.buffer]);
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
