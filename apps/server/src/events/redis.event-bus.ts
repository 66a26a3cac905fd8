import { Redis } from 'ioredis';
import type { BusEvent, EventBus, Unsubscribe } from './event-bus.ts';
import { TopicListeners } from './topic-listeners.ts';

/** Redis channels are shared by everything on the server: ours carry this prefix. */
const DEFAULT_PREFIX = 'voxpress:event:';

/**
 * Events between processes through Redis pub/sub: one connection publishes, one subscribes to the
 * topics this process has handlers for. At-most-once like every bus here: a stream that misses an
 * event re-reads the state from the database.
 */
export class RedisEventBus implements EventBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners: TopicListeners;

  constructor(
    url: string,
    onError: (error: Error) => void = () => {},
    private readonly prefix = DEFAULT_PREFIX,
  ) {
    // Commands made while Redis is away wait for the reconnect instead of failing the caller.
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
    // No ready check on the subscriber: it is an INFO command, which Redis refuses once the
    // connection has subscribed, so subscriptions made before the first connect (at start-up)
    // would fail the check and cost a reconnect, dropping events meanwhile.
    this.subscriber = new Redis(url, {
      lazyConnect: false,
      maxRetriesPerRequest: null,
      enableReadyCheck: false,
    });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (channel: string, message: string) => {
      const topic = channel.slice(this.prefix.length);
      if (!this.listeners.has(topic)) return;
      try {
        this.listeners.deliver(topic, JSON.parse(message) as BusEvent);
      } catch (err) {
        onError(err as Error);
      }
    });
    this.listeners = new TopicListeners(
      (topic) => void this.subscriber.subscribe(this.prefix + topic).catch(onError),
      (topic) => void this.subscriber.unsubscribe(this.prefix + topic).catch(onError),
    );
  }

  /** Resolves once both connections are ready (tests; production just starts using the bus). */
  async ready(): Promise<void> {
    await Promise.all([this.publisher.ping(), this.subscriber.ping()]);
  }

  async publish(topic: string, event: BusEvent): Promise<void> {
    await this.publisher.publish(this.prefix + topic, JSON.stringify(event));
  }

  subscribe(topic: string, handler: (event: BusEvent) => void): Unsubscribe {
    return this.listeners.add(topic, handler);
  }

  /**
   * Resolves when Redis has confirmed every subscription asked for so far: a command on the
   * subscriber connection is answered only after the ones before it.
   */
  async settled(): Promise<void> {
    await this.subscriber.call('ping');
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}
