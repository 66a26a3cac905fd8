import type { Worker } from 'node:worker_threads';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../engine.ts';
import { RenderPool, startRenderWorker } from './render-pool.ts';
import type { RenderRequest } from './renderer.ts';
import { SAMPLE_DATA } from './test/sample-data.ts';

const request = (title: string): RenderRequest => ({
  style: 'minimal',
  contentType: 'enhanced',
  width: 512,
  height: 512,
  data: { ...SAMPLE_DATA.enhanced, title },
  audience: 'general',
  culturalContext: 'international',
});

/** A real render worker, except that a title of "crash" ends its thread mid-request. */
function crashableWorker(): Worker {
  const real = startRenderWorker();
  const original = real.postMessage.bind(real);
  real.postMessage = (message: { type: string; request?: RenderRequest }) => {
    if (message.type === 'render' && message.request?.data.title === 'crash') {
      void real.terminate();
      return;
    }
    original(message);
  };
  return real;
}

describe('render pool', () => {
  it('replaces a worker that died, failing only the request it was drawing', async () => {
    const pool = new RenderPool({ size: 1, createWorker: crashableWorker });
    try {
      const err = await pool.render(request('crash')).catch((e: unknown) => e);
      const next = pool.render(request('After the crash'));
      expect(err).toBeInstanceOf(EngineError);
      expect((err as EngineError).retryable).toBe(true);
      const png = PNG.sync.read(Buffer.from((await next).png));
      expect(png.width).toBe(512);
      expect(pool.restarts).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('ends its workers on close and refuses work after it', async () => {
    const pool = new RenderPool({ size: 2 });
    await pool.ready();
    await pool.close();
    await expect(pool.render(request('Too late'))).rejects.toThrow('shut down');
  });

  it('ends idle workers after its idle time and starts them again for the next render', async () => {
    const started: Worker[] = [];
    const createWorker = () => {
      const worker = startRenderWorker();
      started.push(worker);
      return worker;
    };
    const pool = new RenderPool({ size: 1, idleMs: 50, createWorker });
    try {
      await pool.render(request('Before the pause'));
      const first = started[0] as Worker;
      await new Promise((resolve) => first.once('exit', resolve));
      expect(pool.workers).toBe(0);
      expect(pool.releases).toBe(1);
      const png = PNG.sync.read(Buffer.from((await pool.render(request('After the pause'))).png));
      expect(png.width).toBe(512);
      expect(started).toHaveLength(2);
      expect(pool.restarts).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
