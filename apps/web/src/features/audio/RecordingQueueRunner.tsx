import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueState } from './recording-queue.ts';
import { recordingQueue } from './recording-queue-app.ts';

/**
 * Sends the recordings made offline, from any page: when the app opens signed in and whenever the
 * connection returns. Each one sent is announced, and the lists that show it are read again.
 */
export function RecordingQueueRunner() {
  const { t } = useTranslation('audio');
  const queryClient = useQueryClient();
  const announced = useRef(new Set<string>());

  useEffect(() => {
    const drain = () => void recordingQueue.drain().catch((err: unknown) => console.warn(err));
    drain();
    window.addEventListener('online', drain);
    return () => window.removeEventListener('online', drain);
  }, []);

  useEffect(
    () =>
      recordingQueue.subscribe(() => {
        const sent = [...recordingQueue.snapshot()].filter(
          (entry): entry is [string, Extract<QueueState, { kind: 'sent' }>] =>
            entry[1].kind === 'sent' && !announced.current.has(entry[0]),
        );
        if (sent.length === 0) return;
        for (const [id] of sent) announced.current.add(id);
        void queryClient.invalidateQueries({ queryKey: ['audio'] });
        void queryClient.invalidateQueries({ queryKey: ['items'] });
        notifications.show({
          color: 'teal',
          title: t('queue.sentTitle', { count: sent.length }),
          message: t('queue.sentText', { count: sent.length }),
        });
      }),
    [queryClient, t],
  );

  return null;
}
