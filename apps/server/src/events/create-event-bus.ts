import type { Logger } from 'pino';
import type { EventBus } from './event-bus.ts';
import { MemoryEventBus } from './event-bus.ts';
import { PostgresEventBus } from './postgres.event-bus.ts';
import { RedisEventBus } from './redis.event-bus.ts';

/**
 * The event bus for this configuration: Redis pub/sub when `REDIS_URL` is set, PostgreSQL
 * `LISTEN/NOTIFY` when only `DATABASE_URL` is (processes share the server), else in memory (the
 * embedded mode has one process).
 */
export function createEventBus(
  settings: { redisUrl?: string | undefined; redisPrefix?: string; databaseUrl?: string | undefined },
  logger: Pick<Logger, 'warn'>,
): EventBus {
  const onError = (err: Error) => logger.warn({ err }, 'event bus connection problem');
  if (settings.redisUrl)
    return new RedisEventBus(settings.redisUrl, onError, `${settings.redisPrefix ?? 'voxpress'}:event:`);
  if (settings.databaseUrl) return new PostgresEventBus(settings.databaseUrl, onError);
  return new MemoryEventBus();
}
