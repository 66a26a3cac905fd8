import type { InfographicVariation } from '@voxpress/contracts';
import { useState } from 'react';
import { favouritesOf, toggleFavourite } from './carousel.ts';

/** A set of variations to browse: the one on screen and the favourites (positions, spec §4). */
export function useVariationSet() {
  const [variations, setVariations] = useState<InfographicVariation[]>([]);
  const [index, setIndex] = useState(0);
  const [favourites, setFavourites] = useState<ReadonlySet<number>>(new Set());
  return {
    variations,
    index,
    setIndex,
    favourites,
    favouriteVariations: favouritesOf(variations, favourites),
    toggle: (position: number) => setFavourites((f) => toggleFavourite(f, position)),
    /** A new set replaces the old: the first variation on screen, no favourites. */
    replace(next: InfographicVariation[]) {
      setVariations(next);
      setIndex(0);
      setFavourites(new Set());
    },
  };
}
