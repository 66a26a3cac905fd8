import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import { BullmqQueue } from './bullmq-queue.ts';
import { EmbeddedQueue } from './embedded-queue.ts';
import type { Queue } from './queue.ts';

/**
 * The queue for this configuration: BullMQ on Redis when `REDIS_URL` is set (many workers, Redis
 * schedules), else the embedded queue in the database (one process, or several on PostgreSQL).
 * Job records live in the database either way.
 */
export function createQueue(
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'jobs'>,
  deps: { database: Database; events: EventBus; logger: FastifyBaseLogger },
): Queue {
  const settings = { ...deps, concurrency: config.jobs.concurrency, leaseMs: config.jobs.leaseMs };
  if (config.redisUrl)
    return new BullmqQueue({ ...settings, redisUrl: config.redisUrl, prefix: config.redisPrefix });
  return new EmbeddedQueue(settings);
}
