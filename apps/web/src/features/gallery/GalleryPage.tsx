import { Group, Select, Stack, Tabs } from '@mantine/core';
import { IconPhoto, IconStack2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { INFOGRAPHIC_CONTENT_TYPES, type InfographicContentType } from '@voxpress/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';
import { contentTypeLabel } from '../../i18n/terms.ts';
import { CollectionsPanel } from './CollectionsPanel.tsx';
import { listSourceItems, type SourceItem, sourcesKey } from './gallery-api.ts';
import { SavedPanel } from './SavedPanel.tsx';

/** The filters' "show everything" choice. */
const ALL = 'all';

const isContentType = (value: string | null): value is InfographicContentType =>
  (INFOGRAPHIC_CONTENT_TYPES as readonly string[]).includes(value ?? '');

/**
 * The Generated Infographics gallery: the images the user saved (filtered by content type and by
 * the item they came from, 50 to a page) and their template collections. Tab, filters and page
 * live in the address, so a view can be shared, reloaded and left with the back button.
 */
export function GalleryPage() {
  const { t } = useTranslation('gallery');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'collections' ? 'collections' : 'saved';
  const typeParam = params.get('type');
  const contentType = isContentType(typeParam) ? typeParam : undefined;
  const source = params.get('source') || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (next: Record<string, string>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(next)) v ? p.set(k, v) : p.delete(k);
      return p;
    });
  const clearFilters = () => set({ type: '', source: '', page: '' });

  const sources = useQuery({ queryKey: sourcesKey, queryFn: listSourceItems, staleTime: 60_000 });
  const byTranscription = useMemo(() => {
    const map = new Map<string, SourceItem>();
    for (const item of sources.data ?? []) map.set(item.transcriptionId, item);
    return map;
  }, [sources.data]);
  const sourceOf = (id: string | null) => (id ? (byTranscription.get(id) ?? null) : null);

  // "All" is an option of its own, so showing everything again is one choice away for keyboards
  // and screen readers too (the inputs' clear buttons are for pointers only).
  const typeOptions = [
    { value: ALL, label: t('filters.allTypes') },
    ...INFOGRAPHIC_CONTENT_TYPES.map((value) => ({ value, label: contentTypeLabel(value) })),
  ];
  const sourceOptions = [
    { value: ALL, label: t('filters.allSources') },
    ...(sources.data ?? []).map((s) => ({ value: s.transcriptionId, label: s.title })),
  ];
  // A source named in the address that is not (yet) in the list still shows as chosen.
  if (source && !byTranscription.has(source) && !sources.isPending)
    sourceOptions.splice(1, 0, { value: source, label: t('filters.unknownSource') });
  const chosen = (v: string | null) => (v && v !== ALL ? v : '');

  return (
    <PageFrame title={t('title')} lead={t('lead')}>
      <Tabs
        keepMounted={false}
        value={tab}
        onChange={(v) => set({ tab: v === 'collections' ? 'collections' : '', page: '' })}
      >
        <Tabs.List>
          <Tabs.Tab value="saved" leftSection={<IconPhoto size={16} aria-hidden />}>
            {t('tabs.saved')}
          </Tabs.Tab>
          <Tabs.Tab value="collections" leftSection={<IconStack2 size={16} aria-hidden />}>
            {t('tabs.collections')}
          </Tabs.Tab>
        </Tabs.List>
        <Stack gap="lg" pt="lg">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('filters.type')}
              data={typeOptions}
              value={contentType ?? ALL}
              onChange={(v) => set({ type: chosen(v), page: '' })}
              allowDeselect={false}
              style={{ flex: '1 1 200px', maxWidth: 480 }}
            />
            {tab === 'saved' && (
              <Select
                label={t('filters.source')}
                data={sourceOptions}
                value={source ?? ALL}
                onChange={(v) => set({ source: chosen(v), page: '' })}
                allowDeselect={false}
                searchable
                nothingFoundMessage={t('filters.noSource')}
                disabled={sources.isError}
                style={{ flex: '2 1 240px', maxWidth: 640 }}
              />
            )}
          </Group>
          <Tabs.Panel value="saved">
            <SavedPanel
              page={page}
              contentType={contentType}
              transcriptionId={source}
              sourceOf={sourceOf}
              onPage={(p) => set({ page: p > 1 ? String(p) : '' })}
              onClearFilters={clearFilters}
            />
          </Tabs.Panel>
          <Tabs.Panel value="collections">
            <CollectionsPanel contentType={contentType} onClearFilters={clearFilters} />
          </Tabs.Panel>
        </Stack>
      </Tabs>
    </PageFrame>
  );
}
