import { Alert, Anchor, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { Item } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatMegabytes } from '../audio/recorder-format.ts';

/** How the capture page hands over a new item: `navigate(itemPath(id), { state })`. */
export interface CapturedState {
  captured: 'recording' | 'upload' | 'document';
}

/**
 * Right after a capture: the upload went through ('Upload Successful!' with the file, or for a
 * recording 'Upload complete — transcription is starting'), and a way to capture another.
 */
export function CapturedNotice({ item }: { item: Item }) {
  const { t } = useTranslation('items');
  const state = useLocation().state as CapturedState | null;
  const [open, setOpen] = useState(true);
  if (!state?.captured || !open) return null;
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
