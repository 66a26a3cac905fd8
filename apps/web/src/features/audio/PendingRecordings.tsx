import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format.ts';
import { deletePendingRecording, listPendingRecordings } from './pending-recordings.ts';
import { formatElapsed, formatMegabytes } from './recorder-format.ts';
import type { FinishedRecording } from './recorder-machine.ts';

export interface PendingRecordingsProps {
  /** The recording the recorder is showing right now, which is not offered again here. */
  currentId: string | null;
  /** The recorder is busy: offering another upload now would interrupt it. */
  busy: boolean;
  onUpload(recording: FinishedRecording): void;
}

/**
 * Recordings made earlier that never reached the server (a failed upload, a closed tab), each
 * with 'Upload now' and 'Discard'.
 */
export function PendingRecordings({ currentId, busy, onUpload }: PendingRecordingsProps) {
  const { t } = useTranslation('audio');
  const [pending, setPending] = useState<FinishedRecording[]>([]);

  const reload = useCallback(() => {
    listPendingRecordings()
      .then(setPending)
      .catch(() => setPending([]));
  }, []);

  // Read again whenever the recorder's current recording changes: the one it let go of may
  // still be unsent (and so belongs in this list), or may have been discarded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: currentId is the trigger, not an input
  useEffect(reload, [currentId, reload]);

  const shown = pending.filter((p) => p.id !== currentId);
  if (shown.length === 0) return null;

  return (
    <Stack gap="xs">
      {shown.map((recording) => {
        const when = formatDateTime(new Date(recording.createdAt));
        return (
          <Alert
            key={recording.id}
            color="yellow"
            variant="light"
            icon={<IconCloudUpload size={20} />}
            title={t('pending.title')}
          >
            <Stack gap="sm">
              <Text size="sm">
                {t('pending.text', {
                  when,
                  duration: formatElapsed(recording.durationMs),
                  size: formatMegabytes(recording.blob.size),
                })}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  leftSection={<IconCloudUpload size={16} aria-hidden />}
                  disabled={busy}
                  onClick={() => {
                    setPending((list) => list.filter((p) => p.id !== recording.id));
                    onUpload(recording);
                  }}
                >
                  {t('pending.upload')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  disabled={busy}
                  aria-label={t('pending.discardLabel', { when })}
                  onClick={() => {
                    setPending((list) => list.filter((p) => p.id !== recording.id));
                    void deletePendingRecording(recording.id).catch(() => undefined);
                  }}
                >
                  {t('pending.discard')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        );
      })}
    </Stack>
  );
}
