import { Alert, Button, DataList, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Audio } from '@voxpress/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format.ts';
import { processingState } from '../transcription/audio-monitor.ts';
import { audioKey, getAudio } from '../transcription/transcription-api.ts';
import { languageName } from './language-fields.ts';
import { formatElapsed, formatMegabytes } from './recorder-format.ts';

/**
 * 'Upload Successful!' with what the server stored, and the processing note. The heading takes
 * the focus, as the form that had it is gone.
 */
export function UploadSuccessCard({ audio, onAnother }: { audio: Audio; onAnother(): void }) {
  const { t } = useTranslation('audio');
  const heading = useRef<HTMLHeadingElement>(null);
  // The workflow below follows this audio live; the card reads the same cache entry, fetching nothing.
  const live = useQuery({
    queryKey: audioKey(audio.audio_id),
    queryFn: () => getAudio(audio.audio_id),
    enabled: false,
  }).data;
  const state = processingState(live ?? audio);
  useEffect(() => heading.current?.focus({ preventScroll: false }), []);
  const rows: Array<[string, string]> = [
    [t('success.fileName'), audio.file_name ?? '—'],
    [t('success.fileTitle'), audio.title],
    [t('success.size'), audio.file_size_bytes === null ? '—' : formatMegabytes(audio.file_size_bytes)],
    [
      t('success.duration'),
      audio.duration_s === null ? t('success.measuring') : formatElapsed(audio.duration_s * 1000),
    ],
    [t('success.language'), languageName(audio.language)],
    [t('success.uploaded'), formatDateTime(new Date(audio.created_at))],
    [t('success.description'), audio.description?.trim() || '—'],
  ];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="upload-success">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="teal" variant="light" size={40} radius="xl" aria-hidden>
            <IconCircleCheck size={24} />
          </ThemeIcon>
          <Title order={3} fz="h4" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {t('success.title')}
          </Title>
        </Group>
        <DataList size="sm" labelWidth={110} withDivider>
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
              <DataList.ItemValue style={{ wordBreak: 'break-word' }}>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
        {state === 'processing' ? (
          <Alert color="violet" variant="light" icon={<Loader size={16} aria-hidden />}>
            <Text size="sm">{t('success.processing')}</Text>
          </Alert>
        ) : (
          <Alert color={state === 'completed' ? 'teal' : 'red'} variant="light">
            <Text size="sm">{state === 'completed' ? t('success.transcribed') : t('success.failed')}</Text>
          </Alert>
        )}
        <Group>
          <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={onAnother}>
            {t('success.another')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
