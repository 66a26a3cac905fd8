import { ActionIcon, Anchor, Badge, Card, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowsMaximize, IconDownload, IconFileText, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { contentTypeLabel } from '../../i18n/terms.ts';
import { itemPath } from '../items/items-api.ts';
import type { SourceItem } from './gallery-api.ts';
import type { GalleryImage } from './gallery-image.ts';
import { ImageFacts } from './ImageFacts.tsx';
import { ImageFrame } from './ImageFrame.tsx';

export interface ImageCardProps {
  image: GalleryImage;
  /** What to call it: its own title, else its source item's, else "Untitled infographic". */
  title: string;
  source: SourceItem | null;
  downloading: boolean;
  onOpen: () => void;
  onDownload: () => void;
  onShare: () => void;
}

/** One image of the gallery: its thumbnail (opens it large), what it is, and what can be done with it. */
export function ImageCard({
  image,
  title,
  source,
  downloading,
  onOpen,
  onDownload,
  onShare,
}: ImageCardProps) {
  const { t } = useTranslation('gallery');
  const type = contentTypeLabel(image.contentType);
  return (
    <Card component="li" withBorder radius="lg" padding="sm" data-testid="gallery-image">
      {/* The picture opens large on a click or tap; keyboards reach the same through the button below,
          so it stays out of the tab order while screen readers still read its text or failure. */}
      <UnstyledButton onClick={onOpen} tabIndex={-1} display="block">
        <ImageFrame url={image.url} alt={t('image.alt', { title, type })} />
      </UnstyledButton>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={600} size="sm" lineClamp={2} title={title} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        <Group gap={6}>
          <Badge variant="light" radius="sm">
            {type}
          </Badge>
        </Group>
        <ImageFacts image={image} size="xs" />
        {source && (
          <Anchor
            component={Link}
            to={itemPath(source.id)}
            size="sm"
            aria-label={t('openItem', { title: source.title })}
            style={{ overflowWrap: 'anywhere' }}
          >
            <Group gap={4} wrap="nowrap" align="flex-start">
              <IconFileText size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text span size="sm" lineClamp={1} dir="auto" style={{ textAlign: 'match-parent' }}>
                {source.title}
              </Text>
            </Group>
          </Anchor>
        )}
      </Stack>
      <Group gap="xs" mt="sm" justify="flex-end">
        <Tooltip label={t('actions.open')}>
          <ActionIcon
            variant="light"
            size="lg"
            onClick={onOpen}
            aria-label={t('actions.openLabel', { title })}
          >
            <IconArrowsMaximize size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('actions.download')}>
          <ActionIcon
            variant="light"
            size="lg"
            onClick={onDownload}
            loading={downloading}
            aria-label={t('actions.downloadLabel', { title })}
          >
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('actions.share')}>
          <ActionIcon
            variant="light"
            size="lg"
            onClick={onShare}
            aria-label={t('actions.shareLabel', { title })}
          >
            <IconShare size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Card>
  );
}
