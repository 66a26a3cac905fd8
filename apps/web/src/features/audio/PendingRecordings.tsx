import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCloudOff, IconCloudUpload, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/format.ts';
import { itemPath } from '../items/items-api.ts';
import { deletePendingRecording, listPendingRecordings } from './pending-recordings.ts';
import { formatElapsed, formatMegabytes } from './recorder-format.ts';
import type { FinishedRecording } from './recorder-machine.ts';
import type { KeptRecording, QueueState } from './recording-queue.ts';
import { recordingQueue } from './recording-queue-app.ts';

export interface PendingRecordingsProps {
  /** The recording the recorder is showing right now, which is not offered again here. */
  currentId: string | null;
  /** The recorder is busy: offering another upload now would interrupt it. */
  busy: boolean;
  onUpload(recording: FinishedRecording): void;
}

const subscribe = (listener: () => void) => recordingQueue.subscribe(listener);
const snapshot = () => recordingQueue.snapshot();

/**
 * Recordings on this device that the server does not have yet: made offline and waiting for the
 * connection (then sending, then sent), or left over from a failed upload or a closed tab (with
 * 'Upload now' and 'Discard').
 */
export function PendingRecordings({ currentId, busy, onUpload }: PendingRecordingsProps) {
  const { t } = useTranslation('audio');
  const [kept, setKept] = useState<KeptRecording[]>([]);
  const states = useSyncExternalStore(subscribe, snapshot, snapshot);

  const reload = useCallback(() => {
    listPendingRecordings()
      .then(setKept)
      .catch(() => setKept([]));
  }, []);

  // Read again whenever the recorder's current recording changes (the one it let go of may be
  // unsent, queued or discarded) and whenever the queue moves one along.
  // biome-ignore lint/correctness/useExhaustiveDependencies: currentId and states are triggers
  useEffect(reload, [currentId, states, reload]);

  const shown = kept.filter((p) => p.id !== currentId);
  const sent = [...states].filter((entry): entry is [string, Extract<QueueState, { kind: 'sent' }>] => {
    return entry[1].kind === 'sent';
  });
  if (shown.length === 0 && sent.length === 0) return null;

  const f = (recording: KeptRecording) => ({
    when: formatDateTime(new Date(recording.createdAt)),
    duration: formatElapsed(recording.durationMs),
    size: formatMegabytes(recording.blob.size),
  });
  const discard = (recording: KeptRecording) => {
    setKept((list) => list.filter((p) => p.id !== recording.id));
    void deletePendingRecording(recording.id).catch(() => undefined);
  };
  const discardButton = (recording: KeptRecording) => (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconTrash size={16} aria-hidden />}
      disabled={busy}
      aria-label={t('pending.discardLabel', { when: f(recording).when })}
      onClick={() => discard(recording)}
    >
      {t('pending.discard')}
    </Button>
  );

  return (
    <Stack gap="xs" data-testid="pending-recordings">
      {shown.map((recording) => {
        const state = states.get(recording.id) ?? (recording.queuedAt ? { kind: 'waiting' as const } : null);
        if (state?.kind === 'sending') {
          return (
            <Alert
              key={recording.id}
              color="blue"
              variant="light"
              icon={<IconCloudUpload size={20} />}
              title={t('queue.sendingTitle')}
              data-state="sending"
            >
              <Stack gap="xs">
                <Text size="sm">
                  {t('queue.sendingText', {
                    when: f(recording).when,
                    duration: f(recording).duration,
                    size: f(recording).size,
                  })}
                </Text>
                <Progress value={state.percent} animated striped aria-label={t('queue.progress')} />
              </Stack>
            </Alert>
          );
        }
        if (state?.kind === 'waiting') {
          return (
            <Alert
              key={recording.id}
              color="gray"
              variant="light"
              icon={<IconCloudOff size={20} />}
              title={t('queue.waitingTitle')}
              data-state="waiting"
            >
              <Stack gap="sm">
                <Text size="sm">
                  {t('queue.waitingText', {
                    when: f(recording).when,
                    duration: f(recording).duration,
                    size: f(recording).size,
                  })}
                </Text>
                <Group gap="xs">{discardButton(recording)}</Group>
              </Stack>
            </Alert>
          );
        }
        return (
          <Alert
            key={recording.id}
            color="yellow"
            variant="light"
            icon={<IconCloudUpload size={20} />}
            title={state?.kind === 'failed' ? t('queue.failedTitle') : t('pending.title')}
            data-state={state?.kind === 'failed' ? 'failed' : 'unsent'}
          >
            <Stack gap="sm">
              {state?.kind === 'failed' && (
                <Text size="sm" fw={600}>
                  {state.message}
                </Text>
              )}
              <Text size="sm">
                {t('pending.text', {
                  when: f(recording).when,
                  duration: f(recording).duration,
                  size: f(recording).size,
                })}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  leftSection={<IconCloudUpload size={16} aria-hidden />}
                  disabled={busy}
                  onClick={() => {
                    setKept((list) => list.filter((p) => p.id !== recording.id));
                    onUpload(recording);
                  }}
                >
                  {t('pending.upload')}
                </Button>
                {discardButton(recording)}
              </Group>
            </Stack>
          </Alert>
        );
      })}
      {sent.map(([id, state]) => (
        <Alert
          key={id}
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={20} />}
          title={t('queue.sentTitle', { count: 1 })}
          data-state="sent"
        >
          <Group gap="sm" justify="space-between">
            <Text size="sm">{t('queue.sentNote')}</Text>
            <Anchor component={Link} to={itemPath(state.audioId)} size="sm" fw={600}>
              {t('queue.open')}
            </Anchor>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
