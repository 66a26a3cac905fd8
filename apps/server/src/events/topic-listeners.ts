import { EventEmitter } from 'node:events';
import type { BusEvent, Unsubscribe } from './event-bus.ts';

/**
 * The local side of a networked event bus: handlers per topic in this process, and a hook that
 * tells the bus when the first handler of a topic arrives or the last one leaves, so it listens
 * remotely only to topics someone here cares about.
 */
export class TopicListeners {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly onFirst: (topic: string) => void,
    private readonly onLast: (topic: string) => void,
  ) {}

  add(topic: string, handler: (event: BusEvent) => void): Unsubscribe {
    if (this.emitter.listenerCount(topic) === 0) this.onFirst(topic);
    this.emitter.on(topic, handler);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.emitter.off(topic, handler);
      if (this.emitter.listenerCount(topic) === 0) this.onLast(topic);
    };
  }

  deliver(topic: string, event: BusEvent): void {
    this.emitter.emit(topic, event);
  }

  has(topic: string): boolean {
    return this.emitter.listenerCount(topic) > 0;
  }

  clear(): void {
    this.emitter.removeAllListeners();
  }
}
