import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCloudUpload,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { LIMITS } from '@voxpress/contracts';
import { useEffect, useRef } from 'react';
import { formatElapsed, formatMegabytes } from './recorder-format.ts';
import type { RecorderState } from './recorder-machine.ts';

export interface RecordingReviewProps {
  state: RecorderState;
  playbackUrl: string | null;
  disabled: boolean;
  onUse(): void;
  onRecordAgain(): void;
  onDiscard(): void;
}

function autoStopNote(reason: RecorderState['autoStopped']): string | null {
  if (reason === 'time')
    return `The recording stopped by itself at the ${LIMITS.maxRecordingSeconds / 60}-minute limit.`;
  if (reason === 'size')
    return `The recording stopped by itself at the ${LIMITS.maxRecordingBytes / (1024 * 1024)} MB limit.`;
  return null;
}

/** A finished recording: playback, then Use Recording (upload), Record again or Discard. */
export function RecordingReview({
  state,
  playbackUrl,
  disabled,
  onUse,
  onRecordAgain,
  onDiscard,
}: RecordingReviewProps) {
  const { status, recording, progress, uploadError } = state;
  const uploading = status === 'uploading';
  const uploaded = status === 'uploaded';
  // Focus follows the flow: the controls that had it (Stop, Use Recording) disappear.
  const useButton = useRef<HTMLButtonElement>(null);
  const againButton = useRef<HTMLButtonElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (status === 'stopped') (retryButton.current ?? useButton.current)?.focus();
    if (status === 'uploaded') againButton.current?.focus();
  }, [status]);
  if (!recording) return null;
  const note = autoStopNote(state.autoStopped);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{uploaded ? 'Recording sent' : 'Your recording'}</Text>
          <Text size="sm" c="dimmed" ff="monospace">
            {formatElapsed(recording.durationMs)} · {formatMegabytes(recording.blob.size)}
          </Text>
        </Group>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
        {playbackUrl && (
          // biome-ignore lint/a11y/useMediaCaption: a user's own voice recording has no captions yet; the transcript follows
          <audio
            controls
            src={playbackUrl}
            preload="metadata"
            style={{ width: '100%' }}
            aria-label="Play your recording"
          />
        )}

        {uploading && (
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {progress === 0 ? 'Preparing the recording…' : 'Uploading recording…'}
              </Text>
              <Text size="sm" c="dimmed" ff="monospace">
                {progress}%
              </Text>
            </Group>
            <Progress value={progress} animated striped aria-label="Upload progress" />
          </Stack>
        )}

        {uploadError && (
          <Alert
            color="red"
            variant="light"
            title="Upload failed"
            icon={<IconAlertTriangle size={20} />}
            role="alert"
          >
            <Stack gap="sm">
              <Text size="sm">{uploadError}</Text>
              <Text size="xs" c="dimmed">
                Your recording is kept on this device until it is uploaded.
              </Text>
              <Group>
                <Button
                  ref={retryButton}
                  size="xs"
                  color="red"
                  variant="white"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  onClick={onUse}
                  disabled={disabled}
                >
                  Retry
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}

        {uploaded && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />}>
            <Text size="sm" fw={600}>
              Upload complete — transcription is starting
            </Text>
          </Alert>
        )}

        <Group gap="sm">
          {!uploaded && !uploadError && (
            <Button
              ref={useButton}
              leftSection={<IconCloudUpload size={18} aria-hidden />}
              onClick={onUse}
              loading={uploading}
              disabled={disabled}
            >
              Use Recording
            </Button>
          )}
          <Button
            ref={againButton}
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={onRecordAgain}
            disabled={uploading || disabled}
          >
            Record again
          </Button>
          {!uploaded && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={onDiscard}
              disabled={uploading || disabled}
            >
              Discard
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
