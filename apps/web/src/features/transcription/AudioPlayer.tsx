import { Card, Group, Stack, Text } from '@mantine/core';
import type { Audio } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { fileFigures } from '../audio/recorder-format.ts';
import { usePlayback } from './playback.tsx';
import { playbackUrl } from './transcription-api.ts';

/**
 * The stored audio with a player (the server answers range requests, so seeking works). The link
 * carries the short-lived access token; when it has expired the token is renewed once and the
 * player tries again.
 */
export function AudioPlayer({ audio }: { audio: Audio }) {
  const { t } = useTranslation('transcription');
  const [src, setSrc] = useState(() => playbackUrl(audio.audio_id));
  const [renewed, setRenewed] = useState(false);
  const playback = usePlayback();
  const onError = async () => {
    if (renewed) return;
    setRenewed(true);
    if (await api.refresh()) setSrc(playbackUrl(audio.audio_id));
  };
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={t('workflow.player')}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} truncate style={{ minWidth: 0, flex: 1 }}>
            {audio.title}
          </Text>
          <Text size="sm" c="dimmed">
            {fileFigures(audio.duration_s, audio.file_size_bytes)}
          </Text>
        </Group>
        {src && (
          // biome-ignore lint/a11y/useMediaCaption: the transcript below is the text of this audio
          <audio
            controls
            preload="metadata"
            src={src}
            ref={playback?.attach}
            onTimeUpdate={(e) => playback?.report(e.currentTarget.currentTime)}
            onError={() => void onError()}
            style={{ width: '100%' }}
          />
        )}
      </Stack>
    </Card>
  );
}
