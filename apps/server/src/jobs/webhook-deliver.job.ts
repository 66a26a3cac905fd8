import { z } from 'zod';
import type { JobDefinition } from '../queue/queue.ts';
import {
  WEBHOOK_ATTEMPTS,
  WEBHOOK_JOB,
  type WebhookService,
  webhookBackoff,
} from '../services/webhooks/webhook.service.ts';

/** One attempt at delivering one event to one webhook; retried with growing waits. */
export function webhookDeliverJob(
  service: WebhookService,
): JobDefinition<{ deliveryId: string }, { status: number }> {
  return {
    name: WEBHOOK_JOB,
    payload: z.object({ deliveryId: z.uuid() }),
    maxAttempts: WEBHOOK_ATTEMPTS,
    timeoutMs: 60_000,
    backoffMs: webhookBackoff,
    handler: (job) => service.deliver(job),
  };
}
