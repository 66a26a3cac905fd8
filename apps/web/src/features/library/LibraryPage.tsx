import {
  Anchor,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconMicrophone, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AudioStatus, type Item, SEARCH_PAGE_SIZE } from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';
import { ErrorState, PageLoader } from '../../components/PageState.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { AskBox } from '../ask/AskBox.tsx';
import { DocumentUpload } from '../items/DocumentUpload.tsx';
import { deleteItem, listItems } from '../items/items-api.ts';
import { ItemList } from './ItemList.tsx';
import { SearchHits } from './SearchHits.tsx';
import { searchLibrary } from './search-api.ts';

const PAGE_SIZE = 10;

function pageControlLabel(t: TFunction<'library'>, control: 'first' | 'previous' | 'last' | 'next'): string {
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
 * Every recording, upload and document of the user, newest first, with paging, a status filter
 * and Delete; each opens its own page. Typing in the search box shows search hits instead, best
 * first: a transcript hit opens its item playing from the second it was said.
 */
export function LibraryPage() {
  const { t } = useTranslation('library');
  const filters = [
    { label: t('filters.all'), value: '' },
    { label: t('filters.completed'), value: 'completed' },
    { label: t('filters.processing'), value: 'processing' },
    { label: t('filters.failed'), value: 'failed' },
  ];
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = params.get('status') ?? '';
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<Item | null>(null);
  const list = useQuery({
    enabled: !q,
    queryKey: ['items', 'list', page, status, q],
    queryFn: () =>
      listItems({
        page,
        limit: PAGE_SIZE,
        status: (status || undefined) as AudioStatus | undefined,
        q: q || undefined,
      }),
    placeholderData: keepPreviousData,
  });
  const found = useQuery({
    enabled: Boolean(q),
    queryKey: ['items', 'search', q, page],
    queryFn: () => searchLibrary({ q, page }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (item: Item) => deleteItem(item.id),
    onSuccess: (_r, item) => {
      setToDelete(null);
      notifications.show({ color: 'teal', message: t('deleted', { title: item.title }) });
      void queryClient.invalidateQueries({ queryKey: ['audio'] });
      void queryClient.invalidateQueries({ queryKey: ['items'] });
    },
  });
  const set = (next: Record<string, string>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(next)) v ? p.set(k, v) : p.delete(k);
      return p;
    });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const hitPages = found.data ? Math.max(1, Math.ceil(found.data.total / SEARCH_PAGE_SIZE)) : 1;
  // The search box writes to the address after a pause in typing, so results can be shared and
  // survive a reload.
  const search = useDebouncedCallback((value: string) => set({ q: value.trim(), page: '' }), 300);
  const clearSearch = () => {
    search.cancel();
    setTyped('');
    set({ q: '', page: '' });
  };

  return (
    <PageFrame title={t('title')} lead={t('lead')}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Anchor component={Link} to="/home" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('back')}
          </Group>
        </Anchor>
        <DocumentUpload variant="button" />
      </Group>
      <Card withBorder radius="lg" padding="lg">
        <Stack>
          <Group gap="sm" align="center" wrap="wrap">
            <TextInput
              type="search"
              placeholder={t('search')}
              aria-label={t('search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={typed}
              onChange={(e) => {
                setTyped(e.currentTarget.value);
                search(e.currentTarget.value);
              }}
              onKeyDown={(e) => e.key === 'Escape' && clearSearch()}
              style={{ flex: '1 1 240px' }}
            />
            {!q && (
              <SegmentedControl
                data={filters}
                value={status}
                onChange={(v) => set({ status: v, page: '' })}
                aria-label={t('filterLabel')}
              />
            )}
          </Group>
          {q ? (
            found.isPending ? (
              <PageLoader label={t('searching')} />
            ) : found.error ? (
              <ErrorState message={loadErrorMessage(found.error)} onRetry={() => void found.refetch()} />
            ) : found.data.hits.length === 0 ? (
              <EmptyState icon={<IconSearch size={28} />} variant="light">
                <EmptyState.Title order={2}>{t('noMatches')}</EmptyState.Title>
                <EmptyState.Description>{t('noMatchesText', { q })}</EmptyState.Description>
                <Button variant="default" onClick={clearSearch} mt="sm">
                  {t('clearSearch')}
                </Button>
              </EmptyState>
            ) : (
              <>
                {found.data.match === 'similar' && (
                  <Text size="sm" c="dimmed">
                    {t('similarSpellings', { q })}
                  </Text>
                )}
                <SearchHits hits={found.data.hits} />
                {hitPages > 1 && (
                  <Pagination
                    total={hitPages}
                    value={page}
                    onChange={(p) => set({ page: String(p) })}
                    getControlProps={(control) => ({ 'aria-label': pageControlLabel(t, control) })}
                  />
                )}
              </>
            )
          ) : list.isPending ? (
            <PageLoader label={t('loading')} />
          ) : list.error ? (
            <ErrorState message={loadErrorMessage(list.error)} onRetry={() => void list.refetch()} />
          ) : list.data.items.length === 0 ? (
            <EmptyState icon={<IconMicrophone size={28} />} variant="light">
              <EmptyState.Title order={2}>{status ? t('nothingHere') : t('noRecordings')}</EmptyState.Title>
              <EmptyState.Description>{status ? t('noneWithStatus') : t('noneYet')}</EmptyState.Description>
              <Button component={Link} to="/home/audio" mt="sm">
                {t('startRecording')}
              </Button>
            </EmptyState>
          ) : (
            <>
              <ItemList items={list.data.items} onDelete={setToDelete} />
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={(p) => set({ page: String(p) })}
                  getControlProps={(control) => ({ 'aria-label': pageControlLabel(t, control) })}
                />
              )}
            </>
          )}
        </Stack>
      </Card>
      <AskBox />
      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={toDelete?.kind === 'document' ? t('deleteDocumentTitle') : t('deleteTitle')}
        centered
      >
        <Stack>
          <Text size="sm">
            {toDelete?.kind === 'document'
              ? t('deleteDocumentText', { title: toDelete.title })
              : t('deleteText', { title: toDelete?.title ?? '' })}
          </Text>
          {remove.error && <ErrorState message={errorMessage(remove.error)} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => toDelete && remove.mutate(toDelete)}
            >
              {t('delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageFrame>
  );
}
