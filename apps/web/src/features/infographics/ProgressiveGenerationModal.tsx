import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { InfographicJobSubmit } from '@voxpress/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../i18n/format.ts';
import { jobMessage } from './job-messages.ts';
import { ResultsGrid } from './ResultsGrid.tsx';
import type { InfographicSource } from './setup.ts';
import { validSizes } from './sizes.ts';
import { useImageActions } from './use-image-actions.ts';
import { useInfographicJob } from './use-job.ts';

/** A background set (spec §9): 10 variations at priority 5. */
export const JOB_VARIATIONS = 10;
export const JOB_PRIORITY = 5;

/**
 * The Progressive Infographic Generation modal (spec §2, §4): the set is queued as a job when the
 * modal opens; a progress bar and the job's step messages follow it live; the images appear when
 * it completes; 'Generation Failed' offers Try Again.
 */
export function ProgressiveGenerationModal({
  onClose,
  source,
  sizes,
}: {
  onClose(): void;
  source: InfographicSource;
  sizes: string[];
}) {
  const { t } = useTranslation('infographics');
  const narrow = useMediaQuery('(max-width: 48em)');
  const actions = useImageActions(source);
  const hasContent = source.piece.status === 'completed';
  const request = useMemo<InfographicJobSubmit | null>(
    () =>
      hasContent
        ? {
            content_id: source.piece.id,
            language: source.language,
            sizes: validSizes(sizes),
            variation_count: JOB_VARIATIONS,
            priority: JOB_PRIORITY,
          }
        : null,
    [hasContent, source.piece.id, source.language, sizes],
  );
  const { view, retry } = useInfographicJob(request, true);
  const job = view.phase === 'submitting' ? null : view.job;
  const percent = view.phase === 'completed' ? 100 : Math.round(job?.progress ?? 0);
  const message =
    view.phase === 'submitting' ? t('job.submitting') : job ? jobMessage(job) : t('job.status.failed');
  const results = view.phase === 'completed' ? view.job.results.filter((v) => v.success) : [];

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('job.title')}
      size="min(1100px, 96vw)"
      fullScreen={narrow}
      padding={narrow ? 'sm' : 'lg'}
    >
      <Stack gap="md">
        {view.phase !== 'failed' && (
          <Stack gap={6}>
            <Progress
              value={Math.max(2, percent)}
              animated={view.phase !== 'completed'}
              color={view.phase === 'completed' ? 'teal' : undefined}
              size="lg"
              aria-label={t('job.progress')}
              aria-valuenow={percent}
            />
            <Group justify="space-between" gap="xs">
              <Group gap={6}>
                {view.phase === 'completed' && (
                  <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
                )}
                <Text size="sm" role="status" aria-live="polite" data-testid="job-message">
                  {message}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {formatPercent(percent / 100)}
              </Text>
            </Group>
            {view.phase !== 'completed' && (
              <Text size="xs" c="dimmed">
                {t('job.hint')}
              </Text>
            )}
          </Stack>
        )}
        {view.phase === 'failed' && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={20} />}
            title={t('job.failedTitle')}
          >
            <Stack gap="sm">
              <Text size="sm">{view.message}</Text>
              {request && (
                <Group>
                  <Button size="xs" color="red" variant="white" onClick={retry}>
                    {t('job.retry')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        {results.length > 0 && <ResultsGrid variations={results} actions={actions} />}
      </Stack>
    </Modal>
  );
}
