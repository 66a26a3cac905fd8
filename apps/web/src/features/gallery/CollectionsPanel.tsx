import {
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconFilterOff, IconStack2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { InfographicContentType, TemplateCollection } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { audienceLabel, contentTypeLabel, contextLabel } from '../../i18n/terms.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { CollectionModal } from './CollectionModal.tsx';
import { collectionsKey, listCollections } from './gallery-api.ts';
import { formatMadeAt } from './gallery-image.ts';
import { GridSkeleton } from './ImageGrid.tsx';

const PREVIEWS = 4;

/** Up to four of a collection's images side by side, as a glimpse of it. */
function Previews({ collection }: { collection: TemplateCollection }) {
  const shown = collection.variations.filter((v) => v.success && v.infographic_url).slice(0, PREVIEWS);
  return (
    <SimpleGrid cols={PREVIEWS} spacing={4} aria-hidden>
      {Array.from({ length: PREVIEWS }, (_, i) => {
        const v = shown[i];
        return (
          <div
            key={v?.id ?? `empty-${i}`}
            style={{
              aspectRatio: '1 / 1',
              borderRadius: 6,
              overflow: 'hidden',
              background: 'var(--mantine-color-default-hover)',
            }}
          >
            {v?.infographic_url && (
              <img
                src={v.infographic_url}
                alt=""
                loading="lazy"
                style={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            )}
          </div>
        );
      })}
    </SimpleGrid>
  );
}

/** The user's template collections (GET /infographics/template-collections); each opens its detail. */
export function CollectionsPanel({
  contentType,
  onClearFilters,
}: {
  contentType: InfographicContentType | undefined;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation('gallery');
  const [open, setOpen] = useState<TemplateCollection | null>(null);
  const list = useQuery({
    queryKey: collectionsKey(contentType),
    queryFn: () => listCollections(contentType),
  });

  if (list.isPending) return <GridSkeleton label={t('collections.loading')} count={4} />;
  if (list.error)
    return (
      <ErrorState
        title={t('collections.loadFailed')}
        message={loadErrorMessage(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  if (list.data.items.length === 0)
    return contentType ? (
      <EmptyState icon={<IconFilterOff size={28} />} variant="light">
        <EmptyState.Title order={2}>{t('collections.noMatches')}</EmptyState.Title>
        <EmptyState.Actions>
          <Button variant="default" onClick={onClearFilters}>
            {t('filters.clear')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <EmptyState icon={<IconStack2 size={32} />} variant="light">
        <EmptyState.Title order={2}>{t('collections.empty')}</EmptyState.Title>
        <EmptyState.Description>{t('collections.emptyText')}</EmptyState.Description>
      </EmptyState>
    );

  return (
    <>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="md"
        aria-label={t('tabs.collections')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {list.data.items.map((c) => (
          <Card key={c.id} component="li" withBorder radius="lg" padding={0}>
            <UnstyledButton
              onClick={() => setOpen(c)}
              p="sm"
              aria-label={t('collections.open', { name: c.collection_name })}
              style={{ height: '100%' }}
            >
              <Stack gap="xs">
                <Previews collection={c} />
                <Text
                  fw={600}
                  lineClamp={2}
                  dir="auto"
                  style={{ overflowWrap: 'anywhere', textAlign: 'match-parent' }}
                >
                  {c.collection_name}
                </Text>
                <Group gap={6}>
                  <Badge variant="light" radius="sm">
                    {contentTypeLabel(c.content_type)}
                  </Badge>
                  <Badge variant="default" radius="sm">
                    {t('collections.images', {
                      count: c.variations.length,
                      n: formatNumber(c.variations.length),
                    })}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {t('collections.audienceContext', {
                    audience: audienceLabel(c.target_audience),
                    culture: contextLabel(c.cultural_context),
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('collections.created', { date: formatMadeAt(c.created_at) })}
                </Text>
              </Stack>
            </UnstyledButton>
          </Card>
        ))}
      </SimpleGrid>
      <CollectionModal collection={open} onClose={() => setOpen(null)} />
    </>
  );
}
