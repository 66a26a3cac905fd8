import type { Audio } from '@voxpress/contracts';
import { processingState } from '../transcription/audio-monitor.ts';

/** A status badge's words and colour for an audio item. */
export function statusBadge(a: Pick<Audio, 'status' | 'transcription_status' | 'transcription_id'>): {
  label: string;
  color: string;
} {
  if (a.status === 'pending_upload') return { label: 'Waiting for upload', color: 'gray' };
  switch (processingState(a)) {
    case 'completed':
      return { label: 'Transcribed', color: 'teal' };
    case 'failed':
      return { label: 'Failed', color: 'red' };
    default:
      return a.transcription_status === 'queued'
        ? { label: 'Queued', color: 'blue' }
        : { label: 'Transcribing', color: 'blue' };
  }
}

/** A total of bytes (storage used) as B, KB, MB or GB with one decimal where it helps. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 || value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
