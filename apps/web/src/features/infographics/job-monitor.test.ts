import type { InfographicJob, InfographicJobEvent } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { monitorHarness } from '../../lib/status-monitor-harness.ts';
import { JOB_POLL_INTERVAL_MS, monitorJob } from './job-monitor.ts';

const event = (over: Partial<InfographicJobEvent> = {}): InfographicJobEvent => ({
  job_id: 'j1',
  status: 'pending',
  progress: 0,
  current_step: 'Waiting in queue...',
  completed_variations: 0,
  total_variations: 10,
  error_message: null,
  content_id: null,
  priority: 5,
  created_at: '',
  updated_at: '',
  ...over,
});
const finished: InfographicJob = {
  ...event({ status: 'completed', progress: 100, completed_variations: 10 }),
  results: [],
};

function harness(polls: Array<InfographicJobEvent | Error>) {
  return monitorHarness(monitorJob, { stream: true, polls, idle: () => event() });
}

describe('following an infographic job', () => {
  it('takes every status from the stream and stops at completed', async () => {
    const h = harness([]);
    h.source.message(event({ status: 'analyzing', progress: 10 }));
    h.source.message(event({ status: 'generating', progress: 60, completed_variations: 5 }));
    h.source.message(event({ status: 'completed', progress: 100, completed_variations: 10 }), 'complete');
    expect(h.seen.map((s) => s.status)).toEqual(['analyzing', 'generating', 'completed']);
    expect(h.source.closed).toBe(true);
    expect(h.polls()).toBe(0);
  });

  it('falls back to polling every 2000 ms when the stream fails, until the job settles', async () => {
    const h = harness([event({ status: 'designing' }), event({ status: 'generating' }), finished]);
    h.source.message(event({ status: 'analyzing' }));
    h.source.onerror?.();
    await h.settle();
    expect(h.source.closed).toBe(true);
    expect(h.polls()).toBe(1);
    expect(h.timers.map((t) => t.ms)).toEqual([JOB_POLL_INTERVAL_MS]);
    await h.tick();
    await h.tick();
    expect(h.seen.map((s) => s.status)).toEqual(['analyzing', 'designing', 'generating', 'completed']);
    // The last poll carries the images; nothing is polled after it.
    expect('results' in (h.seen.at(-1) as object)).toBe(true);
    expect(h.timers).toEqual([]);
    expect(h.errors).toEqual([]);
  });

  it('keeps polling through a failed poll, and gives up only after several in a row', async () => {
    const down = () => new ApiError(503, 'The server is restarting', 'The server is restarting');
    const h = harness([down(), event({ status: 'generating' }), down(), down(), down(), down(), down()]);
    h.source.onerror?.();
    await h.settle();
    await h.tick();
    expect(h.seen.map((s) => s.status)).toEqual(['generating']);
    for (let i = 0; i < 5; i++) await h.tick();
    expect(h.errors).toEqual([
      'Could not follow the generation: The server is restarting. Please try again.',
    ]);
    expect(h.timers).toEqual([]);
  });

  it('polls when a stream message cannot be read', async () => {
    const h = harness([finished]);
    h.source.onmessage?.(new MessageEvent('message', { data: '{not json' }));
    await h.settle();
    expect(h.polls()).toBe(1);
    expect(h.seen.map((s) => s.status)).toEqual(['completed']);
  });
});
