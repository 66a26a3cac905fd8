import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJob, JobStatus } from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/PageState.tsx';
import { formatDateTime, formatNumber } from '../../../i18n/format.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { fetchQueues, QUEUES_KEY, retryJob } from './queues-api.ts';

const STATES: JobStatus[] = ['queued', 'running', 'completed', 'failed', 'cancelled'];

/** A job kind in words; a kind this version does not name is shown as the server calls it. */
function kindLabel(t: TFunction<'admin'>, name: string): string {
  switch (name) {
    case 'audio.transcribe':
      return t('queues.kind.transcribe');
    case 'content.enhance':
      return t('queues.kind.enhance');
    case 'content.renditions':
      return t('queues.kind.renditions');
    case 'webhook.deliver':
      return t('queues.kind.webhook');
    case 'whisper.model.download':
      return t('queues.kind.whisperDownload');
    default:
      return name;
  }
}

function stateLabel(t: TFunction<'admin'>, state: JobStatus): string {
  switch (state) {
    case 'queued':
      return t('queues.state.queued');
    case 'running':
      return t('queues.state.running');
    case 'completed':
      return t('queues.state.completed');
    case 'failed':
      return t('queues.state.failed');
    case 'cancelled':
      return t('queues.state.cancelled');
  }
}

/** BullMQ's own states in words. */
function engineStateLabel(t: TFunction<'admin'>, state: string): string {
  switch (state) {
    case 'waiting':
      return t('queues.engineState.waiting');
    case 'active':
      return t('queues.engineState.active');
    case 'delayed':
      return t('queues.engineState.delayed');
    case 'completed':
      return t('queues.engineState.completed');
    case 'failed':
      return t('queues.engineState.failed');
    default:
      return state;
  }
}

/**
 * The administrator's view of the job queues: jobs per kind and state, what the queue engine
 * holds, failed jobs with their reason and a button to run one again. Renders nothing for anyone
 * else, so it can be mounted unconditionally.
 */
export function QueuesPanel() {
  const { user } = useAuth();
  if (!user?.is_admin) return null;
  return <Queues />;
}

function Queues() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const queues = useQuery({ queryKey: QUEUES_KEY, queryFn: fetchQueues, refetchInterval: 10_000 });
  const retry = useMutation({
    mutationFn: (job: FailedJob) => retryJob(job.id),
    onSuccess: (_r, job) => {
      notifications.show({ color: 'teal', message: t('queues.retried', { kind: kindLabel(t, job.name) }) });
      void queryClient.invalidateQueries({ queryKey: QUEUES_KEY });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="admin-queues">
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap" gap="xs">
        <Title order={2} fz="h4" id="admin-queues">
          {t('queues.title')}
        </Title>
        {queues.data && (
          <Badge variant="light" color={queues.data.driver === 'bullmq' ? 'violet' : 'gray'}>
            {queues.data.driver === 'bullmq' ? t('queues.driver.bullmq') : t('queues.driver.embedded')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('queues.lead')}
      </Text>
      {queues.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('queues.loading')}>
          <Skeleton h={24} />
          <Skeleton h={24} />
          <Skeleton h={64} />
        </Stack>
      ) : queues.isError ? (
        <ErrorState
          title={t('queues.loadFailed')}
          message={queues.error.message}
          onRetry={() => void queues.refetch()}
        />
      ) : (
        <Stack gap="lg">
          {queues.data.kinds.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('queues.empty')}
            </Text>
          ) : (
            <>
              <Table
                visibleFrom="sm"
                striped
                highlightOnHover
                verticalSpacing="xs"
                fz="sm"
                aria-labelledby="admin-queues"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('queues.kindColumn')}</Table.Th>
                    {STATES.map((state) => (
                      <Table.Th key={state} scope="col" ta="end">
                        {stateLabel(t, state)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {queues.data.kinds.map((kind) => (
                    <Table.Tr key={kind.name}>
                      <Table.Th scope="row" fw={500}>
                        {kindLabel(t, kind.name)}
                      </Table.Th>
                      {STATES.map((state) => (
                        <Table.Td
                          key={state}
                          ta="end"
                          c={state === 'failed' && kind.counts.failed > 0 ? 'red' : undefined}
                          style={{ fontVariantNumeric: 'tabular-nums' }}
                        >
                          {formatNumber(kind.counts[state])}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {/* Phones: one block per kind, every state in view without scrolling sideways. */}
              <Stack hiddenFrom="sm" gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {queues.data.kinds.map((kind) => (
                  <Paper key={kind.name} component="li" withBorder radius="md" p="sm">
                    <Text size="sm" fw={600} mb={6}>
                      {kindLabel(t, kind.name)}
                    </Text>
                    <SimpleGrid cols={3} spacing="xs" verticalSpacing={4} component="dl" m={0}>
                      {STATES.map((state) => (
                        <div key={state}>
                          <Text component="dt" size="xs" c="dimmed">
                            {stateLabel(t, state)}
                          </Text>
                          <Text
                            component="dd"
                            m={0}
                            size="sm"
                            fw={600}
                            c={state === 'failed' && kind.counts.failed > 0 ? 'red' : undefined}
                          >
                            {formatNumber(kind.counts[state])}
                          </Text>
                        </div>
                      ))}
                    </SimpleGrid>
                  </Paper>
                ))}
              </Stack>
            </>
          )}
          {queues.data.engine && (
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {t('queues.engineTitle')}
              </Text>
              <Group gap="xs">
                {Object.entries(queues.data.engine).map(([state, n]) => (
                  <Badge key={state} variant="outline" color="gray" tt="none">
                    {t('queues.engineCount', { state: engineStateLabel(t, state), n: formatNumber(n) })}
                  </Badge>
                ))}
              </Group>
            </Stack>
          )}
          <Stack gap="sm">
            <Title order={3} fz="md">
              {t('queues.failedTitle')}
            </Title>
            {queues.data.failed.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('queues.noFailures')}
              </Text>
            ) : (
              <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {queues.data.failed.map((job) => (
                  <Paper key={job.id} component="li" withBorder radius="md" p="sm">
                    <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                        <Text size="sm" fw={600}>
                          {kindLabel(t, job.name)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('queues.failedAt', {
                            date: formatDateTime(new Date(job.failed_at ?? job.created_at)),
                            attempts: formatNumber(job.attempts),
                            count: job.attempts,
                          })}
                        </Text>
                      </Stack>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconRefresh size={14} aria-hidden />}
                        loading={retry.isPending && retry.variables?.id === job.id}
                        onClick={() => retry.mutate(job)}
                        aria-label={t('queues.retryLabel', { kind: kindLabel(t, job.name) })}
                      >
                        {t('queues.retry')}
                      </Button>
                    </Group>
                    <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {job.error ?? t('queues.noReason')}
                    </Code>
                  </Paper>
                ))}
              </Stack>
            )}
            {queues.data.failed_total > queues.data.failed.length && (
              <Text size="xs" c="dimmed">
                {t('queues.moreFailures', {
                  shown: formatNumber(queues.data.failed.length),
                  count: queues.data.failed_total,
                  total: formatNumber(queues.data.failed_total),
                })}
              </Text>
            )}
          </Stack>
        </Stack>
      )}
    </Card>
  );
}
