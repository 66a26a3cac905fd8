import { Button, Group, Modal, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHeart, IconPalette } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { shownVariations } from './carousel.ts';
import { styleErrorText } from './infographic-errors.ts';
import { generateVariations } from './infographics-api.ts';
import { SaveCollectionDialog } from './SaveCollectionDialog.tsx';
import { SetupTab } from './SetupTab.tsx';
import { generateRequest, type InfographicSource } from './setup.ts';
import { useVariationSet } from './use-favourites.ts';
import { useImageActions } from './use-image-actions.ts';
import { useInfographicSetup } from './use-setup.ts';
import { VariationBrowser } from './VariationBrowser.tsx';

/** The style modal draws four variations (its name says 4; spec §9). */
export const STYLE_VARIATIONS = 4;

/**
 * The 4 Style Variations modal (spec §2): Generate and Preview tabs; a successful generation
 * shows variation 0 on Preview. Save Collection shows with more than one variation and a favourite.
 */
export function StyleVariationsModal({
  onClose,
  source,
  size,
  onConfigure,
}: {
  onClose(): void;
  source: InfographicSource;
  size: string;
  onConfigure(): void;
}) {
  const { t } = useTranslation('infographics');
  const narrow = useMediaQuery('(max-width: 48em)');
  const [tab, setTab] = useState<'generate' | 'preview'>('generate');
  const [sizes, setSizes] = useState([size]);
  const [collectionOpen, setCollectionOpen] = useState(false);
  const state = useInfographicSetup(source, true);
  const set = useVariationSet();
  const actions = useImageActions(source);

  const generate = useMutation({
    mutationFn: async () => {
      if (!state.setup) throw new Error(t('setup.none'));
      const result = await generateVariations(generateRequest(source, state.setup, sizes, STYLE_VARIATIONS));
      const shown = shownVariations(result.variations);
      if (shown.length === 0) throw new Error(styleErrorText(null, { ...result, success: false }));
      return shown;
    },
    onSuccess: (shown) => {
      set.replace(shown);
      setTab('preview');
    },
  });
  const canCollect = set.variations.length > 1 && set.favourites.size > 0;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('styleModal.title')}
      size="min(1100px, 96vw)"
      fullScreen={narrow}
      padding={narrow ? 'sm' : 'lg'}
    >
      <Tabs value={tab} onChange={(v) => v && setTab(v as 'generate' | 'preview')} keepMounted={false}>
        <Group justify="space-between" mb="md" wrap="nowrap" gap="xs">
          <Tabs.List style={{ flex: 1 }}>
            <Tabs.Tab value="generate">{t('styleModal.generateTab')}</Tabs.Tab>
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
              onClick={() => setCollectionOpen(true)}
            >
              {t('collection.open', {
                count: set.favourites.size,
                formatted: formatNumber(set.favourites.size),
              })}
            </Button>
          )}
        </Group>
        <Tabs.Panel value="generate">
          <SetupTab
            state={state}
            sizes={sizes}
            onSizes={setSizes}
            single
            busy={generate.isPending}
            busyText={t('generator.busy', {
              count: STYLE_VARIATIONS,
              formatted: formatNumber(STYLE_VARIATIONS),
            })}
            error={generate.error ? styleErrorText(generate.error) : null}
            onConfigure={onConfigure}
            action={
              <Button
                size="md"
                leftSection={<IconPalette size={18} aria-hidden />}
                loading={generate.isPending}
                onClick={() => {
                  if (!generate.isPending) generate.mutate();
                }}
              >
                {t('styleModal.generate')}
              </Button>
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview">
          <VariationBrowser
            variations={set.variations}
            index={set.index}
            onIndex={set.setIndex}
            favourites={set.favourites}
            onToggleFavourite={set.toggle}
            actions={actions}
          />
        </Tabs.Panel>
      </Tabs>
      <SaveCollectionDialog
        opened={collectionOpen}
        onClose={() => setCollectionOpen(false)}
        favourites={set.favouriteVariations}
        setup={state.setup}
        source={source}
        onSaved={actions.markSaved}
      />
    </Modal>
  );
}
