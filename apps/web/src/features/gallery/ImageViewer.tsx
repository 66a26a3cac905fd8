import { Badge, Button, Group, Stack } from '@mantine/core';
import { IconDownload, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contentTypeLabel } from '../../i18n/terms.ts';
import type { GalleryImage } from './gallery-image.ts';
import { ImageFacts } from './ImageFacts.tsx';
import { ImageFrame } from './ImageFrame.tsx';

/** An image large (inside a modal the caller opens), with its facts, Download and Share. */
export function ImageViewer({
  image,
  title,
  downloading,
  onDownload,
  onShare,
}: {
  image: GalleryImage;
  title: string;
  downloading: boolean;
  onDownload: () => void;
  onShare: () => void;
}) {
  const { t } = useTranslation('gallery');
  const type = contentTypeLabel(image.contentType);
  return (
    <Stack gap="md">
      <ImageFrame url={image.url} alt={t('image.alt', { title, type })} fit="large" />
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap={6}>
            <Badge variant="light" radius="sm">
              {type}
            </Badge>
          </Group>
          <ImageFacts image={image} />
        </Stack>
        <Group gap="xs">
          <Button leftSection={<IconDownload size={18} />} onClick={onDownload} loading={downloading}>
            {t('actions.download')}
          </Button>
          <Button variant="default" leftSection={<IconShare size={18} />} onClick={onShare}>
            {t('actions.share')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
