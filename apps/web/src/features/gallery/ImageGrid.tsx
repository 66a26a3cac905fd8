import { Card, Modal, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SourceItem } from './gallery-api.ts';
import type { GalleryImage } from './gallery-image.ts';
import { ImageCard } from './ImageCard.tsx';
import { ImageViewer } from './ImageViewer.tsx';
import { useImageActions } from './use-image-actions.ts';

/** Two columns on a phone, up to four on a wide screen. */
export const GRID_COLUMNS = { base: 2, md: 3, lg: 4 } as const;

/** Where each image came from, by its source (transcript or document) id. */
export type SourceLookup = (transcriptionId: string | null) => SourceItem | null;

/**
 * Images as a grid of cards; one opens large in a modal. The name of an image without its own is
 * its source item's title, else "Untitled infographic".
 */
export function ImageGrid({
  images,
  sourceOf,
  label,
  onViewerChange,
}: {
  images: GalleryImage[];
  sourceOf: SourceLookup;
  /** Names the list for screen readers. */
  label: string;
  /** Told when the large view opens and closes (a modal around the grid then leaves Escape to it). */
  onViewerChange?: (open: boolean) => void;
}) {
  const { t } = useTranslation('gallery');
  const actions = useImageActions();
  const [viewing, setViewingState] = useState<GalleryImage | null>(null);
  const setViewing = (image: GalleryImage | null) => {
    setViewingState(image);
    onViewerChange?.(image !== null);
  };
  const phone = useMediaQuery('(max-width: 36em)');
  const titleOf = (image: GalleryImage) =>
    image.title ?? sourceOf(image.transcriptionId)?.title ?? t('untitled');

  return (
    <>
      <SimpleGrid
        component="ul"
        cols={GRID_COLUMNS}
        spacing="md"
        verticalSpacing="md"
        aria-label={label}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {images.map((image) => {
          const title = titleOf(image);
          return (
            <ImageCard
              key={image.key}
              image={image}
              title={title}
              source={sourceOf(image.transcriptionId)}
              downloading={actions.downloading === image.key}
              onOpen={() => setViewing(image)}
              onDownload={() => void actions.download(image, title)}
              onShare={() => void actions.share(image, title)}
            />
          );
        })}
      </SimpleGrid>
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? titleOf(viewing) : ''}
        size="xl"
        fullScreen={phone}
        centered
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        {viewing && (
          <ImageViewer
            image={viewing}
            title={titleOf(viewing)}
            downloading={actions.downloading === viewing.key}
            onDownload={() => void actions.download(viewing, titleOf(viewing))}
            onShare={() => void actions.share(viewing, titleOf(viewing))}
          />
        )}
      </Modal>
    </>
  );
}

/** Placeholder cards while images load, announced once to screen readers. */
export function GridSkeleton({ label, count = 8 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      <SimpleGrid cols={GRID_COLUMNS} spacing="md" aria-hidden>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <Card key={i} withBorder radius="lg" padding="sm">
            <Skeleton style={{ aspectRatio: '1 / 1' }} radius={8} />
            <Stack gap={8} mt="sm">
              <Skeleton height={16} width="80%" />
              <Skeleton height={20} width={80} />
              <Skeleton height={12} width="60%" />
              <Skeleton height={12} width="50%" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}
