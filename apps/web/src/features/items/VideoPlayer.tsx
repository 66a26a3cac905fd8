import { Card, Image } from '@mantine/core';
import type { Audio, AudioLinks } from '@voxpress/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePlayback } from '../transcription/playback.tsx';
import { getAudioLinks } from '../transcription/transcription-api.ts';

/** Whether this browser says it can play the video's container (Chromium cannot play MKV or AVI). */
function canPlayVideo(mime: string | null): boolean {
  if (!mime || typeof document === 'undefined') return false;
  return document.createElement('video').canPlayType(mime) !== '';
}

/**
 * An item made from a video: the video itself, with its poster frame, when the browser can play
 * it; otherwise the poster frame above a player for the sound taken out of it. Links carry
 * short-lived tickets; when one has run out a new set is asked for once. `?t=<seconds>` in the
 * page's address starts the player there, as for a recording.
 */
export function VideoPlayer({ audio }: { audio: Audio }) {
  const { t } = useTranslation('transcription');
  const [links, setLinks] = useState<AudioLinks | null>(null);
  const [renewed, setRenewed] = useState(false);
  const [started, setStarted] = useState(false);
  const playback = usePlayback();
  const [params] = useSearchParams();
  const startAt = Number(params.get('t'));
  const audioId = audio.audio_id;
  const asVideo = canPlayVideo(audio.mime_type);

  useEffect(() => {
    let current = true;
    getAudioLinks(audioId)
      .then((l) => current && setLinks(l))
      .catch(() => current && setLinks(null));
    return () => {
      current = false;
    };
  }, [audioId]);

  const onError = async () => {
    if (renewed) return;
    setRenewed(true);
    const fresh = await getAudioLinks(audioId).catch(() => null);
    if (fresh) setLinks(fresh);
  };
  const media = {
    controls: true,
    preload: 'metadata' as const,
    // The transcript follows whichever element plays: both are media elements alike.
    ref: (el: HTMLMediaElement | null) => playback?.attach(el as HTMLAudioElement | null),
    onTimeUpdate: (e: React.SyntheticEvent<HTMLMediaElement>) =>
      playback?.report(e.currentTarget.currentTime),
    onLoadedMetadata: () => {
      if (started || !(startAt > 0)) return;
      setStarted(true);
      playback?.seek(startAt);
    },
    onError: () => void onError(),
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="xs"
      component="section"
      aria-label={t('workflow.player')}
      shadow="sm"
      data-testid="video-player"
    >
      {links &&
        (asVideo ? (
          <video
            {...media}
            src={links.download_url}
            poster={links.poster_url}
            playsInline
            style={{ width: '100%', maxHeight: 'min(40vh, 320px)', background: '#000', borderRadius: 8 }}
          />
        ) : (
          <>
            {links.poster_url && (
              <Image src={links.poster_url} alt="" mah={160} fit="contain" radius="md" mb="xs" />
            )}
            <audio {...media} src={links.sound_url ?? links.download_url} style={{ width: '100%' }} />
          </>
        ))}
    </Card>
  );
}
