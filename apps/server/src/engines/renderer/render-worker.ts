// A render worker: draws infographics with Takumi off the API's thread. Fonts stay loaded for the
// worker's life; the pool starts a new worker if this one dies.
import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './render-protocol.ts';
import { TakumiDraw } from './takumi/takumi-draw.tsx';

if (!parentPort) throw new Error('render-worker runs as a worker thread');
const port = parentPort;
const draw = new TakumiDraw();
const running = new Map<number, AbortController>();
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const started = performance.now();
const warm = draw.warm().then(
  () => post({ type: 'ready', fontMs: performance.now() - started }),
  () => post({ type: 'ready', fontMs: performance.now() - started }),
);

port.on('message', (message: ToWorker) => {
  if (message.type === 'cancel') {
    running.get(message.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  void warm
    .then(() => draw.draw(message.request, controller.signal))
    .then(
      ({ png, renderMs, missing, omitted }) => {
        const copy = png.slice();
        post({ type: 'done', id: message.id, png: copy, renderMs, missing, omitted }, [copy.buffer]);
      },
      (err: unknown) =>
        post({
          type: 'failed',
          id: message.id,
          message: err instanceof Error ? err.message : String(err),
          aborted: controller.signal.aborted,
        }),
    )
    .finally(() => running.delete(message.id));
});
