import { Button, Group, Modal, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHeart, IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { GenerationResult } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { shownVariations } from './carousel.ts';
import { generationErrorText } from './infographic-errors.ts';
import { generateTemplateVariations } from './infographics-api.ts';
import { SaveCollectionDialog } from './SaveCollectionDialog.tsx';
import { SetupTab } from './SetupTab.tsx';
import { generateRequest, type InfographicSource } from './setup.ts';
import { generateBlock, validSizes } from './sizes.ts';
import { useVariationSet } from './use-favourites.ts';
import { useImageActions } from './use-image-actions.ts';
import { useInfographicSetup } from './use-setup.ts';
import { VariationBrowser } from './VariationBrowser.tsx';

/** Variations per template set (spec §9: 5 per generation). */
export const TEMPLATE_VARIATIONS = 5;

/**
 * The Infographic Generator dialog (spec §2): Setup with the AI template configuration and
 * 'Generate 5 Template Variations' (then 'Generate New Set'), Preview with the 'Choose Your Style'
 * carousel, favourites and 'Save Collection'. Mount it when opened: it starts on Setup.
 */
export function GeneratorDialog({
  onClose,
  source,
  sizes: initialSizes,
  onConfigure,
}: {
  onClose(): void;
  source: InfographicSource;
  sizes: string[];
  /** 'Close & Configure': closes and takes the user to where the content is set up. */
  onConfigure(): void;
}) {
  const { t } = useTranslation('infographics');
  const narrow = useMediaQuery('(max-width: 48em)');
  const [tab, setTab] = useState<'setup' | 'preview'>('setup');
  const [sizes, setSizes] = useState(() => validSizes(initialSizes));
  const [collectionOpen, setCollectionOpen] = useState(false);
  const [made, setMade] = useState<GenerationResult | null>(null);
  const state = useInfographicSetup(source, true);
  const set = useVariationSet();
  const actions = useImageActions(source);

  const generate = useMutation({
    mutationFn: async () => {
      if (!state.setup) throw new Error(t('setup.none'));
      const result = await generateTemplateVariations(
        generateRequest(source, state.setup, sizes, TEMPLATE_VARIATIONS),
      );
      const shown = shownVariations(result.variations);
      if (shown.length === 0) throw new Error(generationErrorText(null, { ...result, success: false }));
      return { result, shown };
    },
    onSuccess: ({ result, shown }) => {
      setMade(result);
      set.replace(shown);
      setTab('preview');
    },
  });
  const block = generateBlock({
    hasContent: state.setup !== null,
    sizes,
    generating: generate.isPending,
  });
  const start = () => {
    // A second call while one runs is ignored (spec §5).
    if (block === null) generate.mutate();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('generator.title')}
      size="min(1100px, 96vw)"
      fullScreen={narrow}
      padding={narrow ? 'sm' : 'lg'}
    >
      <Tabs value={tab} onChange={(v) => v && setTab(v as 'setup' | 'preview')} keepMounted={false}>
        <Group justify="space-between" mb="md" wrap="nowrap" gap="xs">
          <Tabs.List style={{ flex: 1 }}>
            <Tabs.Tab value="setup">{t('generator.setup')}</Tabs.Tab>
            <Tabs.Tab value="preview" disabled={set.variations.length === 0}>
              {t('generator.preview')}
            </Tabs.Tab>
          </Tabs.List>
          {set.favourites.size > 0 && (
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
        <Tabs.Panel value="setup">
          <SetupTab
            state={state}
            sizes={sizes}
            onSizes={setSizes}
            busy={generate.isPending}
            busyText={t('generator.busy', {
              count: TEMPLATE_VARIATIONS * sizes.length,
              formatted: formatNumber(TEMPLATE_VARIATIONS * sizes.length),
            })}
            error={generate.error ? generationErrorText(generate.error) : null}
            onConfigure={onConfigure}
            action={
              <Button
                size="md"
                leftSection={<IconSparkles size={18} aria-hidden />}
                loading={generate.isPending}
                disabled={block === 'no-sizes'}
                onClick={start}
              >
                {made ? t('generator.again') : t('generator.generate')}
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
