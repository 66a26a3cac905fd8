import type {
  Audience,
  BestFor,
  CulturalContext,
  Emphasis,
  InfographicContentType,
  InfographicVariation,
  LayoutStyleKey,
} from '@voxpress/contracts';
import { parseInfographicSize } from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../i18n/format.ts';

// The catalog's keys in the interface language. The server names them in English; a key this
// build does not know yet shows the server's label (or the key itself).

export function styleLabel(t: TFunction<'infographics'>, style: string): string {
  switch (style as LayoutStyleKey) {
    case 'modern':
      return t('styles.modern');
    case 'classic':
      return t('styles.classic');
    case 'minimal':
      return t('styles.minimal');
    case 'vibrant':
      return t('styles.vibrant');
    case 'elegant':
      return t('styles.elegant');
    default:
      return style;
  }
}

export function audienceLabel(t: TFunction<'infographics'>, audience: string, fallback?: string): string {
  switch (audience as Audience) {
    case 'general':
      return t('audiences.general');
    case 'health_enthusiasts':
      return t('audiences.health_enthusiasts');
    case 'beginner':
      return t('audiences.beginner');
    case 'busy_parents':
      return t('audiences.busy_parents');
    default:
      return fallback ?? audience;
  }
}

export function contextLabel(t: TFunction<'infographics'>, context: string, fallback?: string): string {
  switch (context as CulturalContext) {
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
    default:
      return fallback ?? context;
  }
}

export function contentTypeLabel(t: TFunction<'infographics'>, type: string): string {
  switch (type as InfographicContentType) {
    case 'recipe':
      return t('contentTypes.recipe');
    case 'tutorial':
      return t('contentTypes.tutorial');
    case 'meeting_notes':
      return t('contentTypes.meeting_notes');
    case 'product_description':
      return t('contentTypes.product_description');
    case 'enhanced':
      return t('contentTypes.enhanced');
    default:
      return type;
  }
}

export function emphasisLabel(t: TFunction<'infographics'>, emphasis: string): string {
  switch (emphasis as Emphasis) {
    case 'key_points':
      return t('emphases.key_points');
    case 'summary':
      return t('emphases.summary');
    case 'quote':
      return t('emphases.quote');
    case 'facts':
      return t('emphases.facts');
    case 'ingredients':
      return t('emphases.ingredients');
    case 'steps':
      return t('emphases.steps');
    case 'action_items':
      return t('emphases.action_items');
    case 'decisions':
      return t('emphases.decisions');
    case 'features':
      return t('emphases.features');
    case 'benefits':
      return t('emphases.benefits');
    default:
      return emphasis;
  }
}

export function bestForLabel(t: TFunction<'infographics'>, place: string): string {
  switch (place as BestFor) {
    case 'instagram':
      return t('bestFor.instagram');
    case 'instagram_story':
      return t('bestFor.instagram_story');
    case 'facebook':
      return t('bestFor.facebook');
    case 'pinterest':
      return t('bestFor.pinterest');
    case 'youtube':
      return t('bestFor.youtube');
    case 'linkedin':
      return t('bestFor.linkedin');
    case 'blog':
      return t('bestFor.blog');
    case 'newsletter':
      return t('bestFor.newsletter');
    case 'presentation':
      return t('bestFor.presentation');
    case 'print':
      return t('bestFor.print');
    default:
      return place;
  }
}

/** A variation's name, its style and emphasis: "Modern: Key points". */
export function variationName(
  t: TFunction<'infographics'>,
  variation: Pick<InfographicVariation, 'style' | 'template_info'>,
): string {
  return t('carousel.name', {
    style: styleLabel(t, variation.style),
    emphasis: emphasisLabel(t, variation.template_info.emphasis),
  });
}

/** A size's name (Instagram Square…); a size outside the list is written as its pixels. */
export function sizeLabel(t: TFunction<'infographics'>, size: string): string {
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
      return pixels(t, size);
  }
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
