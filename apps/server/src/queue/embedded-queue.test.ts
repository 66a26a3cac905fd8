import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { createPostgresDatabase, drivers } from '../../test/harness.ts';
import { openDatabase } from '../db/database.ts';
import { jobs } from '../db/schema.ts';
import { MemoryEventBus } from '../events/event-bus.ts';
import { EmbeddedQueue } from './embedded-queue.ts';
import { describeQueueCompliance } from './queue.compliance.ts';

for (const driver of drivers) {
  describeQueueCompliance(`embedded on ${driver}`, async ({ concurrency, leaseMs }) => {
    const pgdb = driver === 'postgres' ? await createPostgresDatabase() : undefined;
    const database = await openDatabase({ url: pgdb?.url, dataDir: 'memory' });
    await database.migrate();
    const events = new MemoryEventBus();
    const worker = () =>
      new EmbeddedQueue({
        database,
        events,
        logger: pino({ level: 'silent' }),
        concurrency,
        leaseMs,
        pollMs: 50,
      });
    const queue = worker();
    return {
      queue,
      events,
      database,
      anotherWorker: async () => worker(),
      async expireLease(jobId, attempt) {
        await database.db
          .update(jobs)
          .set({ lockedUntil: new Date(Date.now() - 1000) })
          .where(and(eq(jobs.id, jobId), eq(jobs.attempts, attempt), eq(jobs.status, 'running')));
      },
      async close() {
        await events.close();
        await database.close();
        await pgdb?.drop();
      },
    };
  });
}
