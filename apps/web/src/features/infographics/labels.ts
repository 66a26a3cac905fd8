import type { InfographicVariation } from '@voxpress/contracts';
import { parseInfographicSize } from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../i18n/format.ts';
import { emphasisLabel, sizeName, styleLabel } from '../../i18n/terms.ts';

// Names the generator shows that are built from the product's terms (../../i18n/terms.ts).

/** A variation's name, its style and emphasis: "Modern: Key points". */
export function variationName(
  t: TFunction<'infographics'>,
  variation: Pick<InfographicVariation, 'style' | 'template_info'>,
): string {
  return t('carousel.name', {
    style: styleLabel(variation.style),
    emphasis: emphasisLabel(variation.template_info.emphasis),
  });
}

/** A size's name (Instagram Square…); a size outside the list is written as its pixels. */
export function sizeLabel(t: TFunction<'infographics'>, size: string): string {
  return sizeName(size) ?? pixels(t, size);
}

/** A size's pixels as the reader writes them, e.g. 1080 × 1920. */
export function pixels(t: TFunction<'infographics'>, size: string): string {
  const { width, height } = parseInfographicSize(size);
  return pixelSize(t, width, height);
}

/** Width and height as the reader writes them, e.g. 1080 × 1920. */
export function pixelSize(t: TFunction<'infographics'>, width: number, height: number): string {
  const digits = (n: number) => formatNumber(n, { useGrouping: false });
  return t('sizes.pixels', { width: digits(width), height: digits(height) });
}
