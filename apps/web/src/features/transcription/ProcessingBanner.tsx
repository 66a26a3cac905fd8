import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLoader2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { statesOwnPercent } from './progress-line.ts';
import type { AudioWorkflow } from './use-audio-workflow.ts';

/**
 * The spec's banners: 'Processing your audio... This may take a minute.' with real progress while
 * transcription runs (or while the speech model downloads before the first one), and the error
 * banner with a way to try again when it failed.
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
  const { t } = useTranslation('transcription');
  if (workflow.error) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        title={t('banner.failed')}
        role="alert"
      >
        <Stack gap="sm">
          <Text size="sm">{workflow.error}</Text>
          <Text size="sm" c="dimmed">
            {t('banner.kept')}
          </Text>
          <Group>
            <Button size="xs" color="red" variant="white" onClick={onRetry} loading={retrying}>
              {t('banner.tryAgain')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (workflow.state !== 'processing') return null;
  const { percent, message } = workflow.progress;
  return (
    <Alert variant="light" icon={<IconLoader2 size={20} />} title={t('banner.processing')}>
      <Stack gap={6}>
        <Progress
          value={Math.max(2, percent)}
          animated
          aria-label={t('banner.progress')}
          aria-valuenow={Math.round(percent)}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {statesOwnPercent(message)
            ? message
            : t('banner.status', { message: message ?? t('banner.starting'), percent: Math.round(percent) })}
        </Text>
      </Stack>
    </Alert>
  );
}
