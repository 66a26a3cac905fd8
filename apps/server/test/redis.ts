import { Redis } from 'ioredis';

/** The Redis server the scale-out tests use (CI machines run one). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers. Without it the Redis legs are skipped with a notice; on CI (`CI=true`) a
 * missing server is an error instead.
 */
export async function redisAvailable(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch (err) {
    if (process.env.CI === 'true')
      throw new Error(`Redis is not reachable at ${TEST_REDIS_URL} on CI: ${String(err)}`);
    console.warn(`\n  NOTICE: Redis is not reachable at ${TEST_REDIS_URL}; the Redis leg is skipped.\n`);
    return false;
  } finally {
    client.disconnect();
  }
}

/** Deletes every key under `prefix` (what a test's queue and limiter left on the shared server). */
export async function removeRedisKeys(prefix: string): Promise<void> {
  const client = new Redis(TEST_REDIS_URL);
  try {
    const keys = await client.keys(`${prefix}:*`);
    if (keys.length) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}
