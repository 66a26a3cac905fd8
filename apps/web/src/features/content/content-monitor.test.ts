import type { ContentStatusEvent } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { monitorHarness } from '../../lib/status-monitor-harness.ts';
import { isSettled, monitorContent } from './content-monitor.ts';

const status = (over: Partial<ContentStatusEvent> = {}): ContentStatusEvent => ({
  content_id: 'c1',
  status: 'processing',
  progress: { percent: 30, message: 'Writing...' },
  translation_status: { en: 'pending', es: 'pending' },
  error: null,
  ...over,
});
const done = status({
  status: 'completed',
  progress: { percent: 100, message: 'Content ready' },
  translation_status: { en: 'completed', es: 'completed' },
});

function harness(options: {
  stream: boolean;
  polls?: Array<ContentStatusEvent | Error>;
  maxAttempts?: number;
}) {
  return monitorHarness(monitorContent, { ...options, idle: () => status() });
}

describe('isSettled', () => {
  it('ends at completed or failed, in any case', () => {
    expect(isSettled('completed')).toBe(true);
    expect(isSettled('FAILED')).toBe(true);
    expect(isSettled('processing')).toBe(false);
    expect(isSettled('pending')).toBe(false);
  });
});

describe('monitorContent', () => {
  it('relays stream messages, per-language statuses included, and stops at the complete event', () => {
    const h = harness({ stream: true });
    h.source.message(status({ translation_status: { en: 'completed', es: 'pending' } }));
    h.source.message(done, 'complete');
    expect(h.seen.map((s) => s.translation_status)).toEqual([
      { en: 'completed', es: 'pending' },
      { en: 'completed', es: 'completed' },
    ]);
    expect(h.source.closed).toBe(true);
    expect(h.errors).toEqual([]);
  });

  it('falls back to polling every 5 s when the stream breaks', async () => {
    const h = harness({ stream: true, polls: [status(), done] });
    h.source.onerror?.();
    await h.settle();
    expect(h.polls()).toBe(1);
    expect(h.timers.map((t) => t.ms)).toEqual([5000]);
    await h.tick();
    expect(h.polls()).toBe(2);
    expect(h.seen.at(-1)?.status).toBe('completed');
    expect(h.timers).toEqual([]);
  });

  it('polls from the start when no stream can be opened, and gives up after the last poll', async () => {
    const h = harness({ stream: false, maxAttempts: 3 });
    await h.settle();
    await h.tick();
    await h.tick();
    expect(h.polls()).toBe(3);
    await h.tick();
    expect(h.errors).toEqual(['Enhancement timed out. Please try again.']);
    expect(h.timers).toEqual([]);
  });

  it('keeps polling through an error or two, and stops at the third in a row with the server’s words', async () => {
    const lost = new ApiError(503, 'Service unavailable.', 'Service unavailable.');
    const h = harness({ stream: false, polls: [lost, status(), lost, lost, lost] });
    await h.settle();
    await h.tick();
    await h.tick();
    await h.tick();
    expect(h.errors).toEqual([]);
    await h.tick();
    expect(h.errors).toEqual(['Failed to check enhancement status: Service unavailable. Please try again.']);
    expect(h.polls()).toBe(5);
    expect(h.timers).toEqual([]);
  });

  it('checks a silent stream with one poll after 15 s', async () => {
    const h = harness({ stream: true, polls: [done] });
    expect(h.timers.map((t) => t.ms)).toEqual([15_000]);
    await h.tick();
    expect(h.seen.at(-1)?.status).toBe('completed');
    expect(h.source.closed).toBe(true);
  });

  it('stops on request, without a word', async () => {
    const h = harness({ stream: true });
    h.stop();
    h.source.message(done);
    expect(h.seen).toEqual([]);
    expect(h.source.closed).toBe(true);
  });
});
