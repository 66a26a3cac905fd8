import type { Audio, Item } from '@voxpress/contracts';
import { i18n } from '../../i18n/i18n.ts';
import { processingState } from '../transcription/audio-monitor.ts';

const t = i18n.getFixedT(null, 'library');

/** A status badge's words and colour for an audio item. */
export function statusBadge(a: Pick<Audio, 'status' | 'transcription_status' | 'transcription_id'>): {
  label: string;
  color: string;
} {
  if (a.status === 'pending_upload') return { label: t('status.waiting'), color: 'gray' };
  switch (processingState(a)) {
    case 'completed':
      return { label: t('status.transcribed'), color: 'teal' };
    case 'failed':
      return { label: t('status.failed'), color: 'red' };
    default:
      return a.transcription_status === 'queued'
        ? { label: t('status.queued'), color: 'blue' }
        : { label: t('status.transcribing'), color: 'blue' };
  }
}

/** The badge of a library item: an audio item's status, or that a document is ready to write from. */
export function itemBadge(item: Pick<Item, 'audio'>): { label: string; color: string } {
  return item.audio ? statusBadge(item.audio) : { label: t('status.ready'), color: 'teal' };
}
