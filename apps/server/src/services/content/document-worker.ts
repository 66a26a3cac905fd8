// A document worker: parses one uploaded document off the API's thread, under the memory cap the
// parent gave it, and posts back its paragraphs or the error to answer with.
import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../lib/http-error.ts';
import type { DocumentWorkerReply } from './document-parser.ts';
import { type DocumentKind, documentParagraphs } from './document-text.ts';

if (!parentPort) throw new Error('document-worker runs as a worker thread');
const port = parentPort;
const { kind, bytes } = workerData as { kind: DocumentKind; bytes: Uint8Array };

documentParagraphs(kind, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).then(
  (paragraphs) => port.postMessage({ ok: true, paragraphs } satisfies DocumentWorkerReply),
  (err: unknown) =>
    port.postMessage(
      (err instanceof HttpError
        ? { ok: false, status: err.statusCode, code: err.code, detail: err.message, params: err.params }
        : {
            ok: false,
            status: 422,
            code: 'document_unreadable',
            detail: 'This document could not be read.',
            params: {},
          }) satisfies DocumentWorkerReply,
    ),
);
