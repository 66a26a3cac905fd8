import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { createPostgresDatabase, drivers } from '../../test/harness.ts';
import { redisAvailable, TEST_REDIS_URL } from '../../test/redis.ts';
import { openDatabase } from '../db/database.ts';
import { jobs } from '../db/schema.ts';
import { MemoryEventBus } from '../events/event-bus.ts';
import { BullmqQueue } from './bullmq-queue.ts';
import { describeQueueCompliance } from './queue.compliance.ts';

const withRedis = await redisAvailable();

const DELETE_IF_HELD = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

for (const driver of withRedis ? drivers : []) {
  describeQueueCompliance(`BullMQ with records on ${driver}`, async ({ concurrency, leaseMs }) => {
    const pgdb = driver === 'postgres' ? await createPostgresDatabase() : undefined;
    const database = await openDatabase({ url: pgdb?.url, dataDir: 'memory' });
    await database.migrate();
    const events = new MemoryEventBus();
    // Redis is shared with other tests: every queue here has keys of its own.
    const prefix = `vx-test-${randomBytes(6).toString('hex')}`;
    const worker = () =>
      new BullmqQueue({
        database,
        events,
        logger: pino({ level: 'silent' }),
        redisUrl: TEST_REDIS_URL,
        prefix,
        concurrency,
        leaseMs,
        stalledIntervalMs: Math.min(leaseMs, 250),
        sweepMs: 200,
      });
    const queue = worker();
    const redis = new Redis(TEST_REDIS_URL);
    const others: BullmqQueue[] = [];
    return {
      queue,
      events,
      database,
      async anotherWorker() {
        const another = worker();
        others.push(another);
        return another;
      },
      async expireLease(jobId, attempt) {
        // BullMQ's lock is a key holding the run's token, with a time to live: it runs out now,
        // unless the key already holds another run's token.
        const [record] = await database.db
          .select({ token: jobs.lockedBy })
          .from(jobs)
          .where(and(eq(jobs.id, jobId), eq(jobs.attempts, attempt), eq(jobs.status, 'running')));
        if (!record?.token) return;
        for (const key of await redis.keys(`${prefix}:jobs:*:lock`))
          await redis.eval(DELETE_IF_HELD, 1, key, record.token);
      },
      async close() {
        await Promise.all(others.map((o) => o.stop(100)));
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length) await redis.del(...keys);
        redis.disconnect();
        await events.close();
        await database.close();
        await pgdb?.drop();
      },
    };
  });
}
