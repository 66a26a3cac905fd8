import { ActionIcon, Box, Menu, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserShare } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Segment, Speaker } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { formatElapsed } from '../audio/recorder-format.ts';
import { usePlayback, usePlayhead } from './playback.tsx';
import { SpeakerLabel, speakerColour } from './SpeakerLabel.tsx';
import { hasSpeakers, type VoicedSegment } from './speaker-turns.ts';
import { reassignSegment, speakersKey, splitSegment } from './speakers-api.ts';
import { transcriptionKey } from './transcription-api.ts';

/** The index of the segment playing at `time`, or -1. */
export function currentSegment(segments: Segment[], time: number): number {
  return segments.findIndex((s) => time >= s.start && time < s.end);
}

/** The indexes of the segments to show: all, or one voice's. */
export function filterBySpeaker(segments: VoicedSegment[], speaker: string | null): number[] {
  return segments.flatMap((s, i) => (!speaker || s.speaker === speaker ? [i] : []));
}

/** Whether the playhead is far enough inside a segment to cut it there. */
export const canSplitAt = (s: Segment, time: number): boolean => time > s.start + 0.1 && time < s.end - 0.1;

/**
 * The engine's timed segments as a list: each starts with its time and plays the audio from
 * there when chosen; the one playing now is marked. With speakers, each turn shows its speaker,
 * the list can keep to one voice, and a turn can be given to another voice.
 */
export function TimedTranscript({
  segments,
  audioId,
  speakers = [],
}: {
  segments: VoicedSegment[];
  audioId?: string;
  speakers?: Speaker[];
}) {
  const { t } = useTranslation('transcription');
  const playback = usePlayback();
  const queryClient = useQueryClient();
  const playhead = usePlayhead();
  const playing = currentSegment(segments, playhead);
  const [only, setOnly] = useState<string | null>(null);
  const voiced = Boolean(audioId) && hasSpeakers(segments);
  const shown = filterBySpeaker(segments, voiced ? only : null);
  const change = async (send: (audioId: string) => Promise<unknown>) => {
    if (!audioId) return;
    try {
      await send(audioId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: speakersKey(audioId) }),
        queryClient.invalidateQueries({ queryKey: transcriptionKey(audioId) }),
      ]);
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('speakers.failed')) });
    }
  };
  return (
    <Stack gap="xs">
      {voiced && speakers.length > 1 && (
        <Select
          size="xs"
          w={220}
          label={t('speakers.filter')}
          placeholder={t('speakers.everyone')}
          clearable
          value={only}
          onChange={setOnly}
          data={speakers.map((s) => ({ value: s.id, label: s.name }))}
        />
      )}
      <Stack
        gap={2}
        component="ol"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('view.timedLabel')}
      >
        {shown.map((i, n) => {
          const s = segments[i] as VoicedSegment;
          const prev = n > 0 ? segments[shown[n - 1] as number] : undefined;
          const newTurn = voiced && s.speaker && (!prev || prev.speaker !== s.speaker);
          return (
            <li
              key={`${s.start}-${s.end}`}
              style={
                voiced
                  ? { borderInlineStart: `3px solid ${speakerColour(speakers, s.speaker ?? null)}` }
                  : undefined
              }
            >
              {newTurn && audioId && s.speaker && (
                <Box px="xs" pt={4}>
                  <SpeakerLabel
                    audioId={audioId}
                    speaker={s.speaker}
                    name={s.speaker_name ?? s.speaker}
                    speakers={speakers}
                  />
                </Box>
              )}
              <Box style={{ display: 'flex', alignItems: 'flex-start' }}>
                <UnstyledButton
                  onClick={() => playback?.seek(s.start)}
                  aria-current={i === playing ? 'true' : undefined}
                  aria-label={t('view.playFrom', {
                    time: formatElapsed(s.start * 1000),
                    text: voiced && s.speaker_name ? `${s.speaker_name}: ${s.text}` : s.text,
                  })}
                  px="xs"
                  py={6}
                  style={{
                    flex: 1,
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
                {voiced && (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="md"
                        mt={4}
                        aria-label={t('speakers.reassign', { time: formatElapsed(s.start * 1000) })}
                      >
                        <IconUserShare size={14} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Label>{t('speakers.reassignTo')}</Menu.Label>
                      {speakers
                        .filter((o) => o.id !== s.speaker)
                        .map((o) => (
                          <Menu.Item
                            key={o.id}
                            onClick={() => void change((id) => reassignSegment(id, i, o.id))}
                          >
                            {o.name}
                          </Menu.Item>
                        ))}
                      <Menu.Item onClick={() => void change((id) => reassignSegment(id, i, 'new'))}>
                        {t('speakers.newSpeaker')}
                      </Menu.Item>
                      <Menu.Divider />
                      <Menu.Item
                        disabled={!canSplitAt(s, playhead)}
                        onClick={() => void change((id) => splitSegment(id, i, playhead))}
                      >
                        {canSplitAt(s, playhead)
                          ? t('speakers.splitAt', { time: formatElapsed(playhead * 1000) })
                          : t('speakers.splitHint')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Box>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
