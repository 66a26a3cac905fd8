import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import {
  defineJob,
  handleJob,
  JobCancelledError,
  type JobContext,
  type JobEvent,
  type JobKind,
  LeaseLostError,
  PermanentJobError,
  type Queue,
  WorkerStoppingError,
} from './queue.ts';

export interface QueueUnderTest {
  queue: Queue;
  events: EventBus;
  database: Database;
  /** A second worker process on the same storage, unstarted. */
  anotherWorker(): Promise<Queue>;
  /**
   * Lets the lease of run number `attempt` of job `jobId` run out now, as when its worker stalls
   * or is cut off; does nothing once another run holds the job.
   */
  expireLease(jobId: string, attempt: number): Promise<void>;
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

/** Registers a job kind with its handler on `queue` and hands back the kind, to enqueue it by. */
function registered<S extends z.ZodType, R>(
  queue: Queue,
  definition: JobKind<S> & { handler(ctx: JobContext<z.output<S>>): Promise<R> },
): JobKind<S> {
  const { handler, ...kind } = definition;
  const job = defineJob(kind);
  queue.register(handleJob(job, handler));
  return job;
}

/**
 * The behaviour every `Queue` implementation must show. Run it against each implementation with a
 * factory that makes a fresh, unstarted queue on clean storage.
 */
export function describeQueueCompliance(
  label: string,
  make: (options: { concurrency: number; leaseMs: number }) => Promise<QueueUnderTest>,
): void {
  describe(`Queue compliance: ${label}`, () => {
    let current: QueueUnderTest | undefined;
    afterEach(async () => {
      await current?.queue.stop(100);
      await current?.close();
      current = undefined;
    });
    const setup = async (concurrency = 2, leaseMs = 5000) => {
      current = await make({ concurrency, leaseMs });
      return current;
    };
    const finished = (q: Queue, id: string) =>
      waitFor(
        () => q.get(id),
        (j) => j?.status === 'completed' || j?.status === 'failed',
      );

    it('runs a job, records its result and publishes progress in order', async () => {
      const { queue, events } = await setup();
      const square = registered(queue, {
        name: 'square',
        payload: z.object({ n: z.number() }),
        async handler({ payload, progress }) {
          await progress(50, 'half way');
          return { square: payload.n * payload.n };
        },
      });
      const { id } = await queue.enqueue(
        square,
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
      const typed = registered(queue, {
        name: 'typed',
        payload: z.object({ n: z.number() }),
        handler: async () => null,
      });
      // @ts-expect-error the type check refuses a payload its schema does not describe; the queue does too
      await expect(queue.enqueue(typed, { n: 'seven' })).rejects.toThrow();
      const nope = defineJob({ name: 'nope', payload: z.object({}) });
      await expect(queue.enqueue(nope, {})).rejects.toThrow(/Unknown job/);
    });

    it('retries a failing job with growing backoff, then succeeds', async () => {
      const { queue, events } = await setup();
      const runs: number[] = [];
      const flaky = registered(queue, {
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
      const { id } = await queue.enqueue(flaky, {});
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
      const broken = registered(queue, {
        name: 'broken',
        payload: z.object({}),
        maxAttempts: 2,
        backoffMs: () => 10,
        async handler() {
          throw new Error('disk on fire');
        },
      });
      const { id } = await queue.enqueue(broken, {});
      await queue.start();
      expect(await finished(queue, id)).toMatchObject({
        status: 'failed',
        attempts: 2,
        error: 'disk on fire',
      });
    });

    it('does not retry a permanent error', async () => {
      const { queue } = await setup();
      const badInput = registered(queue, {
        name: 'bad-input',
        payload: z.object({}),
        maxAttempts: 5,
        async handler() {
          throw new PermanentJobError('The audio file is empty');
        },
      });
      const { id } = await queue.enqueue(badInput, {});
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
      const slow = registered(queue, {
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
      const { id } = await queue.enqueue(slow, {});
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
      const busy = registered(queue, {
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
      const ids = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => queue.enqueue(busy, { i })));
      await queue.start();
      for (const { id } of ids) await finished(queue, id);
      expect(peak).toBe(2);
    });

    it('holds a delayed job until it is due', async () => {
      const { queue } = await setup();
      let ranAt = 0;
      const later = registered(queue, {
        name: 'later',
        payload: z.object({}),
        async handler() {
          ranAt = Date.now();
          return null;
        },
      });
      await queue.start();
      const enqueuedAt = Date.now();
      const { id } = await queue.enqueue(later, {}, { delayMs: 700 });
      await finished(queue, id);
      expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(650);
    });

    it('keeps the last progress on the stored job while it runs', async () => {
      const { queue } = await setup();
      let release: () => void = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const long = registered(queue, {
        name: 'long',
        payload: z.object({}),
        async handler({ progress }) {
          await progress(42, 'decoding');
          await gate;
          return null;
        },
      });
      const { id } = await queue.enqueue(long, {});
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
      const { queue, anotherWorker, expireLease } = await setup(1);
      const second = await anotherWorker();
      const stored: number[] = [];
      const refused: unknown[] = [];
      const started: number[] = [];
      let firstAborted: unknown;
      let releaseFirst: () => void = () => {};
      const firstBlocked = new Promise<void>((r) => {
        releaseFirst = r;
      });
      // Both workers know the job; whichever takes it over runs it as attempt 2.
      const exclusive = defineJob({ name: 'exclusive', payload: z.object({}), maxAttempts: 3 });
      const definition = handleJob(exclusive, async ({ attempt, signal, commit }) => {
        started.push(attempt);
        if (attempt === 1) {
          signal.addEventListener('abort', () => {
            firstAborted = signal.reason;
          });
          await firstBlocked;
        }
        // Every run tries to store its outcome; only the one holding the lease may.
        return commit(async () => {
          stored.push(attempt);
          return { by: attempt };
        }).catch((err: unknown) => {
          refused.push(err);
          throw err;
        });
      });
      queue.register(definition);
      second.register(definition);
      const { id } = await queue.enqueue(exclusive, {});
      await queue.start();
      await waitFor(
        async () => started,
        (s) => s.includes(1),
      );
      await second.start();
      // The first run stalls: its lease runs out (again, should a heartbeat renew it meanwhile)
      // until it learns it lost the lease: its signal aborts with a LeaseLostError.
      await waitFor(
        async () => {
          if (!firstAborted) await expireLease(id, 1);
          return firstAborted;
        },
        (reason) => reason instanceof LeaseLostError,
      );
      const job = await finished(second, id);
      expect(job).toMatchObject({ status: 'completed', result: { by: 2 }, attempts: 2 });
      // A run that goes on regardless is refused when it tries to store its result.
      releaseFirst();
      await waitFor(
        async () => refused.length,
        (n) => n === 1,
      );
      expect(refused[0]).toBeInstanceOf(LeaseLostError);
      expect(stored).toEqual([2]);
      expect(await queue.get(id)).toMatchObject({ status: 'completed', result: { by: 2 } });
      await second.stop(100);
    });

    it('cancels a queued job: it never runs', async () => {
      const { queue } = await setup();
      const ran: string[] = [];
      const errand = registered(queue, {
        name: 'errand',
        payload: z.object({ what: z.string() }),
        async handler({ payload }) {
          ran.push(payload.what);
          return null;
        },
      });
      const { id } = await queue.enqueue(errand, { what: 'cancelled' });
      expect(await queue.cancel(id)).toBe(true);
      const { id: other } = await queue.enqueue(errand, { what: 'kept' });
      await queue.start();
      await finished(queue, other);
      expect(ran).toEqual(['kept']);
      expect(await queue.get(id)).toMatchObject({ status: 'cancelled' });
      expect(await queue.cancel(id)).toBe(false);
      expect(await queue.cancel(other)).toBe(false);
    });

    it('cancels a running job: its signal aborts and nothing it stores afterwards is kept', async () => {
      const { queue } = await setup();
      let reason: unknown;
      let refusedWith: unknown;
      let stored = false;
      const abortable = registered(queue, {
        name: 'abortable',
        payload: z.object({}),
        async handler({ signal, commit }) {
          await new Promise<void>((resolve) =>
            signal.addEventListener('abort', () => resolve(), { once: true }),
          );
          reason = signal.reason;
          await commit(async () => {
            stored = true;
          }).catch((err: unknown) => {
            refusedWith = err;
          });
          return 'finished anyway';
        },
      });
      const { id } = await queue.enqueue(abortable, {});
      await queue.start();
      await waitFor(
        () => queue.get(id),
        (j) => j?.status === 'running',
      );
      expect(await queue.cancel(id)).toBe(true);
      await waitFor(
        async () => refusedWith,
        (e) => e !== undefined,
      );
      expect(reason).toBeInstanceOf(JobCancelledError);
      expect(refusedWith).toBeInstanceOf(JobCancelledError);
      expect(stored).toBe(false);
      expect(await queue.get(id)).toMatchObject({ status: 'cancelled', result: null });
    });

    it("enqueues inside the caller's transaction: the job exists exactly when the transaction commits", async () => {
      const { queue, database } = await setup();
      const ran: string[] = [];
      const afterCommit = registered(queue, {
        name: 'after-commit',
        payload: z.object({ what: z.string() }),
        async handler({ payload }) {
          ran.push(payload.what);
          return payload.what;
        },
      });
      await queue.start();
      let rolledBack = '';
      await database.db
        .transaction(async (tx) => {
          rolledBack = (await queue.enqueue(afterCommit, { what: 'rolled back' }, { tx })).id;
          throw new Error('the caller changes its mind');
        })
        .catch(() => {});
      const committed = await database.db.transaction(
        async (tx) => (await queue.enqueue(afterCommit, { what: 'committed' }, { tx })).id,
      );
      queue.wake();
      expect(await finished(queue, committed)).toMatchObject({ status: 'completed', result: 'committed' });
      expect(await queue.get(rolledBack)).toBeNull();
      expect(ran).toEqual(['committed']);
    });

    it('finishes a running job within the grace period when stopping', async () => {
      const { queue } = await setup();
      let release: () => void = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const almostDone = registered(queue, {
        name: 'almost-done',
        payload: z.object({}),
        async handler({ progress }) {
          await progress(90, 'nearly there');
          await gate;
          return 'done';
        },
      });
      const { id } = await queue.enqueue(almostDone, {});
      await queue.start();
      await waitFor(
        () => queue.get(id),
        (j) => j?.progress === 90,
      );
      const stopping = queue.stop(15_000);
      release();
      await stopping;
      expect(await queue.get(id)).toMatchObject({ status: 'completed', result: 'done', attempts: 1 });
    });

    it('hands a job back when stopping, so another worker takes it at once', async () => {
      // A lease far longer than the test: the job can only move by being handed back.
      const { queue, anotherWorker } = await setup(1, 120_000);
      const second = await anotherWorker();
      const runs: { worker: string; attempt: number; reason?: unknown }[] = [];
      const handedBack = defineJob({ name: 'handed-back', payload: z.object({}) });
      const definition = (worker: string) =>
        handleJob(handedBack, async ({ attempt, signal }) => {
          const run: (typeof runs)[number] = { worker, attempt };
          runs.push(run);
          if (worker === 'second') return { by: worker };
          await new Promise<void>((resolve) =>
            signal.addEventListener('abort', () => resolve(), { once: true }),
          );
          run.reason = signal.reason;
          throw signal.reason;
        });
      queue.register(definition('first'));
      second.register(definition('second'));
      const { id } = await queue.enqueue(handedBack, {});
      await queue.start();
      await waitFor(
        async () => runs.length,
        (n) => n === 1,
      );
      await second.start();
      await queue.stop(100);
      const job = await finished(second, id);
      expect(job).toMatchObject({ status: 'completed', result: { by: 'second' }, attempts: 1 });
      expect(runs).toMatchObject([
        { worker: 'first', attempt: 1 },
        { worker: 'second', attempt: 1 },
      ]);
      expect(runs[0]?.reason).toBeInstanceOf(WorkerStoppingError);
      await second.stop(100);
    });

    it('runs a failed job again when asked', async () => {
      const { queue } = await setup();
      let healthy = false;
      const fixable = registered(queue, {
        name: 'fixable',
        payload: z.object({}),
        maxAttempts: 2,
        backoffMs: () => 10,
        async handler() {
          if (!healthy) throw new Error('engine missing');
          return 'fixed';
        },
      });
      const { id } = await queue.enqueue(fixable, {});
      await queue.start();
      expect(await finished(queue, id)).toMatchObject({
        status: 'failed',
        attempts: 2,
        error: 'engine missing',
      });
      healthy = true;
      expect(await queue.retry(id)).toBe(true);
      expect(await finished(queue, id)).toMatchObject({
        status: 'completed',
        attempts: 1,
        result: 'fixed',
        error: null,
      });
      expect(await queue.retry(id)).toBe(false);
    });

    it("takes turns between owners: one user's backlog does not hold back another user's job", async () => {
      const { queue } = await setup(1);
      const ada = '00000000-0000-4000-8000-00000000000a';
      const bob = '00000000-0000-4000-8000-00000000000b';
      const started: string[] = [];
      const turns = registered(queue, {
        name: 'turns',
        payload: z.object({ label: z.string() }),
        async handler({ payload }) {
          started.push(payload.label);
          return null;
        },
      });
      const ids: string[] = [];
      for (let i = 1; i <= 6; i++)
        ids.push((await queue.enqueue(turns, { label: `ada ${i}` }, { ownerId: ada })).id);
      ids.push((await queue.enqueue(turns, { label: 'bob 1' }, { ownerId: bob })).id);
      await queue.start();
      for (const id of ids) await finished(queue, id);
      // Bob's one job goes as soon as a worker is free, not after Ada's five others.
      expect(started.indexOf('bob 1')).toBeLessThanOrEqual(1);
      expect(started.filter((l) => l.startsWith('ada'))).toEqual([
        'ada 1',
        'ada 2',
        'ada 3',
        'ada 4',
        'ada 5',
        'ada 6',
      ]);
    });

    it("takes turns with an owner whose job is already running, and keeps each owner's priorities", async () => {
      const { queue } = await setup(1);
      const ada = '00000000-0000-4000-8000-00000000000a';
      const bob = '00000000-0000-4000-8000-00000000000b';
      const started: string[] = [];
      let release: () => void = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const turns = registered(queue, {
        name: 'turns',
        payload: z.object({ label: z.string() }),
        async handler({ payload }) {
          started.push(payload.label);
          if (payload.label === 'ada long') await gate;
          return null;
        },
      });
      const ids = [(await queue.enqueue(turns, { label: 'ada long' }, { ownerId: ada })).id];
      await queue.start();
      await waitFor(
        async () => started,
        (s) => s.includes('ada long'),
      );
      // While Ada's long job holds the only worker, she queues more, then Bob one, then Ada an urgent one.
      for (let i = 1; i <= 4; i++)
        ids.push((await queue.enqueue(turns, { label: `ada ${i}` }, { ownerId: ada })).id);
      ids.push((await queue.enqueue(turns, { label: 'bob 1' }, { ownerId: bob })).id);
      ids.push((await queue.enqueue(turns, { label: 'ada urgent' }, { ownerId: ada, priority: 5 })).id);
      release();
      for (const id of ids) await finished(queue, id);
      expect(started[0]).toBe('ada long');
      expect(started[1]).toBe('bob 1');
      expect(started.slice(2)).toEqual(['ada urgent', 'ada 1', 'ada 2', 'ada 3', 'ada 4']);
    });

    it('stores a commit and the job completion together', async () => {
      const { queue } = await setup();
      const commits = registered(queue, {
        name: 'commits',
        payload: z.object({}),
        handler: ({ commit }) => commit(async () => ({ stored: true })),
      });
      const { id } = await queue.enqueue(commits, {});
      await queue.start();
      expect(await finished(queue, id)).toMatchObject({
        status: 'completed',
        result: { stored: true },
        progress: 100,
      });
    });
  });
}
