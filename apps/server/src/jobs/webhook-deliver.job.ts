import { z } from 'zod';
import { defineJob } from '../queue/queue.ts';

/**
 * One attempt at delivering one event to one webhook. Six attempts per delivery: the first and
 * five retries, 5 s, 20 s, 80 s, 5 min and 21 min later.
 */
export const webhookDeliverJob = defineJob({
  name: 'webhook.deliver',
  payload: z.object({ deliveryId: z.uuid() }),
  maxAttempts: 6,
  timeoutMs: 60_000,
  backoffMs: (attempt) => 5000 * 4 ** (attempt - 1),
});
