import type { Omitted, RenderRequest } from './renderer.ts';

/** Messages from the pool to a render worker. */
export type ToWorker =
  | { type: 'render'; id: number; request: RenderRequest }
  | { type: 'cancel'; id: number };

/** Messages from a render worker to the pool. */
export type FromWorker =
  | { type: 'ready'; fontMs: number }
  | { type: 'done'; id: number; png: Uint8Array; renderMs: number; missing: number[]; omitted: Omitted[] }
  | { type: 'failed'; id: number; message: string; aborted: boolean };
