import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCloudUpload,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { LIMITS } from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatElapsed, formatMegabytes } from './recorder-format.ts';
import type { RecorderState } from './recorder-machine.ts';

export interface RecordingReviewProps {
  state: RecorderState;
  playbackUrl: string | null;
  /** When a recording stops by itself, in seconds (300, or this server's shorter limit). */
  timeLimitS: number;
  disabled: boolean;
  onUse(): void;
  onRecordAgain(): void;
  onDiscard(): void;
}

function autoStopNote(
  t: TFunction<'audio'>,
  reason: RecorderState['autoStopped'],
  timeLimitS: number,
): string | null {
  if (reason === 'time') return t('review.stoppedAtTime', { minutes: Math.round(timeLimitS / 60) });
  if (reason === 'size')
    return t('review.stoppedAtSize', { megabytes: LIMITS.maxRecordingBytes / (1024 * 1024) });
  return null;
}

/** A finished recording: playback, then Use Recording (upload), Record again or Discard. */
export function RecordingReview({
  state,
  playbackUrl,
  timeLimitS,
  disabled,
  onUse,
  onRecordAgain,
  onDiscard,
}: RecordingReviewProps) {
  const { t } = useTranslation('audio');
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
  const note = autoStopNote(t, state.autoStopped, timeLimitS);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{uploaded ? t('review.sent') : t('review.yours')}</Text>
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
            aria-label={t('review.play')}
          />
        )}

        {uploading && (
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {progress === 0 ? t('review.preparing') : t('review.uploading')}
              </Text>
              <Text size="sm" c="dimmed" ff="monospace">
                {progress}%
              </Text>
            </Group>
            <Progress value={progress} animated striped aria-label={t('review.progress')} />
          </Stack>
        )}

        {uploadError && (
          <Alert
            color="red"
            variant="light"
            title={t('review.failed')}
            icon={<IconAlertTriangle size={20} />}
            role="alert"
          >
            <Stack gap="sm">
              <Text size="sm">{uploadError}</Text>
              <Text size="xs" c="dimmed">
                {t('review.keptOnDevice')}
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
                  {t('review.retry')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}

        {uploaded && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />}>
            <Text size="sm" fw={600}>
              {t('review.complete')}
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
              {t('review.use')}
            </Button>
          )}
          <Button
            ref={againButton}
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={onRecordAgain}
            disabled={uploading || disabled}
          >
            {t('review.again')}
          </Button>
          {!uploaded && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={onDiscard}
              disabled={uploading || disabled}
            >
              {t('review.discard')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
