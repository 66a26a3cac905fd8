import pg from 'pg';
import type { BusEvent, EventBus, Unsubscribe } from './event-bus.ts';
import { TopicListeners } from './topic-listeners.ts';

/** One channel for all topics; each process keeps the topics it has handlers for. */
const CHANNEL = 'voxpress_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;

/**
 * Events between processes through PostgreSQL `LISTEN/NOTIFY`, for scale-out without Redis. A
 * dedicated connection listens (and comes back after the server restarts); a small pool notifies.
 * An event too large for a notification travels as its type alone: listeners then re-read the
 * state, as they do for any event they missed.
 */
export class PostgresEventBus implements EventBus {
  private readonly pool: pg.Pool;
  private readonly listeners = new TopicListeners(
    () => {},
    () => {},
  );
  private listener: pg.Client | undefined;
  private listening: Promise<void>;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly onError: (error: Error) => void = () => {},
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: 2 });
    this.pool.on('error', onError);
    this.listening = this.listen();
  }

  /**
   * Connects the listening client. Never rejects: a failed attempt (the server is down, or the bus
   * closed while connecting) is reported and retried, so no caller is left with an unhandled error.
   */
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', (err) => {
      this.onError(err);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    this.listener = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (err) {
      if (this.closed) return;
      this.onError(err as Error);
      this.reconnect(client);
    }
  }

  /** Drops a broken listening client and connects a new one shortly (once per client). */
  private reconnect(client: pg.Client): void {
    if (this.closed || this.listener !== client) return;
    this.listener = undefined;
    client.end().catch(() => {});
    setTimeout(() => {
      if (!this.closed) this.listening = this.listen();
    }, RECONNECT_MS).unref();
  }

  private receive(payload: string | undefined): void {
    if (!payload) return;
    try {
      const { topic, event } = JSON.parse(payload) as { topic: string; event: BusEvent };
      this.listeners.deliver(topic, event);
    } catch (err) {
      this.onError(err as Error);
    }
  }

  async publish(topic: string, event: BusEvent): Promise<void> {
    let payload = JSON.stringify({ topic, event });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD)
      payload = JSON.stringify({ topic, event: { type: event.type } });
    await this.pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
  }

  subscribe(topic: string, handler: (event: BusEvent) => void): Unsubscribe {
    return this.listeners.add(topic, handler);
  }

  async settled(): Promise<void> {
    await this.listening;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    const client = this.listener;
    this.listener = undefined;
    await Promise.allSettled([client?.end(), this.pool.end()]);
  }
}
