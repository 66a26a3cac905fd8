import { formatBytes } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { formatElapsed } from '../audio/recorder-format.ts';
import { statusBadge } from './audio-format.ts';

describe('library formatting', () => {
  it('formats durations and sizes', () => {
    expect(formatElapsed(75_000)).toBe('01:15');
    expect(formatElapsed(3_725_400)).toBe('1:02:05');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(104857600)).toBe('100 MB');
  });

  it('names each status', () => {
    const base = { transcription_id: null };
    expect(
      statusBadge({ ...base, status: 'pending_upload', transcription_status: 'not_started' }).label,
    ).toBe('Waiting for upload');
    expect(statusBadge({ ...base, status: 'processing', transcription_status: 'queued' }).label).toBe(
      'Queued',
    );
    expect(statusBadge({ ...base, status: 'processing', transcription_status: 'processing' }).label).toBe(
      'Transcribing',
    );
    expect(
      statusBadge({ status: 'completed', transcription_status: 'completed', transcription_id: 't' }).label,
    ).toBe('Transcribed');
    expect(statusBadge({ ...base, status: 'failed', transcription_status: 'failed' }).label).toBe('Failed');
  });
});
