import { Stack, Text, UnstyledButton } from '@mantine/core';
import type { Segment } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { formatElapsed } from '../audio/recorder-format.ts';
import { usePlayback, usePlayhead } from './playback.tsx';

/** The index of the segment playing at `time`, or -1. */
export function currentSegment(segments: Segment[], time: number): number {
  return segments.findIndex((s) => time >= s.start && time < s.end);
}

/**
 * The engine's timed segments as a list: each starts with its time and plays the audio from
 * there when chosen; the one playing now is marked.
 */
export function TimedTranscript({ segments }: { segments: Segment[] }) {
  const { t } = useTranslation('transcription');
  const playback = usePlayback();
  const playing = currentSegment(segments, usePlayhead());
  return (
    <Stack gap={2} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('view.timedLabel')}>
      {segments.map((s, i) => (
        <li key={`${s.start}-${s.end}`}>
          <UnstyledButton
            onClick={() => playback?.seek(s.start)}
            aria-current={i === playing ? 'true' : undefined}
            aria-label={t('view.playFrom', { time: formatElapsed(s.start * 1000), text: s.text })}
            px="xs"
            py={6}
            w="100%"
            style={{
              display: 'flex',
              gap: 'var(--mantine-spacing-sm)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: i === playing ? 'var(--mantine-primary-color-light)' : undefined,
            }}
          >
            <Text component="span" size="sm" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
              {formatElapsed(s.start * 1000)}
            </Text>
            <Text component="span" size="sm" lh={1.6} dir="auto">
              {s.text}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
