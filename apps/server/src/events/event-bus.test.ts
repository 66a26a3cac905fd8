import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, drivers } from '../../test/harness.ts';
import { redisAvailable, TEST_REDIS_URL } from '../../test/redis.ts';
import { describeEventBusCompliance } from './event-bus.compliance.ts';
import { type BusEvent, MemoryEventBus } from './event-bus.ts';
import { PostgresEventBus } from './postgres.event-bus.ts';
import { RedisEventBus } from './redis.event-bus.ts';

describeEventBusCompliance(
  'memory',
  async () => {
    const a = new MemoryEventBus();
    const b = new MemoryEventBus();
    return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
  },
  false,
);

if (drivers.includes('postgres')) {
  describeEventBusCompliance(
    'postgres LISTEN/NOTIFY',
    async () => {
      const db = await createPostgresDatabase();
      const a = new PostgresEventBus(db.url);
      const b = new PostgresEventBus(db.url);
      return {
        a,
        b,
        async close() {
          await Promise.all([a.close(), b.close()]);
          await db.drop();
        },
      };
    },
    true,
  );

  describe('postgres event bus', () => {
    it('closes while still connecting without an unhandled error, and reports a server it cannot reach', async () => {
      const db = await createPostgresDatabase();
      try {
        // Closed before its listening connection is up: the attempt ends quietly.
        for (let i = 0; i < 5; i++) await new PostgresEventBus(db.url).close();
      } finally {
        await db.drop();
      }
      const errors: Error[] = [];
      const unreachable = new PostgresEventBus('postgres://postgres@127.0.0.1:1/none', (e) => errors.push(e));
      try {
        await expect.poll(() => errors.length, { timeout: 5000, interval: 10 }).toBeGreaterThan(0);
      } finally {
        await unreachable.close();
      }
    });

    it('sends an event too large for a notification as its type alone, so listeners still look', async () => {
      const db = await createPostgresDatabase();
      const a = new PostgresEventBus(db.url);
      const b = new PostgresEventBus(db.url);
      try {
        const got: BusEvent[] = [];
        b.subscribe('audio:big', (e) => got.push(e));
        await b.settled();
        await a.publish('audio:big', { type: 'status', text: 'x'.repeat(10_000) });
        await expect.poll(() => got.length, { timeout: 5000, interval: 10 }).toBe(1);
        expect(got[0]).toEqual({ type: 'status' });
      } finally {
        await Promise.all([a.close(), b.close()]);
        await db.drop();
      }
    });
  });
}

if (await redisAvailable()) {
  describeEventBusCompliance(
    'redis pub/sub',
    async () => {
      // A prefix of its own keeps parallel test runs on the same Redis apart.
      const prefix = `voxpress-test:${randomBytes(6).toString('hex')}:`;
      const a = new RedisEventBus(TEST_REDIS_URL, undefined, prefix);
      const b = new RedisEventBus(TEST_REDIS_URL, undefined, prefix);
      return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
    },
    true,
  );
}
