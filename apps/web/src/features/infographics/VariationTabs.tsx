import { Button, Group, Tabs } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { SaveCollectionDialog } from './SaveCollectionDialog.tsx';
import type { InfographicSource } from './setup.ts';
import type { VariationGeneration } from './use-variation-generation.ts';
import { VariationBrowser } from './VariationBrowser.tsx';

/**
 * The body of a variation dialog: its setup tab (`setupTab`, holding `children`) and Preview with
 * the carousel; beside the tabs, the favourites button (when `canCollect`) that opens Save
 * Collection.
 */
export function VariationTabs({
  generation: g,
  source,
  setupTab,
  canCollect,
  children,
}: {
  generation: VariationGeneration;
  source: InfographicSource;
  /** The setup tab's value and label. */
  setupTab: { value: string; label: string };
  canCollect: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('infographics');
  const { set } = g;
  return (
    <>
      <Tabs
        value={g.previewing ? 'preview' : setupTab.value}
        onChange={(v) => v && g.setPreviewing(v === 'preview')}
        keepMounted={false}
      >
        <Group justify="space-between" mb="md" wrap="nowrap" gap="xs">
          <Tabs.List style={{ flex: 1 }}>
            <Tabs.Tab value={setupTab.value}>{setupTab.label}</Tabs.Tab>
            <Tabs.Tab value="preview" disabled={set.variations.length === 0}>
              {t('generator.preview')}
            </Tabs.Tab>
          </Tabs.List>
          {canCollect && (
            <Button
              size="xs"
              variant="light"
              color="pink"
              leftSection={<IconHeart size={14} aria-hidden />}
              onClick={() => g.setCollectionOpen(true)}
            >
              {t('collection.open', {
                count: set.favourites.size,
                formatted: formatNumber(set.favourites.size),
              })}
            </Button>
          )}
        </Group>
        <Tabs.Panel value={setupTab.value}>{children}</Tabs.Panel>
        <Tabs.Panel value="preview">
          <VariationBrowser
            variations={set.variations}
            index={set.index}
            onIndex={set.setIndex}
            favourites={set.favourites}
            onToggleFavourite={set.toggle}
            actions={g.actions}
          />
        </Tabs.Panel>
      </Tabs>
      <SaveCollectionDialog
        opened={g.collectionOpen}
        onClose={() => g.setCollectionOpen(false)}
        favourites={set.favouriteVariations}
        setup={g.state.setup}
        source={source}
        onSaved={g.actions.markSaved}
      />
    </>
  );
}
