import { EventEmitter } from 'node:events';

export type BusEvent = Record<string, unknown> & { type: string };
export type Unsubscribe = () => void;

/**
 * Publish/subscribe between parts of the server (and, in scale-out mode, between processes).
 * Topics are plain strings such as `job:<id>` or `audio:<id>`. Delivery is at-most-once and live
 * only: durable state lives in the database, events only tell listeners to look.
 */
export interface EventBus {
  publish(topic: string, event: BusEvent): Promise<void>;
  subscribe(topic: string, handler: (event: BusEvent) => void): Unsubscribe;
  /**
   * Resolves once the subscriptions made so far receive events. A reader subscribes, awaits this,
   * then reads the state, so no change falls between the read and the first event.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The embedded event bus: one process, in memory. */
export class MemoryEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(topic: string, event: BusEvent): Promise<void> {
    this.emitter.emit(topic, event);
  }

  subscribe(topic: string, handler: (event: BusEvent) => void): Unsubscribe {
    this.emitter.on(topic, handler);
    return () => this.emitter.off(topic, handler);
  }

  async settled(): Promise<void> {}

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
