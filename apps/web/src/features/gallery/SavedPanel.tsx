import { Button, EmptyState, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconFilterOff, IconPhoto } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type InfographicContentType,
  SAVED_INFOGRAPHICS_PAGE_SIZE,
  type SavedList,
} from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../components/PageState.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { listSaved, type SavedQuery, savedListKey } from './gallery-api.ts';
import { fromSaved, keepLinks, refreshAfterMs } from './gallery-image.ts';
import { GridSkeleton, ImageGrid, type SourceLookup } from './ImageGrid.tsx';

function pageControlLabel(t: TFunction<'gallery'>, control: 'first' | 'previous' | 'last' | 'next'): string {
  switch (control) {
    case 'first':
      return t('pages.first');
    case 'previous':
      return t('pages.previous');
    case 'next':
      return t('pages.next');
    case 'last':
      return t('pages.last');
  }
}

/**
 * The saved images, 50 to a page, narrowed by content type and source. Their signed links are
 * fetched again before they run out, so no thumbnail breaks on a page left open.
 */
export function SavedPanel({
  page,
  contentType,
  transcriptionId,
  sourceOf,
  onPage,
  onClearFilters,
}: {
  page: number;
  contentType: InfographicContentType | undefined;
  transcriptionId: string | undefined;
  sourceOf: SourceLookup;
  onPage: (page: number) => void;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation('gallery');
  const q: SavedQuery = { page, content_type: contentType, transcription_id: transcriptionId };
  const list = useQuery({
    queryKey: savedListKey(q),
    queryFn: () => listSaved(q),
    placeholderData: keepPreviousData,
    // Also called for the placeholder shown while another page or filter loads: only a fetched
    // list replacing a list keeps its links.
    structuralSharing: (previous, next) => {
      const old = previous as SavedList | undefined;
      const fresh = next as SavedList | undefined;
      if (!old?.items || !fresh?.items || old === fresh) return fresh;
      return { ...fresh, items: keepLinks(old.items, fresh.items, Date.now()) };
    },
    refetchInterval: (query) =>
      refreshAfterMs(query.state.data?.items.map((i) => i.url_expires_at) ?? [], Date.now()),
  });
  const filtered = Boolean(contentType || transcriptionId);

  if (list.isPending) return <GridSkeleton label={t('loading')} />;
  if (list.error)
    return (
      <ErrorState
        title={t('loadFailed')}
        message={loadErrorMessage(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  const { items, total, pages } = list.data;
  if (items.length === 0 && filtered)
    return (
      <EmptyState icon={<IconFilterOff size={28} />} variant="light">
        <EmptyState.Title order={2}>{t('noMatches')}</EmptyState.Title>
        <EmptyState.Description>{t('noMatchesText')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button variant="default" onClick={onClearFilters}>
            {t('filters.clear')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  if (items.length === 0)
    return (
      <EmptyState icon={<IconPhoto size={32} />} variant="light">
        <EmptyState.Title order={2}>{t('empty')}</EmptyState.Title>
        <EmptyState.Description>{t('emptyText')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/home/library" variant="light">
            {t('toLibrary')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  const first = (list.data.page - 1) * SAVED_INFOGRAPHICS_PAGE_SIZE + 1;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {pages > 1
          ? t('range', {
              from: formatNumber(first),
              to: formatNumber(first + items.length - 1),
              count: total,
              total: formatNumber(total),
            })
          : t('count', { count: total, total: formatNumber(total) })}
      </Text>
      <ImageGrid images={items.map(fromSaved)} sourceOf={sourceOf} label={t('tabs.saved')} />
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            getControlProps={(control) => ({ 'aria-label': pageControlLabel(t, control) })}
          />
        </Group>
      )}
    </Stack>
  );
}
