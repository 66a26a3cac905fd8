import { Card, Group, Stack, Text } from '@mantine/core';
import type { Audio } from '@voxpress/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fileFigures } from '../audio/recorder-format.ts';
import { usePlayback } from './playback.tsx';
import { getAudioLinks } from './transcription-api.ts';

/**
 * The stored audio with a player (`compact`: the player alone, for a page whose header names the
 * audio) (the server answers range requests, so seeking works). The link
 * carries a short-lived ticket for this file only; when it has expired a new link is asked for
 * once and the player tries again. `?t=<seconds>` in the page's address (a search hit's moment)
 * starts the player there.
 */
export function AudioPlayer({ audio, compact = false }: { audio: Audio; compact?: boolean }) {
  const { t } = useTranslation('transcription');
  const [src, setSrc] = useState<string | null>(null);
  const [renewed, setRenewed] = useState(false);
  const playback = usePlayback();
  const audioId = audio.audio_id;
  const [params] = useSearchParams();
  const startAt = Number(params.get('t'));
  const [started, setStarted] = useState(false);
  useEffect(() => {
    let current = true;
    getAudioLinks(audioId)
      .then((links) => current && setSrc(links.download_url))
      .catch(() => current && setSrc(null));
    return () => {
      current = false;
    };
  }, [audioId]);
  // A link lasts 15 minutes: when it has run out, a fresh one is asked for once.
  const onError = async () => {
    if (renewed) return;
    setRenewed(true);
    const links = await getAudioLinks(audioId).catch(() => null);
    if (links) setSrc(links.download_url);
  };
  return (
    <Card
      withBorder
      radius="lg"
      padding={compact ? 'xs' : 'md'}
      component="section"
      aria-label={t('workflow.player')}
      shadow={compact ? 'sm' : undefined}
    >
      <Stack gap="xs">
        {!compact && (
          <Group justify="space-between" gap="xs">
            <Text fw={600} truncate style={{ minWidth: 0, flex: 1 }}>
              {audio.title}
            </Text>
            <Text size="sm" c="dimmed">
              {fileFigures(audio.duration_s, audio.file_size_bytes)}
            </Text>
          </Group>
        )}
        {src && (
          // biome-ignore lint/a11y/useMediaCaption: the transcript below is the text of this audio
          <audio
            controls
            preload="metadata"
            src={src}
            ref={playback?.attach}
            onTimeUpdate={(e) => playback?.report(e.currentTarget.currentTime)}
            onLoadedMetadata={() => {
              if (started || !(startAt > 0)) return;
              setStarted(true);
              playback?.seek(startAt);
            }}
            onError={() => void onError()}
            style={{ width: '100%' }}
          />
        )}
      </Stack>
    </Card>
  );
}
