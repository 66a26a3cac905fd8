import pino from 'pino';
import { z } from 'zod';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { MemoryEventBus } from '../../apps/server/src/events/event-bus.ts';
import { EmbeddedQueue } from '../../apps/server/src/queue/embedded-queue.ts';
import { defineJob, handleJob } from '../../apps/server/src/queue/queue.ts';

/** Throughput and latency of the embedded queue on PGlite: enqueue N no-op jobs and run them all. */
export async function queueBenchmark(): Promise<Record<string, string | number>> {
  const jobs = 500;
  const database = await openDatabase({ dataDir: 'memory' });
  await database.migrate();
  const events = new MemoryEventBus();
  const queue = new EmbeddedQueue({
    database,
    events,
    logger: pino({ level: 'silent' }),
    concurrency: 4,
    leaseMs: 30_000,
  });
  let done = 0;
  let resolveAll: () => void = () => {};
  const all = new Promise<void>((r) => {
    resolveAll = r;
  });
  const noop = defineJob({ name: 'noop', payload: z.object({ i: z.number() }) });
  queue.register(handleJob(noop, async () => null));
  events.subscribe('jobs', (e) => {
    if (e.type === 'job.completed' && ++done === jobs) resolveAll();
  });
  const t0 = performance.now();
  for (let i = 0; i < jobs; i++) await queue.enqueue(noop, { i });
  const t1 = performance.now();
  await queue.start();
  await all;
  const t2 = performance.now();
  await queue.stop();
  await database.close();
  return {
    jobs: jobs,
    'enqueue, per job (ms)': ((t1 - t0) / jobs).toFixed(2),
    'run to completion, jobs/s': Math.round(jobs / ((t2 - t1) / 1000)),
  };
}
