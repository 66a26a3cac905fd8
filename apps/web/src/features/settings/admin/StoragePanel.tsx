import { Alert, Code, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/PageState.tsx';
import { formatFileSize, formatNumber } from '../../../i18n/format.ts';
import { SettingsSection } from '../SettingsSection.tsx';
import { fetchStorageSpace, STORAGE_SPACE_KEY } from './storage-api.ts';

/** How often the figure is read again while the page is open. */
const REFRESH_MS = 60_000;

/**
 * Room left on the disk of the data folder, with a warning once it is low (below 1 GB, or 5 % of
 * a larger disk: the server decides): when it is full, uploads and transcriptions fail.
 */
export function StoragePanel() {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: STORAGE_SPACE_KEY,
    queryFn: fetchStorageSpace,
    refetchInterval: REFRESH_MS,
  });
  return (
    <SettingsSection title={t('storage.title')} lead={t('storage.lead')}>
      {query.isPending ? (
        <Skeleton h={72} radius="md" />
      ) : query.isError ? (
        <ErrorState
          title={t('storage.loadFailed')}
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Stack gap="sm">
          {query.data.low && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={20} aria-hidden />}
              title={t('storage.lowTitle')}
            >
              {t('storage.lowBody', { threshold: formatFileSize(query.data.low_below_bytes) })}
            </Alert>
          )}
          <Progress
            value={usedShare(query.data.free_bytes, query.data.total_bytes) * 100}
            color={query.data.low ? 'red' : 'teal'}
            size="lg"
            radius="xl"
            aria-label={t('storage.used', {
              percent: formatNumber(usedShare(query.data.free_bytes, query.data.total_bytes), {
                style: 'percent',
                maximumFractionDigits: 0,
              }),
            })}
          />
          <Text fw={600}>
            {t('storage.free', {
              free: formatFileSize(query.data.free_bytes),
              total: formatFileSize(query.data.total_bytes),
            })}
          </Text>
          <Group gap="xs" wrap="nowrap" align="baseline">
            <Text size="sm" c="dimmed">
              {t('storage.dataDir')}
            </Text>
            {/* A path reads left to right in every language. */}
            <Code dir="ltr" style={{ overflowWrap: 'anywhere' }}>
              {query.data.data_dir}
            </Code>
          </Group>
          {query.data.blobs === 's3' && (
            <Text size="sm" c="dimmed">
              {t('storage.s3')}
            </Text>
          )}
        </Stack>
      )}
    </SettingsSection>
  );
}

/** The share of the disk in use, 0–1. */
function usedShare(free: number, total: number): number {
  return total > 0 ? Math.min(1, Math.max(0, (total - free) / total)) : 0;
}
