import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { GenerateButton, GenerationModal } from './GenerationModal.tsx';
import { generationErrorText } from './infographic-errors.ts';
import { generateTemplateVariations } from './infographics-api.ts';
import { SetupTab } from './SetupTab.tsx';
import { generateRequest, type InfographicSource } from './setup.ts';
import { generateBlock, validSizes } from './sizes.ts';
import { useVariationGeneration } from './use-variation-generation.ts';
import { VariationTabs } from './VariationTabs.tsx';

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
  const [sizes, setSizes] = useState(() => validSizes(initialSizes));
  const g = useVariationGeneration(
    source,
    (setup) => generateTemplateVariations(generateRequest(source, setup, sizes, TEMPLATE_VARIATIONS)),
    generationErrorText,
  );
  const { generate } = g;
  const block = generateBlock({
    hasContent: g.state.setup !== null,
    sizes,
    generating: generate.isPending,
  });
  const start = () => {
    // A second call while one runs is ignored (spec §5).
    if (block === null) generate.mutate();
  };

  return (
    <GenerationModal title={t('generator.title')} onClose={onClose}>
      <VariationTabs
        generation={g}
        source={source}
        setupTab={{ value: 'setup', label: t('generator.setup') }}
        canCollect={g.set.favourites.size > 0}
      >
        <SetupTab
          state={g.state}
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
            <GenerateButton
              icon={<IconSparkles size={18} aria-hidden />}
              loading={generate.isPending}
              disabled={block === 'no-sizes'}
              onClick={start}
            >
              {g.made ? t('generator.again') : t('generator.generate')}
            </GenerateButton>
          }
        />
      </VariationTabs>
    </GenerationModal>
  );
}
