import type { AudioStatusEvent } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { monitorHarness } from '../../lib/status-monitor-harness.ts';
import { detectingSpeakers, monitorSpeakers } from './speakers-monitor.ts';

const status = (speakers_status: AudioStatusEvent['speakers_status']): AudioStatusEvent => ({
  audio_id: 'a1',
  status: 'completed',
  transcription_status: 'completed',
  transcription_id: 't1',
  progress: { percent: 100, message: null },
  error: null,
  speakers_status,
});

const harness = (options: { stream: boolean; polls?: AudioStatusEvent[] }) =>
  monitorHarness(monitorSpeakers, { ...options, maxAttempts: 3, idle: () => status('processing') });

describe('following speaker detection', () => {
  it('knows when detection is still to come', () => {
    expect(['queued', 'processing'].every(detectingSpeakers)).toBe(true);
    expect(['completed', 'failed', 'off', 'not_started', undefined].some(detectingSpeakers)).toBe(false);
  });

  it('relays the stream until the speakers are found, then closes it', () => {
    const h = harness({ stream: true });
    h.source.message(status('queued'));
    h.source.message(status('processing'));
    expect(h.source.closed).toBe(false);
    h.source.message(status('completed'), 'complete');
    expect(h.seen.map((s) => s.speakers_status)).toEqual(['queued', 'processing', 'completed']);
    expect(h.source.closed).toBe(true);
    expect(h.errors).toEqual([]);
  });

  it('stops on a failed detection too', () => {
    const h = harness({ stream: true });
    h.source.message(status('failed'));
    expect(h.source.closed).toBe(true);
  });

  it('reads the status by polling when the stream breaks, until detection is over', async () => {
    const h = harness({ stream: true, polls: [status('processing'), status('completed')] });
    h.source.onerror?.();
    await h.settle();
    await h.tick();
    expect(h.polls()).toBe(2);
    expect(h.seen.at(-1)?.speakers_status).toBe('completed');
    await h.tick();
    expect(h.polls()).toBe(2);
  });

  it('says so when polling gives up, so the caller can read the speakers itself', async () => {
    const h = harness({ stream: false });
    await h.settle();
    await h.tick();
    await h.tick();
    await h.tick();
    expect(h.errors).toHaveLength(1);
  });
});
