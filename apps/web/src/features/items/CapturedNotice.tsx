import { Alert, Anchor, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Item } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatMegabytes } from '../audio/recorder-format.ts';
import { processingState } from '../transcription/audio-monitor.ts';
import { audioKey, getAudio } from '../transcription/transcription-api.ts';

/** How the capture page hands over a new item: `navigate(itemPath(id), { state })`. */
export interface CapturedState {
  captured: 'recording' | 'upload' | 'document';
}

/**
 * Right after a capture: the upload went through ('Upload Successful!' with the file, or for a
 * recording 'Upload complete — transcription is starting'), and a way to capture another. Once the
 * transcript is done (or has failed) the news is old: the notice goes away.
 */
export function CapturedNotice({ item }: { item: Item }) {
  const { t } = useTranslation('items');
  const state = useLocation().state as CapturedState | null;
  const [open, setOpen] = useState(true);
  // The item's workflow follows its audio live; the notice reads the same cache entry, fetching nothing.
  const live = useQuery({
    queryKey: audioKey(item.id),
    queryFn: () => getAudio(item.id),
    enabled: false,
  }).data;
  const audio = live ?? item.audio;
  const finished = audio !== null && processingState(audio) !== 'processing';
  if (!state?.captured || !open || (state.captured !== 'document' && finished)) return null;
  const { captured } = state;
  const recording = captured === 'recording';
  const file = item.audio?.file_name;
  const size = item.audio?.file_size_bytes;
  const title =
    captured === 'recording'
      ? t('captured.recording')
      : captured === 'document'
        ? t('captured.document')
        : t('captured.upload');
  const another =
    captured === 'recording'
      ? t('captured.recordAnother')
      : captured === 'document'
        ? t('captured.uploadAnotherDocument')
        : t('captured.uploadAnother');
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconCircleCheck size={20} />}
      title={title}
      withCloseButton
      closeButtonLabel={t('captured.close')}
      onClose={() => setOpen(false)}
      data-testid="captured-notice"
    >
      {!recording && file && (
        <Text size="sm">{size ? t('captured.file', { name: file, size: formatMegabytes(size) }) : file}</Text>
      )}
      <Anchor
        component={Link}
        to={recording ? '/home/audio?mode=record' : '/home/audio?mode=upload'}
        size="sm"
      >
        {another}
      </Anchor>
    </Alert>
  );
}
