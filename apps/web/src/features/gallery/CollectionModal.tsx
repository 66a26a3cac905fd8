import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TemplateCollection } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { audienceLabel, contentTypeLabel, contextLabel } from '../../i18n/terms.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { collectionKey, getCollection } from './gallery-api.ts';
import { formatMadeAt, fromVariation } from './gallery-image.ts';
import { GridSkeleton, ImageGrid } from './ImageGrid.tsx';

const noSource = () => null;

/** One collection opened: what it is for, and its images (GET /infographics/collections/{id}). */
export function CollectionModal({
  collection,
  onClose,
}: {
  collection: TemplateCollection | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('gallery');
  const phone = useMediaQuery('(max-width: 36em)');
  // While one of its images is open large, Escape closes that view, not the collection too.
  const [viewerOpen, setViewerOpen] = useState(false);
  const id = collection?.id ?? '';
  // The detail carries fresh image links; the list's copy shows meanwhile.
  const detail = useQuery({
    queryKey: collectionKey(id),
    queryFn: () => getCollection(id),
    enabled: collection !== null,
  });
  const shown = detail.data ?? collection;
  return (
    <Modal
      opened={collection !== null}
      onClose={() => {
        setViewerOpen(false);
        onClose();
      }}
      closeOnEscape={!viewerOpen}
      title={shown?.collection_name ?? ''}
      size="80rem"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {shown && (
        <Stack gap="md">
          <Group gap={6}>
            <Badge variant="light" radius="sm">
              {contentTypeLabel(shown.content_type)}
            </Badge>
            <Badge variant="default" radius="sm">
              {t('collections.images', {
                count: shown.variations.length,
                n: formatNumber(shown.variations.length),
              })}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('collections.audienceContext', {
              audience: audienceLabel(shown.target_audience),
              culture: contextLabel(shown.cultural_context),
            })}
            {' · '}
            {t('collections.created', { date: formatMadeAt(shown.created_at) })}
          </Text>
          {detail.isPending ? (
            <GridSkeleton label={t('collections.detailLoading')} count={4} />
          ) : detail.error ? (
            <ErrorState
              title={t('collections.detailFailed')}
              message={loadErrorMessage(detail.error)}
              onRetry={() => void detail.refetch()}
            />
          ) : detail.data.variations.length === 0 ? (
            <Text>{t('collections.noImages')}</Text>
          ) : (
            <ImageGrid
              images={detail.data.variations.map(fromVariation)}
              sourceOf={noSource}
              label={detail.data.collection_name}
              onViewerChange={setViewerOpen}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}
