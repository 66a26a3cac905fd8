import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EventBus } from '../events/event-bus.ts';
import { type JobEvent, LeaseLostError, PermanentJobError, type Queue } from './queue.ts';

export interface QueueUnderTest {
  queue: Queue;
  events: EventBus;
  /** A second worker process on the same storage, unstarted. */
  anotherWorker(): Promise<Queue>;
  /** Lets every running job's lease run out now, as when its worker stalls or is cut off. */
  expireLeases(): Promise<void>;
  close(): Promise<void>;
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await sleep(25);
  }
}

/**
 * The behaviour every `Queue` implementation must show. Run it against each implementation with a
 * factory that makes a fresh, unstarted queue on clean storage.
 */
export function describeQueueCompliance(
  label: string,
  make: (options: { concurrency: number }) => Promise<QueueUnderTest>,
): void {
  describe(`Queue compliance: ${label}`, () => {
    let current: QueueUnderTest | undefined;
    afterEach(async () => {
      await current?.queue.stop(100);
      await current?.close();
      current = undefined;
    });
    const setup = async (concurrency = 2) => {
      current = await make({ concurrency });
      return current;
    };
    const finished = (q: Queue, id: string) =>
      waitFor(
        () => q.get(id),
        (j) => j?.status === 'completed' || j?.status === 'failed',
      );

    it('runs a job, records its result and publishes progress in order', async () => {
      const { queue, events } = await setup();
      queue.register({
        name: 'square',
        payload: z.object({ n: z.number() }),
        async handler({ payload, progress }) {
          await progress(50, 'half way');
          return { square: payload.n * payload.n };
        },
      });
      const { id } = await queue.enqueue(
        'square',
        { n: 7 },
        { ownerId: '00000000-0000-4000-8000-000000000001' },
      );
      const seen: JobEvent[] = [];
      events.subscribe(`job:${id}`, (e) => seen.push(e as unknown as JobEvent));
      await queue.start();
      const job = await finished(queue, id);
      expect(job).toMatchObject({
        status: 'completed',
        result: { square: 49 },
        attempts: 1,
        progress: 100,
        ownerId: '00000000-0000-4000-8000-000000000001',
      });
      await waitFor(
        async () => seen.map((e) => e.type),
        (types) => types.includes('job.completed'),
      );
      expect(seen.map((e) => e.type)).toEqual(['job.started', 'job.progress', 'job.completed']);
      expect(seen[1]).toMatchObject({ progress: 50, message: 'half way' });
    });

    it('rejects a payload that does not match the schema, and unknown job names', async () => {
      const { queue } = await setup();
      queue.register({ name: 'typed', payload: z.object({ n: z.number() }), handler: async () => null });
      await expect(queue.enqueue('typed', { n: 'seven' })).rejects.toThrow();
      await expect(queue.enqueue('nope', {})).rejects.toThrow(/Unknown job/);
    });

    it('retries a failing job with growing backoff, then succeeds', async () => {
      const { queue, events } = await setup();
      const runs: number[] = [];
      queue.register({
        name: 'flaky',
        payload: z.object({}),
        maxAttempts: 3,
        backoffMs: (attempt) => attempt * 150,
        async handler({ attempt }) {
          runs.push(Date.now());
          if (attempt < 3) throw new Error(`boom ${attempt}`);
          return 'ok';
        },
      });
      const retries: JobEvent[] = [];
      events.subscribe('jobs', (e) => {
        if (e.type === 'job.retrying') retries.push(e as unknown as JobEvent);
      });
      const { id } = await queue.enqueue('flaky', {});
      await queue.start();
      const job = await finished(queue, id);
      expect(job).toMatchObject({ status: 'completed', attempts: 3, result: 'ok' });
      expect(retries).toMatchObject([
        { attempt: 1, error: 'boom 1', retryInMs: 150 },
        { attempt: 2, error: 'boom 2', retryInMs: 300 },
      ]);
      const [first = 0, second = 0, third = 0] = runs;
      expect(second - first).toBeGreaterThanOrEqual(140);
      expect(third - second).toBeGreaterThanOrEqual(290);
    });

    it('fails a job after its last attempt and keeps the error', async () => {
      const { queue } = await setup();
      queue.register({
        name: 'broken',
        payload: z.object({}),
        maxAttempts: 2,
        backoffMs: () => 10,
        async handler() {
          throw new Error('disk on fire');
        },
      });
      const { id } = await queue.enqueue('broken', {});
      await queue.start();
      expect(await finished(queue, id)).toMatchObject({
        status: 'failed',
        attempts: 2,
        error: 'disk on fire',
      });
    });

    it('does not retry a permanent error', async () => {
      const { queue } = await setup();
      queue.register({
        name: 'bad-input',
        payload: z.object({}),
        maxAttempts: 5,
        async handler() {
          throw new PermanentJobError('The audio file is empty');
        },
      });
      const { id } = await queue.enqueue('bad-input', {});
      await queue.start();
      expect(await finished(queue, id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        error: 'The audio file is empty',
      });
    });

    it('times out a job that runs too long and aborts its signal', async () => {
      const { queue } = await setup();
      let aborted = false;
      queue.register({
        name: 'slow',
        payload: z.object({}),
        maxAttempts: 1,
        timeoutMs: 200,
        async handler({ signal }) {
          signal.addEventListener('abort', () => {
            aborted = true;
          });
          await sleep(5000, undefined, { signal }).catch(() => {});
          return 'too late';
        },
      });
      const { id } = await queue.enqueue('slow', {});
      await queue.start();
      const job = await finished(queue, id);
      expect(job?.status).toBe('failed');
      expect(job?.error).toMatch(/timed out after 200 ms/);
      expect(aborted).toBe(true);
    });

    it('never runs more jobs at once than its concurrency', async () => {
      const { queue } = await setup(2);
      let active = 0;
      let peak = 0;
      queue.register({
        name: 'busy',
        payload: z.object({ i: z.number() }),
        async handler() {
          active++;
          peak = Math.max(peak, active);
          await sleep(120);
          active--;
          return null;
        },
      });
      const ids = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => queue.enqueue('busy', { i })));
      await queue.start();
      for (const { id } of ids) await finished(queue, id);
      expect(peak).toBe(2);
    });

    it('holds a delayed job until it is due', async () => {
      const { queue } = await setup();
      let ranAt = 0;
      queue.register({
        name: 'later',
        payload: z.object({}),
        async handler() {
          ranAt = Date.now();
          return null;
        },
      });
      await queue.start();
      const enqueuedAt = Date.now();
      const { id } = await queue.enqueue('later', {}, { delayMs: 700 });
      await finished(queue, id);
      expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(650);
    });

    it('keeps the last progress on the stored job while it runs', async () => {
      const { queue } = await setup();
      let release: () => void = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      queue.register({
        name: 'long',
        payload: z.object({}),
        async handler({ progress }) {
          await progress(42, 'decoding');
          await gate;
          return null;
        },
      });
      const { id } = await queue.enqueue('long', {});
      await queue.start();
      const mid = await waitFor(
        () => queue.get(id),
        (j) => j?.progress === 42,
      );
      expect(mid).toMatchObject({ status: 'running', progressMessage: 'decoding' });
      release();
      expect(await finished(queue, id)).toMatchObject({ status: 'completed', progress: 100 });
    });

    it('stops a run that lost its lease, and lets only the lease holder store a result', async () => {
      const { queue, anotherWorker, expireLeases } = await setup(1);
      const second = await anotherWorker();
      const stored: string[] = [];
      const refused: unknown[] = [];
      let firstAborted: unknown;
      let secondStarted = false;
      let releaseFirst: () => void = () => {};
      const firstBlocked = new Promise<void>((r) => {
        releaseFirst = r;
      });
      let firstStarted: () => void = () => {};
      const firstRunning = new Promise<void>((r) => {
        firstStarted = r;
      });
      const definition = (who: string) => ({
        name: 'exclusive',
        payload: z.object({}),
        maxAttempts: 3,
        async handler({ signal, commit }: Parameters<Parameters<Queue['register']>[0]['handler']>[0]) {
          if (who === 'second') secondStarted = true;
          if (who === 'first') {
            signal.addEventListener('abort', () => {
              firstAborted = signal.reason;
            });
            firstStarted();
            await firstBlocked;
          }
          // Both runs try to store their outcome; only the one holding the lease may.
          return commit(async () => {
            stored.push(who);
            return { by: who };
          }).catch((err: unknown) => {
            refused.push(err);
            throw err;
          });
        },
      });
      queue.register(definition('first'));
      second.register(definition('second'));
      const { id } = await queue.enqueue('exclusive', {});
      await queue.start();
      await firstRunning;
      await second.start();
      // The first worker stalls: its lease runs out (again, should a heartbeat renew it meanwhile)
      // until the second worker has taken the job over.
      await waitFor(
        async () => {
          await expireLeases();
          return secondStarted;
        },
        (started) => started,
      );
      // The first run learns it lost the lease: its signal aborts with a LeaseLostError.
      await waitFor(
        async () => firstAborted,
        (reason) => reason instanceof LeaseLostError,
      );
      const job = await finished(second, id);
      expect(job).toMatchObject({ status: 'completed', result: { by: 'second' }, attempts: 2 });
      // A run that goes on regardless is refused when it tries to store its result.
      releaseFirst();
      await waitFor(
        async () => refused.length,
        (n) => n === 1,
      );
      expect(refused[0]).toBeInstanceOf(LeaseLostError);
      expect(stored).toEqual(['second']);
      expect(await queue.get(id)).toMatchObject({ status: 'completed', result: { by: 'second' } });
      await second.stop(100);
    });

    it('stores a commit and the job completion together', async () => {
      const { queue } = await setup();
      queue.register({
        name: 'commits',
        payload: z.object({}),
        handler: ({ commit }) => commit(async () => ({ stored: true })),
      });
      const { id } = await queue.enqueue('commits', {});
      await queue.start();
      expect(await finished(queue, id)).toMatchObject({
        status: 'completed',
        result: { stored: true },
        progress: 100,
      });
    });
  });
}
