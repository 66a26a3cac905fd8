import type { InfographicVariation } from '@voxpress/contracts';
import { validSizes } from './sizes.ts';

/**
 * The carousel's moves (spec §5: previous and next stay within bounds): the position reached by a
 * step of `delta` from `index` among `total` variations, clamped to the first and the last.
 */
export function stepTo(index: number, delta: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(total - 1, Math.max(0, index + delta));
}

/** Whether a step that way can move at all (the buttons are disabled at the ends). */
export function canStep(index: number, delta: -1 | 1, total: number): boolean {
  return stepTo(index, delta, total) !== stepTo(index, 0, total);
}

/**
 * Favourites are a set of variation positions (spec §4). Toggling gives a new set, so React sees
 * the change; the old one is left as it was.
 */
export function toggleFavourite(favourites: ReadonlySet<number>, position: number): Set<number> {
  const next = new Set(favourites);
  if (next.has(position)) next.delete(position);
  else next.add(position);
  return next;
}

/** The favourite variations, in carousel order (the order a collection keeps them in). */
export function favouritesOf<T>(variations: readonly T[], favourites: ReadonlySet<number>): T[] {
  return variations.filter((_, i) => favourites.has(i));
}

/**
 * The variations a person can look at (drawn, with an image address), size by size in the size
 * list's order, each size's styles in their order.
 */
export function shownVariations(variations: readonly InfographicVariation[]): InfographicVariation[] {
  const sizes = validSizes(variations.map((v) => v.size));
  const rank = (v: InfographicVariation) => {
    const i = sizes.indexOf(v.size);
    return i === -1 ? sizes.length : i;
  };
  return variations
    .filter((v) => v.success && (v.infographic_url || v.data_url))
    .sort((a, b) => rank(a) - rank(b) || a.variation_index - b.variation_index);
}
