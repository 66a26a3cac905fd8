import type { Audience, CulturalContext, InfographicContentType } from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../i18n/format.ts';

// The API names these by key; the reader sees them in the interface language.

export function contentTypeLabel(t: TFunction<'gallery'>, type: InfographicContentType): string {
  switch (type) {
    case 'recipe':
      return t('types.recipe');
    case 'tutorial':
      return t('types.tutorial');
    case 'meeting_notes':
      return t('types.meetingNotes');
    case 'product_description':
      return t('types.productDescription');
    case 'enhanced':
      return t('types.enhanced');
  }
}

export function audienceLabel(t: TFunction<'gallery'>, audience: Audience): string {
  switch (audience) {
    case 'general':
      return t('audiences.general');
    case 'health_enthusiasts':
      return t('audiences.healthEnthusiasts');
    case 'beginner':
      return t('audiences.beginner');
    case 'busy_parents':
      return t('audiences.busyParents');
  }
}

export function contextLabel(t: TFunction<'gallery'>, context: CulturalContext): string {
  switch (context) {
    case 'international':
      return t('contexts.international');
    case 'asian':
      return t('contexts.asian');
    case 'mediterranean':
      return t('contexts.mediterranean');
    case 'indian':
      return t('contexts.indian');
    case 'mexican':
      return t('contexts.mexican');
  }
}

/** The name of a known size (the spec's presets and the dialogs' extra sizes); null for another. */
export function sizeName(t: TFunction<'gallery'>, size: string): string | null {
  switch (size) {
    case '1080x1080':
      return t('sizes.instagramSquare');
    case '1080x1920':
      return t('sizes.instagramStory');
    case '1200x630':
      return t('sizes.facebookPost');
    case '1920x1080':
      return t('sizes.youtubeThumbnail');
    case '800x800':
      return t('sizes.pinterestSquare');
    case '735x1102':
      return t('sizes.pinterestVertical');
    case '512x512':
      return t('sizes.smallSquare');
    case '640x640':
      return t('sizes.mediumSquare');
    case '420x640':
      return t('sizes.portraitCard');
    default:
      return null;
  }
}

/** Pixels as the reader writes numbers: "1080 × 1920". */
export function pixelSize(t: TFunction<'gallery'>, width: number, height: number): string {
  const n = (v: number) => formatNumber(v, { useGrouping: false });
  return t('pixels', { width: n(width), height: n(height) });
}
