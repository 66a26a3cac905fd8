import type { Audio } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { createUploadQueue, PARALLEL_UPLOADS, type QueuedFile } from './upload-queue.ts';

/** A server the test answers by hand: each send waits until the test settles it. */
function setup(stored = new Map<string, QueuedFile>()) {
  const pending: Array<{ name: string; ok: () => void; refuse: (message: string) => void }> = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  let next = 0;
  const queue = createUploadQueue({
    list: async () => [...stored.values()],
    save: async (e) => {
      stored.set(e.id, e);
    },
    remove: async (id) => {
      stored.delete(id);
    },
    send: (entry, onProgress) =>
      new Promise<Audio>((resolve, reject) => {
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        onProgress(40);
        pending.push({
          name: entry.name,
          ok: () => {
            inFlight -= 1;
            resolve({ audio_id: `audio-${entry.name}` } as Audio);
          },
          refuse: (message) => {
            inFlight -= 1;
            reject(new ApiError(415, message, message, { code: 'unsupported_media_type', params: {} }));
          },
        });
      }),
    describe: (error) => (error instanceof Error ? error.message : 'failed'),
    newId: () => `id-${++next}`,
    now: () => new Date(Date.UTC(2026, 10, 28, 5, 0, next)),
  });
  /** Lets the queue's promise chains run. */
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const kinds = () => Object.fromEntries(queue.rows().map((r) => [r.entry.name, r.state.kind]));
  return { queue, pending, stored, settle, kinds, mostAtOnce: () => mostAtOnce };
}

const file = (name: string) => new File([new Uint8Array(32)], name, { type: 'audio/mpeg' });

describe('upload queue', () => {
  it('sends two at a time, and a refused file does not stop the others', async () => {
    const { queue, pending, settle, kinds, mostAtOnce, stored } = setup();
    await queue.add([file('a.mp3'), file('b.mp3'), file('c.mp3'), file('d.mp3')], 'en-US');
    await settle();
    expect(pending.map((p) => p.name)).toEqual(['a.mp3', 'b.mp3']);
    expect(kinds()).toEqual({
      'a.mp3': 'sending',
      'b.mp3': 'sending',
      'c.mp3': 'waiting',
      'd.mp3': 'waiting',
    });
    expect(queue.rows()[0]?.state).toEqual({ kind: 'sending', percent: 40 });

    pending.shift()?.refuse('Please upload a valid audio file.');
    await settle();
    expect(pending.map((p) => p.name)).toEqual(['b.mp3', 'c.mp3']);
    for (const p of pending.splice(0)) p.ok();
    await settle();
    pending.shift()?.ok();
    await queue.idle();

    expect(kinds()).toEqual({ 'a.mp3': 'failed', 'b.mp3': 'sent', 'c.mp3': 'sent', 'd.mp3': 'sent' });
    expect(queue.rows()[0]?.state).toEqual({ kind: 'failed', message: 'Please upload a valid audio file.' });
    expect(queue.rows()[1]?.state).toEqual({ kind: 'sent', audioId: 'audio-b.mp3' });
    expect(mostAtOnce()).toBe(PARALLEL_UPLOADS);
    // Sent files drop their bytes; the refused one keeps them for Try again.
    const kept = [...stored.values()];
    expect(kept.find((e) => e.name === 'b.mp3')?.file).toBeUndefined();
    expect(kept.find((e) => e.name === 'a.mp3')?.file).toBeInstanceOf(Blob);

    await queue.retry(queue.rows()[0]?.entry.id ?? '');
    await settle();
    expect(kinds()['a.mp3']).toBe('sending');
    pending.shift()?.ok();
    await queue.idle();
    expect(kinds()['a.mp3']).toBe('sent');

    await queue.clearFinished();
    expect(queue.rows()).toEqual([]);
    expect(stored.size).toBe(0);
  });

  it('after a reload, goes on with kept files and asks again for those it could not keep', async () => {
    const stored = new Map<string, QueuedFile>();
    const earlier = (id: string, name: string, extra: Partial<QueuedFile>): QueuedFile => ({
      id,
      name,
      size: 32,
      language: 'de-DE',
      addedAt: `2026-11-28T05:00:0${id}.000Z`,
      ...extra,
    });
    stored.set('1', earlier('1', 'done.mp3', { outcome: { kind: 'sent', audioId: 'audio-done' } }));
    stored.set('2', earlier('2', 'kept.mp3', { file: file('kept.mp3') }));
    stored.set('3', earlier('3', 'lost.mp3', {}));
    const { queue, pending, settle, kinds } = setup(stored);
    await queue.restore();
    await settle();
    expect(kinds()).toEqual({ 'done.mp3': 'sent', 'kept.mp3': 'sending', 'lost.mp3': 'missing' });
    pending.shift()?.ok();
    await queue.idle();
    expect(kinds()['kept.mp3']).toBe('sent');

    await queue.repick('3', file('lost.mp3'));
    await settle();
    expect(kinds()['lost.mp3']).toBe('sending');
    expect(pending[0]?.name).toBe('lost.mp3');
    pending.shift()?.ok();
    await queue.idle();
    expect(stored.get('3')?.outcome).toEqual({ kind: 'sent', audioId: 'audio-lost.mp3' });
  });

  it('keeps a file the dropzone refused as a row with its reason, never sent', async () => {
    const { queue, pending, kinds } = setup();
    await queue.addRefused('notes.txt', 20, 'Please upload a valid audio file.');
    await queue.idle();
    expect(kinds()).toEqual({ 'notes.txt': 'failed' });
    expect(pending).toEqual([]);
  });
});
