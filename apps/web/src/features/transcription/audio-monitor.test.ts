import type { AudioStatusEvent } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { monitorHarness } from '../../lib/status-monitor-harness.ts';
import { monitorAudio, processingState } from './audio-monitor.ts';

const status = (over: Partial<AudioStatusEvent> = {}): AudioStatusEvent => ({
  audio_id: 'a1',
  status: 'processing',
  transcription_status: 'processing',
  transcription_id: null,
  progress: { percent: 10, message: 'Transcribing...' },
  error: null,
  ...over,
});
const done = status({ status: 'completed', transcription_status: 'completed', transcription_id: 't1' });

function harness(options: { stream: boolean; polls?: Array<AudioStatusEvent | Error> }) {
  return monitorHarness(monitorAudio, { ...options, maxAttempts: 3, idle: () => status() });
}

describe('processingState', () => {
  it('follows the spec: complete needs both statuses and an id, failed on either, case-insensitive', () => {
    expect(processingState(done)).toBe('completed');
    expect(processingState({ ...done, transcription_id: null })).toBe('processing');
    expect(processingState(status({ status: 'FAILED' }))).toBe('failed');
    expect(processingState(status({ transcription_status: 'failed' }))).toBe('failed');
    expect(processingState({ ...done, status: 'COMPLETED', transcription_status: 'Completed' })).toBe(
      'completed',
    );
  });
});

describe('monitorAudio', () => {
  it('relays stream messages and stops at the complete event', () => {
    const h = harness({ stream: true });
    h.source.message(status({ progress: { percent: 40, message: 'x' } }));
    h.source.message(done, 'complete');
    expect(h.seen.map((s) => s.progress.percent)).toEqual([40, 10]);
    expect(h.source.closed).toBe(true);
    expect(h.errors).toEqual([]);
  });

  it('falls back to polling when the stream breaks, until the item is done', async () => {
    const h = harness({ stream: true, polls: [status(), done] });
    h.source.onerror?.();
    await h.settle();
    expect(h.source.closed).toBe(true);
    await h.tick();
    expect(h.polls()).toBe(2);
    expect(h.seen.at(-1)?.transcription_id).toBe('t1');
    await h.tick();
    expect(h.polls()).toBe(2);
  });

  it('gives up with "Polling timeout" after the last attempt', async () => {
    const h = harness({ stream: false });
    await h.settle();
    await h.tick();
    await h.tick();
    await h.tick();
    expect(h.polls()).toBe(3);
    expect(h.errors).toEqual(['Polling timeout']);
  });

  it('reports a failed poll with its message', async () => {
    const h = harness({ stream: false, polls: [new Error('Audio not found')] });
    await h.settle();
    expect(h.errors).toEqual(['Audio not found']);
  });

  it('checks a silent stream by polling, and keeps the stream while the item is still processing', async () => {
    const h = harness({ stream: true, polls: [status({ progress: { percent: 20, message: null } }), done] });
    h.source.message(status({ progress: { percent: 15, message: null } }));
    await h.tick();
    expect(h.polls()).toBe(1);
    expect(h.seen.map((s) => s.progress.percent)).toEqual([15, 20]);
    expect(h.source.closed).toBe(false);
    // Still silent: the next check finds the item done and stops everything.
    await h.tick();
    expect(h.polls()).toBe(2);
    expect(h.seen.at(-1)?.transcription_id).toBe('t1');
    expect(h.source.closed).toBe(true);
    await h.tick();
    expect(h.polls()).toBe(2);
  });

  it('waits for silence again after each stream message before polling', async () => {
    const h = harness({ stream: true });
    h.source.message(status());
    h.source.message(status());
    await h.tick();
    expect(h.polls()).toBe(1);
  });

  it('stops when asked, closing the stream', () => {
    const h = harness({ stream: true });
    h.stop();
    h.source.message(status());
    expect(h.source.closed).toBe(true);
    expect(h.seen).toEqual([]);
  });
});
