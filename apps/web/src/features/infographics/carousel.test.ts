import type { InfographicVariation } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { canStep, favouritesOf, shownVariations, stepTo, toggleFavourite } from './carousel.ts';

describe('the style carousel', () => {
  it('moves one step at a time and never past the first or the last variation', () => {
    expect(stepTo(0, 1, 5)).toBe(1);
    expect(stepTo(3, 1, 5)).toBe(4);
    expect(stepTo(4, 1, 5)).toBe(4);
    expect(stepTo(0, -1, 5)).toBe(0);
    expect(stepTo(2, -1, 5)).toBe(1);
    // A position left over from a bigger set is brought back inside the new one.
    expect(stepTo(9, 0, 5)).toBe(4);
    expect(stepTo(0, 1, 0)).toBe(0);
  });

  it('disables previous on the first variation and next on the last', () => {
    expect(canStep(0, -1, 5)).toBe(false);
    expect(canStep(0, 1, 5)).toBe(true);
    expect(canStep(4, 1, 5)).toBe(false);
    expect(canStep(4, -1, 5)).toBe(true);
    expect(canStep(0, 1, 1)).toBe(false);
    expect(canStep(0, -1, 1)).toBe(false);
  });
});

describe('favourites', () => {
  it('are a set of positions: a heart adds one, a second tap takes it out', () => {
    const none = new Set<number>();
    const one = toggleFavourite(none, 2);
    expect([...one]).toEqual([2]);
    expect(none.size).toBe(0);
    const two = toggleFavourite(one, 0);
    expect([...two].sort()).toEqual([0, 2]);
    expect([...toggleFavourite(two, 2)]).toEqual([0]);
  });

  it('give the favourite variations in carousel order', () => {
    expect(favouritesOf(['a', 'b', 'c', 'd'], new Set([3, 1]))).toEqual(['b', 'd']);
    expect(favouritesOf(['a'], new Set([4]))).toEqual([]);
  });
});

describe('the variations shown', () => {
  const v = (i: number, size: string, over: Partial<InfographicVariation> = {}) =>
    ({
      id: `${size}-${i}`,
      variation_index: i,
      size,
      success: true,
      infographic_url: `/i/${size}-${i}.png`,
      data_url: null,
      ...over,
    }) as InfographicVariation;

  it('go size by size in the size list’s order, each size’s styles in order', () => {
    const set = [v(1, '1080x1920'), v(0, '1080x1080'), v(0, '1080x1920'), v(1, '1080x1080')];
    expect(shownVariations(set).map((x) => x.id)).toEqual([
      '1080x1080-0',
      '1080x1080-1',
      '1080x1920-0',
      '1080x1920-1',
    ]);
  });

  it('leave out a variation that failed or has no image', () => {
    const set = [
      v(0, '800x800', { success: false }),
      v(1, '800x800', { infographic_url: null }),
      v(2, '800x800'),
    ];
    expect(shownVariations(set).map((x) => x.id)).toEqual(['800x800-2']);
  });
});
