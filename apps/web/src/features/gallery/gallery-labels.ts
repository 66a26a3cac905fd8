import type { Audience } from '@voxpress/contracts';
import type { TFunction } from 'i18next';

// The API names these by key; the reader sees them in the interface language. The gallery words
// audiences and sizes its own way; content types, cultural contexts and pixels read as the
// generator writes them (../infographics/labels.ts).

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
