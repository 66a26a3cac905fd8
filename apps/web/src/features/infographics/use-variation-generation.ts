import { useMutation } from '@tanstack/react-query';
import type { GenerationResult } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownVariations } from './carousel.ts';
import type { InfographicSource } from './setup.ts';
import { useVariationSet } from './use-favourites.ts';
import { useImageActions } from './use-image-actions.ts';
import { useInfographicSetup } from './use-setup.ts';

type Setup = NonNullable<ReturnType<typeof useInfographicSetup>['setup']>;

/**
 * What the variation dialogs (Generator, 4 Style Variations) share: the setup, the variations made
 * with their favourites, the image actions, and the generation, which fills the set and turns to
 * Preview. A generation that shows no image fails with `errorText`'s words.
 */
export function useVariationGeneration(
  source: InfographicSource,
  run: (setup: Setup) => Promise<GenerationResult>,
  errorText: (error: unknown, outcome: GenerationResult) => string,
) {
  const { t } = useTranslation('infographics');
  const [previewing, setPreviewing] = useState(false);
  const [collectionOpen, setCollectionOpen] = useState(false);
  const [made, setMade] = useState<GenerationResult | null>(null);
  const state = useInfographicSetup(source, true);
  const set = useVariationSet();
  const actions = useImageActions(source);

  const generate = useMutation({
    mutationFn: async () => {
      if (!state.setup) throw new Error(t('setup.none'));
      const result = await run(state.setup);
      const shown = shownVariations(result.variations);
      if (shown.length === 0) throw new Error(errorText(null, { ...result, success: false }));
      return { result, shown };
    },
    onSuccess: ({ result, shown }) => {
      setMade(result);
      set.replace(shown);
      setPreviewing(true);
    },
  });
  return {
    state,
    set,
    actions,
    generate,
    made,
    previewing,
    setPreviewing,
    collectionOpen,
    setCollectionOpen,
  };
}

export type VariationGeneration = ReturnType<typeof useVariationGeneration>;
