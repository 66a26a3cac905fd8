import { Badge } from '@mantine/core';
import { IconFileText, IconPlayerPlay } from '@tabler/icons-react';
import type { AskCitation } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClock } from '../../i18n/format.ts';
import { usePlayback } from '../transcription/playback.tsx';
import { citationPath } from './ask-api.ts';

/** "Ana · 12:03 · Title": who said it, when, and in which recording. */
export function citationText(c: Pick<AskCitation, 'speaker_name' | 'start' | 'title'>): string {
  const time = c.start === null ? null : formatClock(c.start * 1000);
  return [c.speaker_name, time, c.title].filter(Boolean).join(' · ');
}

/**
 * Where part of an answer was said, as a chip: it opens the item playing from that second, or,
 * on that item's own page, moves its player there.
 */
export function CitationChip({ citation, hereId }: { citation: AskCitation; hereId?: string | undefined }) {
  const { t } = useTranslation('ask');
  const playback = usePlayback();
  const time = citation.start === null ? null : formatClock(citation.start * 1000);
  const label = !time
    ? t('open', { title: citation.title })
    : citation.speaker_name
      ? t('playAtSpeaker', { title: citation.title, time, speaker: citation.speaker_name })
      : t('playAt', { title: citation.title, time });
  const icon = time ? <IconPlayerPlay size={12} aria-hidden /> : <IconFileText size={12} aria-hidden />;
  const style = { cursor: 'pointer', maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)' };
  // A long title wraps inside the chip instead of being cut, in either writing direction.
  const styles = {
    label: {
      whiteSpace: 'normal' as const,
      overflow: 'visible',
      textAlign: 'start' as const,
      lineHeight: 1.35,
      paddingBlock: 3,
    },
  };
  const common = {
    variant: 'light' as const,
    radius: 'xl' as const,
    tt: 'none' as const,
    fw: 500,
    size: 'lg' as const,
    leftSection: icon,
    'aria-label': label,
    title: label,
    style,
    styles,
  };
  const text = <span dir="auto">{citationText(citation)}</span>;
  if (playback && hereId === citation.item_id && citation.start !== null) {
    const start = citation.start;
    return (
      <Badge component="button" type="button" onClick={() => playback.seek(start)} {...common}>
        {text}
      </Badge>
    );
  }
  return (
    <Badge component={Link} to={citationPath(citation)} {...common}>
      {text}
    </Badge>
  );
}
