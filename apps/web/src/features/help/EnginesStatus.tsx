import { Badge, Card, Code, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { EngineImplementation, EngineState } from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { formatFileSize, formatPercent } from '../../i18n/format.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { enginesQuery } from './engines-api.ts';

function stateLabel(t: TFunction<'help'>, state: EngineState): string {
  switch (state) {
    case 'active':
      return t('engines.state.active');
    case 'available':
      return t('engines.state.available');
    case 'missing':
      return t('engines.state.missing');
    case 'misconfigured':
      return t('engines.state.misconfigured');
    case 'disabled':
      return t('engines.state.disabled');
  }
}

/**
 * Whether the model file is on the server: "not downloaded" (with its size where known) until it
 * is, how far a download has gone, and why a download failed.
 */
function modelLabel(t: TFunction<'help'>, model: NonNullable<EngineImplementation['model']>): string {
  switch (model.state) {
    case 'downloaded':
      return t('engines.model.downloaded', { name: model.name });
    case 'not_downloaded':
      return model.bytes === undefined
        ? t('engines.model.notDownloaded', { name: model.name })
        : t('engines.model.notDownloadedSize', { name: model.name, size: formatFileSize(model.bytes) });
    case 'downloading':
      return t('engines.model.downloading', {
        name: model.name,
        percent: formatPercent((model.percent ?? 0) / 100),
      });
    case 'download_failed':
      return t('engines.model.failed', { name: model.name, reason: model.reason ?? '' });
  }
}

const STATE_COLOR: Record<EngineState, string> = {
  active: 'teal',
  available: 'blue',
  missing: 'orange',
  misconfigured: 'red',
  disabled: 'gray',
};

/** What this server reports about its engines, live, to whoever is signed in. */
export function EnginesStatus() {
  const { t } = useTranslation('help');
  const auth = useAuth();
  const engines = useQuery(enginesQuery(auth));

  if (auth.status === 'signed-out') return <Text c="dimmed">{t('engines.signedOut')}</Text>;
  if (engines.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy="true" aria-label={t('engines.loading')}>
        <Skeleton h={140} radius="lg" />
        <Skeleton h={140} radius="lg" />
      </SimpleGrid>
    );
  }
  if (engines.isError) {
    return (
      <ErrorState
        title={t('engines.loadFailed')}
        message={loadErrorMessage(engines.error)}
        onRetry={() => void engines.refetch()}
      />
    );
  }
  if (engines.data.ports.length === 0) {
    return <Text c="dimmed">{t('engines.none')}</Text>;
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="engines">
      {engines.data.ports.map((port) => (
        <Card key={port.port} withBorder radius="lg" padding="lg">
          <Title order={3} fz="lg" mb="sm">
            {port.port}
          </Title>
          <Stack gap="sm">
            {port.implementations.map((impl) => (
              <Stack key={impl.id} gap={2}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {impl.name}
                  </Text>
                  <Badge color={STATE_COLOR[impl.state]} variant="light" size="sm" style={{ flexShrink: 0 }}>
                    {stateLabel(t, impl.state)}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {impl.detail ?? impl.reason}
                </Text>
                {impl.model && (
                  <Text
                    size="xs"
                    c={impl.model.state === 'downloaded' ? 'dimmed' : 'orange'}
                    data-testid={`engine-model-${impl.id}`}
                  >
                    {modelLabel(t, impl.model)}
                  </Text>
                )}
                {impl.enable && impl.state !== 'active' && (
                  <Text size="xs" c="dimmed">
                    {t('engines.toEnable')}{' '}
                    <Code style={{ whiteSpace: 'normal', wordBreak: 'break-all' }}>{impl.enable}</Code>
                  </Text>
                )}
              </Stack>
            ))}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
