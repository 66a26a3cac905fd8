import {
  Anchor,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClock,
  IconFileMusic,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFileSize } from '../../i18n/format.ts';
import { itemPath } from '../items/items-api.ts';
import { languageName } from './language-fields.ts';
import type { QueueRow, UploadQueue } from './upload-queue.ts';
import { AUDIO_ACCEPT } from './upload-rules.ts';

const ACCEPT = Object.keys(AUDIO_ACCEPT).join(',');

/** The rows of the files chosen together: each with its progress, then its item or its reason. */
export function UploadQueueList({ queue, rows }: { queue: UploadQueue; rows: readonly QueueRow[] }) {
  const { t } = useTranslation('audio');
  const sent = rows.filter((r) => r.state.kind === 'sent').length;
  const finished = rows.filter((r) => r.state.kind === 'sent' || r.state.kind === 'failed').length;
  const summary = t('files.summary', { sent, count: rows.length });
  return (
    <Stack gap="xs" component="section" aria-labelledby="upload-queue-title" data-testid="upload-queue">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="h5" id="upload-queue-title">
          {t('files.title')}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-hidden>
            {summary}
          </Text>
          {finished > 0 && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              onClick={() => void queue.clearFinished()}
            >
              {t('files.clear')}
            </Button>
          )}
        </Group>
      </Group>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <QueueRowView key={row.entry.id} row={row} queue={queue} />
        ))}
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {summary}
      </VisuallyHidden>
    </Stack>
  );
}

function QueueRowView({ row, queue }: { row: QueueRow; queue: UploadQueue }) {
  const { t } = useTranslation('audio');
  const { entry, state } = row;
  const name = entry.name;
  const removeButton = (
    <Button
      size="compact-sm"
      variant="default"
      leftSection={<IconTrash size={14} aria-hidden />}
      aria-label={t('files.removeLabel', { name })}
      onClick={() => void queue.remove(entry.id)}
    >
      {t('files.remove')}
    </Button>
  );
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-state={state.kind}
      aria-label={name}
      style={state.kind === 'failed' ? { borderColor: 'var(--mantine-color-red-outline)' } : undefined}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFileMusic size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={600} truncate="end" title={name}>
            {name}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {[entry.language ? languageName(entry.language) : null, formatFileSize(entry.size)]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {state.kind === 'waiting' && (
          <Group justify="space-between" gap="xs">
            <Group gap={6}>
              <IconClock size={16} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="dimmed">
                {t('files.waiting')}
              </Text>
            </Group>
            {removeButton}
          </Group>
        )}
        {state.kind === 'sending' && (
          <>
            <Progress
              value={state.percent}
              animated
              striped
              aria-label={t('files.progressLabel', { name })}
            />
            <Text size="sm" c="dimmed">
              {state.percent >= 100
                ? t('upload.checking')
                : t('upload.uploadingPercent', { percent: state.percent })}
            </Text>
          </>
        )}
        {state.kind === 'sent' && (
          <Group justify="space-between" gap="xs">
            <Group gap={6} wrap="nowrap">
              <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-teal-6)" />
              <Text size="sm">{t('files.sent')}</Text>
            </Group>
            <Anchor
              component={Link}
              to={itemPath(state.audioId)}
              size="sm"
              fw={600}
              aria-label={t('files.openLabel', { name })}
            >
              {t('files.open')}
            </Anchor>
          </Group>
        )}
        {state.kind === 'failed' && (
          <Stack gap={6}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconAlertTriangle
                size={16}
                aria-hidden
                color="var(--mantine-color-red-6)"
                style={{ flexShrink: 0, marginTop: 2 }}
              />
              <Text size="sm" c="red" data-testid="upload-queue-error">
                {state.message}
              </Text>
            </Group>
            <Group gap="xs">
              {entry.file && (
                <Button
                  size="compact-sm"
                  color="red"
                  variant="light"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  aria-label={t('files.retryLabel', { name })}
                  onClick={() => void queue.retry(entry.id)}
                >
                  {t('upload.tryAgain')}
                </Button>
              )}
              {removeButton}
            </Group>
          </Stack>
        )}
        {state.kind === 'missing' && (
          <Stack gap={6}>
            <Text size="sm">{t('files.missing')}</Text>
            <Group gap="xs">
              <FileButton accept={ACCEPT} onChange={(file) => file && void queue.repick(entry.id, file)}>
                {(props) => (
                  <Button {...props} size="compact-sm" variant="light">
                    {t('files.chooseAgain')}
                  </Button>
                )}
              </FileButton>
              {removeButton}
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The queue's rows, read again whenever it changes. */
export function useQueueRows(queue: UploadQueue): readonly QueueRow[] {
  return useSyncExternalStore(queue.subscribe, queue.rows, queue.rows);
}
