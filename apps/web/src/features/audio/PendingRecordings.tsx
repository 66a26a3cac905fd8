import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
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
        const when = new Date(recording.createdAt).toLocaleString();
        return (
          <Alert
            key={recording.id}
            color="yellow"
            variant="light"
            icon={<IconCloudUpload size={20} />}
            title="Unsent recording"
          >
            <Stack gap="sm">
              <Text size="sm">
                A recording from {when} ({formatElapsed(recording.durationMs)},{' '}
                {formatMegabytes(recording.blob.size)}) has not been uploaded yet.
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
                  Upload now
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  disabled={busy}
                  aria-label={`Discard the recording from ${when}`}
                  onClick={() => {
                    setPending((list) => list.filter((p) => p.id !== recording.id));
                    void deletePendingRecording(recording.id).catch(() => undefined);
                  }}
                >
                  Discard
                </Button>
              </Group>
            </Stack>
          </Alert>
        );
      })}
    </Stack>
  );
}
