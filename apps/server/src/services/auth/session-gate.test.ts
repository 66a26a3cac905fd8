import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../../events/event-bus.ts';
import type { SessionState } from '../../repositories/sessions.repository.ts';
import { SESSIONS_TOPIC, SessionGate } from './session-gate.ts';

const USER = '6f1c1d0e-8d5b-4c1e-9f0a-3b2a1c0d9e8f';
const SESSION = '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
const OPEN: SessionState = { accountExists: true, validFromMs: null, sessionOpen: true };

/** A gate over a database stand-in whose answer the test sets, counting how often it is read. */
function setup() {
  const db = { state: OPEN, reads: 0 };
  const clock = { now: 1_000_000 };
  const events = new MemoryEventBus();
  const gate = new SessionGate({
    lookup: async () => {
      db.reads++;
      return db.state;
    },
    events,
    logger: pino({ level: 'silent' }),
    now: () => clock.now,
    ttlMs: 5_000,
  });
  return { db, clock, events, gate };
}

describe('SessionGate', () => {
  it('reads the database once per session while the answer is fresh, then again', async () => {
    const { db, clock, gate } = setup();
    expect(await gate.ended(USER, 0, SESSION)).toBe(false);
    expect(await gate.ended(USER, 0, SESSION)).toBe(false);
    expect(db.reads).toBe(1);
    clock.now += 5_001;
    db.state = { ...OPEN, sessionOpen: false };
    expect(await gate.ended(USER, 0, SESSION)).toBe(true);
    expect(db.reads).toBe(2);
  });

  it('forgets what it read as soon as any process announces ended sessions on the bus', async () => {
    const { db, events, gate } = setup();
    expect(await gate.ended(USER, 0, SESSION)).toBe(false);
    db.state = { ...OPEN, sessionOpen: false };
    // Another process signed the session out: only its announcement arrives here.
    await events.publish(SESSIONS_TOPIC, { type: 'sessions.ended', user_id: USER });
    expect(await gate.ended(USER, 0, SESSION)).toBe(true);
    expect(db.reads).toBe(2);
  });

  it('forgets at once in the process that announces, and tells the others', async () => {
    const { db, events, gate } = setup();
    const heard: unknown[] = [];
    events.subscribe(SESSIONS_TOPIC, (event) => heard.push(event));
    expect(await gate.ended(USER, 0, SESSION)).toBe(false);
    db.state = { ...OPEN, sessionOpen: false };
    await gate.announce(USER);
    expect(heard).toEqual([{ type: 'sessions.ended', user_id: USER }]);
    expect(await gate.ended(USER, 0, SESSION)).toBe(true);
  });

  it('ends tokens issued before the account’s sessions were ended, and every token of a deleted account', async () => {
    const { db, gate } = setup();
    db.state = { ...OPEN, validFromMs: 500 };
    expect(await gate.ended(USER, 499, undefined)).toBe(true);
    expect(await gate.ended(USER, 500, undefined)).toBe(false);
    await gate.announce(USER);
    db.state = { accountExists: false, validFromMs: null, sessionOpen: false };
    expect(await gate.ended(USER, 600, undefined)).toBe(true);
  });

  it('keeps no failed read: the next request asks the database again', async () => {
    const { clock, events } = setup();
    let reads = 0;
    const gate = new SessionGate({
      lookup: async () => {
        reads++;
        if (reads === 1) throw new Error('connection lost');
        return OPEN;
      },
      events,
      logger: pino({ level: 'silent' }),
      now: () => clock.now,
    });
    await expect(gate.ended(USER, 0, SESSION)).rejects.toThrow('connection lost');
    expect(await gate.ended(USER, 0, SESSION)).toBe(false);
    expect(reads).toBe(2);
  });
});
