import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusEvent, EventBus } from './event-bus.ts';

/** Two bus instances that stand for two processes sharing the same backend (or one, in memory). */
export interface BusPair {
  a: EventBus;
  b: EventBus;
  close(): Promise<void>;
}

/** Waits until `events` holds `count` items; fails with what arrived when it takes too long. */
async function received(events: BusEvent[], count: number): Promise<void> {
  await expect.poll(() => events.length, { timeout: 5000, interval: 10 }).toBeGreaterThanOrEqual(count);
}

/**
 * What every event bus must do. `shared` says whether the two instances reach each other (a
 * networked bus) or stand alone (the in-memory bus, which is per process).
 */
export function describeEventBusCompliance(name: string, make: () => Promise<BusPair>, shared: boolean) {
  describe(`event bus compliance: ${name}`, () => {
    let pair: BusPair;
    beforeEach(async () => {
      pair = await make();
    });
    afterEach(async () => {
      await pair.close();
    });

    it('delivers an event to every subscriber of its topic, in order, and to no other topic', async () => {
      const first: BusEvent[] = [];
      const second: BusEvent[] = [];
      const other: BusEvent[] = [];
      pair.a.subscribe('audio:1', (e) => first.push(e));
      pair.a.subscribe('audio:1', (e) => second.push(e));
      pair.a.subscribe('audio:2', (e) => other.push(e));
      await pair.a.settled();
      for (let i = 0; i < 5; i++) await pair.a.publish('audio:1', { type: 'progress', n: i });
      await received(first, 5);
      await received(second, 5);
      expect(first.map((e) => e.n)).toEqual([0, 1, 2, 3, 4]);
      expect(second).toEqual(first);
      expect(other).toEqual([]);
    });

    it('keeps the event data as published', async () => {
      const got: BusEvent[] = [];
      pair.a.subscribe('job:x', (e) => got.push(e));
      await pair.a.settled();
      const event = {
        type: 'job.progress',
        progress: 42,
        message: 'Heard 12 s of 30 s – «ok»',
        nested: { a: [1] },
      };
      await pair.a.publish('job:x', event);
      await received(got, 1);
      expect(got[0]).toEqual(event);
    });

    it('stops delivering after unsubscribe, to that handler only', async () => {
      const gone: BusEvent[] = [];
      const kept: BusEvent[] = [];
      const off = pair.a.subscribe('t', (e) => gone.push(e));
      pair.a.subscribe('t', (e) => kept.push(e));
      await pair.a.settled();
      await pair.a.publish('t', { type: 'one' });
      await received(kept, 1);
      off();
      off();
      await pair.a.publish('t', { type: 'two' });
      await received(kept, 2);
      expect(gone.map((e) => e.type)).toEqual(['one']);
    });

    it(
      shared ? 'delivers across instances, as between processes' : 'keeps events inside the instance',
      async () => {
        const onB: BusEvent[] = [];
        const onA: BusEvent[] = [];
        pair.b.subscribe('audio:9', (e) => onB.push(e));
        pair.a.subscribe('audio:9', (e) => onA.push(e));
        await Promise.all([pair.a.settled(), pair.b.settled()]);
        await pair.a.publish('audio:9', { type: 'status', status: 'completed' });
        await received(onA, 1);
        if (shared) {
          await received(onB, 1);
          expect(onB[0]).toEqual({ type: 'status', status: 'completed' });
        } else {
          expect(onB).toEqual([]);
        }
      },
    );
  });
}
