import { randomUUID } from 'node:crypto';
import type {
  Webhook,
  WebhookCreate,
  WebhookCreated,
  WebhookDelivery,
  WebhookPayload,
  zWebhookCreate,
} from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { AttemptRecord } from '../../db/json-columns.ts';
import type { WebhookEmitter, WebhookEvent } from '../../events/completion-events.ts';
import { webhookDeliverJob } from '../../jobs/webhook-deliver.job.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import {
  ForbiddenDestinationError,
  type GuardedFetch,
  OutboundRequestError,
} from '../../net/guarded-fetch.ts';
import type { JobContext, JobPayload, Queue } from '../../queue/queue.ts';
import { PublishingRepository, type WebhookRow } from '../../repositories/publishing.repository.ts';
import { newWebhookSecret, SIGNATURE_HEADER, signWebhook } from './webhook-signature.ts';

/**
 * Webhooks: addresses that receive a signed JSON event when a transcript, a piece of content or
 * an image set completes. `emit` is the one place events enter: it runs inside the transaction
 * that completes the work, so an event is queued exactly when the work is done, once per webhook.
 * Each delivery is a durable job retried with growing waits; every attempt is logged.
 */
export class WebhookService implements WebhookEmitter {
  constructor(
    private readonly deps: {
      repository: PublishingRepository;
      box: SecretBox;
      http: GuardedFetch;
      queue: Queue;
      logger: FastifyBaseLogger;
      now?: () => number;
    },
  ) {}

  async create(userId: string, input: z.output<typeof zWebhookCreate>): Promise<WebhookCreated> {
    try {
      // Resolved now: a name such as `localhost` would be refused at every delivery otherwise.
      await this.deps.http.checkResolved(input.url);
    } catch (err) {
      if (err instanceof ForbiddenDestinationError)
        throw new HttpError(
          422,
          'destination_forbidden',
          'This address is on a private network, which this server does not send events to.',
          { host: err.host },
        );
      throw new HttpError(
        422,
        'bad_request',
        err instanceof Error ? err.message : 'This address cannot be used.',
      );
    }
    const id = randomUUID();
    const secret = newWebhookSecret();
    const row = await this.deps.repository.addWebhook({
      id,
      userId,
      url: input.url,
      events: [...new Set(input.events)],
      description: input.description ?? '',
      secret: this.deps.box.seal(secret, id),
    });
    return { ...toWebhook(row), secret };
  }

  async list(userId: string): Promise<Webhook[]> {
    return (await this.deps.repository.webhooks(userId)).map(toWebhook);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repository.deleteWebhook(userId, id)))
      throw notFound('Webhook not found', 'webhook_not_found');
  }

  async deliveries(userId: string, webhookId: string): Promise<WebhookDelivery[]> {
    const hook = await this.deps.repository.webhook(userId, webhookId);
    if (!hook) throw notFound('Webhook not found', 'webhook_not_found');
    return (await this.deps.repository.deliveries([hook.id], 50)).map((d) => ({
      id: d.id,
      event_id: d.eventId,
      event: d.event,
      attempt: d.attempt,
      status: d.status,
      status_code: d.statusCode,
      error: d.error,
      duration_ms: d.durationMs,
      attempts: d.attempts,
      created_at: d.createdAt.toISOString(),
    }));
  }

  /**
   * Queues `event` for each of the owner's webhooks that want it, in the caller's transaction.
   * Returns how many; the caller wakes the queue once the transaction has committed.
   */
  async emit(tx: Db, event: WebhookEvent): Promise<number> {
    const repository = new PublishingRepository(tx);
    const hooks = await repository.subscribers(event.userId, event.type);
    let queued = 0;
    for (const hook of hooks) {
      const payload: WebhookPayload = {
        id: event.id,
        type: event.type,
        created_at: new Date(this.now()).toISOString(),
        data: event.data,
      };
      const delivery = await repository.addDelivery({
        webhookId: hook.id,
        eventId: event.id,
        event: event.type,
        payload,
      });
      if (!delivery) continue;
      await this.deps.queue.enqueue(
        webhookDeliverJob,
        { deliveryId: delivery.id },
        { ownerId: event.userId, tx },
      );
      queued++;
    }
    return queued;
  }

  /** The job: one attempt at one delivery. Throws to be retried; the last failure is logged as such. */
  async deliver(job: JobContext<JobPayload<typeof webhookDeliverJob>>): Promise<{ status: number }> {
    const repository = this.deps.repository;
    const delivery = await repository.delivery(job.payload.deliveryId);
    if (!delivery) return { status: 0 };
    const hook = await repository.webhookById(delivery.webhookId);
    if (!hook) return { status: 0 };
    const body = JSON.stringify(delivery.payload);
    const started = this.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const res = await this.deps.http.fetch(hook.url, {
        method: 'POST',
        headers: this.headers(hook, delivery.id, delivery.event, body),
        body,
        signal: job.signal,
        timeoutMs: 15_000,
      });
      statusCode = res.status;
      await res.body?.cancel().catch(() => {});
      if (res.status < 200 || res.status >= 300) error = `The address answered ${res.status}`;
    } catch (err) {
      error =
        err instanceof ForbiddenDestinationError
          ? 'The address is on a private network, which this server does not send events to'
          : err instanceof OutboundRequestError
            ? err.message
            : 'The request failed';
    }
    const final = error !== null && job.attempt >= job.maxAttempts;
    const attempt: AttemptRecord = {
      attempt: job.attempt,
      status_code: statusCode,
      error,
      duration_ms: Math.round(this.now() - started),
      at: new Date(started).toISOString(),
    };
    await repository.updateDelivery(delivery.id, {
      attempt: job.attempt,
      status: error === null ? 'delivered' : final ? 'failed' : 'retrying',
      statusCode,
      error,
      durationMs: attempt.duration_ms,
      attempts: [...delivery.attempts, attempt],
    });
    if (error !== null) throw new Error(error);
    return { status: statusCode ?? 0 };
  }

  private headers(hook: WebhookRow, deliveryId: string, event: string, body: string): Record<string, string> {
    const secret = this.deps.box.open(hook.secret, hook.id);
    return {
      'content-type': 'application/json',
      'user-agent': 'Voxpress-Webhooks/1',
      'x-voxpress-event': event,
      'x-voxpress-delivery': deliveryId,
      [SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(this.now() / 1000)),
    };
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    created_at: row.createdAt.toISOString(),
  };
}

export type { WebhookCreate };
