import { IconPalette } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { GenerateButton, GenerationModal, type SingleSizeDialogProps } from './GenerationModal.tsx';
import { styleErrorText } from './infographic-errors.ts';
import { generateVariations } from './infographics-api.ts';
import { SetupTab } from './SetupTab.tsx';
import { generateRequest } from './setup.ts';
import { useVariationGeneration } from './use-variation-generation.ts';
import { VariationTabs } from './VariationTabs.tsx';

/** The style modal draws four variations (its name says 4; spec §9). */
export const STYLE_VARIATIONS = 4;

/**
 * The 4 Style Variations modal (spec §2): Generate and Preview tabs; a successful generation
 * shows variation 0 on Preview. Save Collection shows with more than one variation and a favourite.
 */
export function StyleVariationsModal({ onClose, source, size, onConfigure }: SingleSizeDialogProps) {
  const { t } = useTranslation('infographics');
  const [sizes, setSizes] = useState([size]);
  const g = useVariationGeneration(
    source,
    (setup) => generateVariations(generateRequest(source, setup, sizes, STYLE_VARIATIONS)),
    styleErrorText,
  );
  const { generate, set } = g;

  return (
    <GenerationModal title={t('styleModal.title')} onClose={onClose}>
      <VariationTabs
        generation={g}
        source={source}
        setupTab={{ value: 'generate', label: t('styleModal.generateTab') }}
        canCollect={set.variations.length > 1 && set.favourites.size > 0}
      >
        <SetupTab
          state={g.state}
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
            <GenerateButton
              icon={<IconPalette size={18} aria-hidden />}
              loading={generate.isPending}
              onClick={() => generate.mutate()}
            >
              {t('styleModal.generate')}
            </GenerateButton>
          }
        />
      </VariationTabs>
    </GenerationModal>
  );
}
