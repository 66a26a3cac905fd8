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
