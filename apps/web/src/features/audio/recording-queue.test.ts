import type { Audio } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import type { FinishedRecording } from './recorder-machine.ts';
import { createRecordingQueue, type KeptRecording, RETRY_MS } from './recording-queue.ts';
import { XhrFailure } from './xhr-send.ts';

function recording(id: string, minute: number): FinishedRecording {
  return {
    id,
    blob: new Blob([new Uint8Array(64)], { type: 'audio/webm' }),
    mimeType: 'audio/webm',
    durationMs: 4000,
    createdAt: `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`,
  };
}

/** A device store, a server and a connection the test controls. */
function setup(stored = new Map<string, KeptRecording>()) {
  const sent: Array<{ id: string; language: string | undefined }> = [];
  const timers: Array<{ fn: () => void; ms: number; cancelled: boolean }> = [];
  const world = {
    online: false,
    /** What the next sends do: 'ok', 'drop' (no answer) or 'refuse' (a server error). */
    outcomes: [] as Array<'ok' | 'drop' | 'refuse'>,
  };
  const queue = createRecordingQueue({
    list: async () => [...stored.values()],
    save: async (r) => {
      stored.set(r.id, r);
    },
    remove: async (id) => {
      stored.delete(id);
    },
    send: async (r, onProgress) => {
      const outcome = world.outcomes.shift() ?? 'ok';
      if (outcome === 'drop') throw new XhrFailure('network', false);
      if (outcome === 'refuse')
        throw new ApiError(413, 'Storage limit reached', 'Storage limit reached', {
          code: 'quota_exceeded',
          params: {},
        });
      onProgress(50);
      sent.push({ id: r.id, language: r.language });
      return { audio_id: `audio-${r.id}` } as Audio;
    },
    online: () => world.online,
    describe: (error) => (error instanceof Error ? error.message : String(error)),
    later: (fn, ms) => {
      const timer = { fn, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  return { queue, stored, sent, timers, world };
}

describe('recordings made offline', () => {
  it('wait on the device, survive a reload, and go in the order queued once the connection returns', async () => {
    const before = setup();
    await before.queue.queue(recording('b', 2), 'en-US');
    await before.queue.queue(recording('a', 1), 'es-MX');
    expect(before.sent).toEqual([]);
    expect(before.queue.snapshot().get('a')).toEqual({ kind: 'waiting' });
    expect(before.stored.get('a')?.queuedAt).toBeDefined();

    // A reload: a new queue over the same device store finds them.
    const { queue, stored, sent, world } = setup(before.stored);
    world.online = true;
    await queue.drain();
    expect(sent).toEqual([
      { id: 'b', language: 'en-US' },
      { id: 'a', language: 'es-MX' },
    ]);
    expect(stored.size).toBe(0);
    expect(queue.snapshot().get('a')).toEqual({ kind: 'sent', audioId: 'audio-a' });
  });

  it('go at once when queued online', async () => {
    const { queue, sent, world } = setup();
    world.online = true;
    await queue.queue(recording('a', 1), 'en-US');
    expect(sent.map((s) => s.id)).toEqual(['a']);
  });

  it('wait again, and retry later, when a connection only looked alive', async () => {
    const { queue, stored, sent, timers, world } = setup();
    await queue.queue(recording('a', 1), 'en-US');
    world.online = true;
    world.outcomes = ['drop'];
    await queue.drain();
    expect(sent).toEqual([]);
    expect(queue.snapshot().get('a')).toEqual({ kind: 'waiting' });
    expect(stored.has('a')).toBe(true);
    expect(timers.map((t) => t.ms)).toEqual([RETRY_MS]);

    const retry = timers[0];
    retry?.fn();
    await queue.drain();
    expect(sent.map((s) => s.id)).toEqual(['a']);
  });

  it('stop going by themselves when the server refuses one, and say why', async () => {
    const { queue, stored, sent, world } = setup();
    await queue.queue(recording('a', 1), 'en-US');
    await queue.queue(recording('b', 2), 'en-US');
    world.online = true;
    world.outcomes = ['refuse', 'ok'];
    await queue.drain();
    expect(queue.snapshot().get('a')).toEqual({ kind: 'failed', message: 'Storage limit reached' });
    // Kept, no longer queued: offered with Upload now / Discard instead.
    expect(stored.get('a')?.queuedAt).toBeUndefined();
    expect(sent.map((s) => s.id)).toEqual(['b']);
    await queue.drain();
    expect(sent.map((s) => s.id)).toEqual(['b']);
  });

  it('send one queued during a send as well', async () => {
    const { queue, sent, world } = setup();
    world.online = true;
    const first = queue.queue(recording('a', 1), 'en-US');
    const second = queue.queue(recording('b', 2), 'en-US');
    await Promise.all([first, second]);
    await queue.drain();
    expect(sent.map((s) => s.id).sort()).toEqual(['a', 'b']);
  });
});
