import type { InfographicJob } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { jobMessage, jobSettled } from './job-messages.ts';

const job = (over: Partial<InfographicJob>) => ({
  status: 'pending' as InfographicJob['status'],
  current_step: '',
  completed_variations: 0,
  total_variations: 10,
  ...over,
});

describe('job messages (spec §4)', () => {
  it('say the status table’s message, with the counts', () => {
    expect(jobMessage(job({ status: 'pending' }))).toBe('Waiting in queue...');
    expect(jobMessage(job({ status: 'analyzing' }))).toBe('Analyzing content...');
    expect(jobMessage(job({ status: 'designing' }))).toBe('Generating design variations...');
    expect(jobMessage(job({ status: 'generating', completed_variations: 3 }))).toBe(
      'Generating infographics... (3/10)',
    );
    expect(jobMessage(job({ status: 'completed', completed_variations: 10 }))).toBe(
      'Completed! Generated 10 variations.',
    );
    expect(jobMessage(job({ status: 'completed', completed_variations: 1 }))).toBe(
      'Completed! Generated 1 variation.',
    );
    expect(jobMessage(job({ status: 'failed' }))).toBe('Generation failed.');
  });

  it('let the server’s step text override the table in English only', () => {
    const step = job({ status: 'designing', current_step: 'Asking the design model...' });
    expect(jobMessage(step, 'en')).toBe('Asking the design model...');
    // In another language the English step text would be out of place: the table's message stands.
    expect(jobMessage(step, 'de')).toBe('Generating design variations...');
  });

  it('settle at completed or failed', () => {
    expect(jobSettled({ status: 'completed' })).toBe(true);
    expect(jobSettled({ status: 'failed' })).toBe(true);
    expect(jobSettled({ status: 'generating' })).toBe(false);
  });
});
