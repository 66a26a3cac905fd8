import { ActionIcon, Alert, Button, Group, Loader, Modal, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpeakersRequest } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { detectSpeakers, speakersKey } from './speakers-api.ts';

/** The choices of "Number of speakers": auto, then 1 (off) to 10. */
export function speakerCountOptions(auto: string, off: string): { value: string; label: string }[] {
  return [
    { value: 'auto', label: auto },
    { value: '1', label: off },
    ...Array.from({ length: 9 }, (_, i) => ({ value: String(i + 2), label: String(i + 2) })),
  ];
}

/** The form value of "Number of speakers" as the API takes it. */
export const speakersRequest = (value: string | null): SpeakersRequest =>
  !value || value === 'auto' ? 'auto' : Number(value);

/** "Number of speakers: auto / 1 / 2 / …", for uploads, the recorder and detecting again. */
export function SpeakerCountSelect({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('transcription');
  return (
    <Select
      label={t('speakers.count')}
      description={t('speakers.countHint')}
      data={speakerCountOptions(t('speakers.auto'), t('speakers.one'))}
      value={value}
      onChange={(v) => onChange(v ?? 'auto')}
      allowDeselect={false}
      disabled={disabled}
      w={{ base: '100%', xs: 260 }}
    />
  );
}

/** Where speaker detection stands, while it runs or when it failed; nothing otherwise. */
export function SpeakersStatusLine({ status, error }: { status: string | undefined; error: string | null }) {
  const { t } = useTranslation('transcription');
  if (status === 'queued' || status === 'processing')
    return (
      <Group gap="xs" role="status" aria-live="polite" data-testid="speakers-status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('speakers.finding')}
        </Text>
      </Group>
    );
  if (status === 'failed')
    return (
      <Alert color="yellow" variant="light" role="status" data-testid="speakers-status">
        <Text size="sm">
          {error ? t('speakers.failedWhy', { reason: error }) : t('speakers.failedPlain')}
        </Text>
      </Alert>
    );
  return null;
}

/** "Detect speakers again", with how many voices to look for. */
export function DetectSpeakers({ audioId }: { audioId: string }) {
  const { t } = useTranslation('transcription');
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [count, setCount] = useState('auto');
  const start = useMutation({
    mutationFn: () => detectSpeakers(audioId, speakersRequest(count)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: speakersKey(audioId) });
      setOpened(false);
    },
  });
  return (
    <>
      <Tooltip label={t('speakers.detectAgain')}>
        <ActionIcon
          variant="default"
          size={30}
          aria-label={t('speakers.detectAgain')}
          onClick={() => {
            start.reset();
            setOpened(true);
          }}
        >
          <IconUsers size={16} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('speakers.detectAgain')} centered>
        <Stack>
          <Text size="sm">{t('speakers.detectText')}</Text>
          <SpeakerCountSelect value={count} onChange={setCount} disabled={start.isPending} />
          {start.error && <ErrorState message={errorMessage(start.error, t('speakers.failed'))} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={start.isPending}>
              {t('again.cancel')}
            </Button>
            <Button loading={start.isPending} onClick={() => start.mutate()}>
              {t('speakers.detect')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
