import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLoader2 } from '@tabler/icons-react';
import type { AudioWorkflow } from './use-audio-workflow.ts';

/**
 * The spec's banners: 'Processing your audio... This may take a minute.' with real progress while
 * transcription runs, and the error banner with a way to try again when it failed.
 */
export function ProcessingBanner({
  workflow,
  onRetry,
  retrying,
}: {
  workflow: AudioWorkflow;
  onRetry(): void;
  retrying: boolean;
}) {
  if (workflow.error) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        title="Transcription failed"
        role="alert"
      >
        <Stack gap="sm">
          <Text size="sm">{workflow.error}</Text>
          <Text size="sm" c="dimmed">
            Your audio is kept. Try again, or choose another language first.
          </Text>
          <Group>
            <Button size="xs" color="red" variant="white" onClick={onRetry} loading={retrying}>
              Try again
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (workflow.state !== 'processing') return null;
  const { percent, message } = workflow.progress;
  return (
    <Alert
      variant="light"
      icon={<IconLoader2 size={20} />}
      title="Processing your audio... This may take a minute."
    >
      <Stack gap={6}>
        <Progress
          value={Math.max(2, percent)}
          animated
          aria-label="Transcription progress"
          aria-valuenow={Math.round(percent)}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {message ?? 'Starting...'} · {Math.round(percent)}%
        </Text>
      </Stack>
    </Alert>
  );
}
