import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getSpeakers, speakersKey } from './speakers-api.ts';
import { detectingSpeakers, monitorSpeakers } from './speakers-monitor.ts';
import { getAudio, getAudioLinks, transcriptionKey } from './transcription-api.ts';

/** How often the voices are read while detection runs and the status stream cannot be followed. */
const READ_EVERY_MS = 2000;

/**
 * The transcript's voices. While detection runs, the item's status stream says when it is over
 * (the voices are then read once more, and the transcript too so its turns carry them); where the
 * stream cannot be followed, the voices are read every two seconds instead.
 */
export function useSpeakers(audioId: string) {
  const queryClient = useQueryClient();
  const [following, setFollowing] = useState(false);
  const query = useQuery({
    queryKey: speakersKey(audioId),
    queryFn: () => getSpeakers(audioId),
    refetchInterval: (q) => (detectingSpeakers(q.state.data?.status) && !following ? READ_EVERY_MS : false),
  });
  const status = query.data?.status;
  const detecting = detectingSpeakers(status);

  useEffect(() => {
    if (!detecting) return;
    let stop = () => {};
    let cancelled = false;
    void getAudioLinks(audioId)
      .then((links) => links.status_url)
      .catch(() => null)
      .then((streamUrl) => {
        if (cancelled || !streamUrl || typeof EventSource === 'undefined') return;
        setFollowing(true);
        stop = monitorSpeakers(
          {
            openStream: () => new EventSource(streamUrl),
            poll: () => getAudio(audioId),
            setTimeout: (fn, ms) => window.setTimeout(fn, ms),
            clearTimeout: (handle) => window.clearTimeout(handle as number),
          },
          {
            onStatus: (s) => {
              if (detectingSpeakers(s.speakers_status) && s.status !== 'failed') return;
              // Over: the voices are read again (and every two seconds should they still say not).
              setFollowing(false);
              void queryClient.invalidateQueries({ queryKey: speakersKey(audioId) });
            },
            // Not followed any more: the voices are read every two seconds again.
            onError: () => setFollowing(false),
          },
        );
      });
    return () => {
      cancelled = true;
      stop();
      setFollowing(false);
    };
  }, [audioId, detecting, queryClient]);

  const was = useRef(status);
  useEffect(() => {
    if (detectingSpeakers(was.current) && !detectingSpeakers(status))
      void queryClient.invalidateQueries({ queryKey: transcriptionKey(audioId) });
    was.current = status;
  }, [status, audioId, queryClient]);
  return query;
}
