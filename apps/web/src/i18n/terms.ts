import type {
  Audience,
  BestFor,
  CulturalContext,
  Emphasis,
  EnhanceContentType,
  LayoutStyleKey,
} from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import { i18n } from './i18n.ts';

// The product's own words (content types, platforms, audiences, styles…) in the interface
// language, once for the whole app: each term is one map from the API's key to its text in the
// `terms` namespace, so a screen never words them its own way. A key this build does not know yet
// (a newer server) shows a fallback: the server's label, or the key itself.

const contentTypes = (t: TFunction<'terms'>) =>
  ({
    enhanced: t('contentTypes.enhanced'),
    story: t('contentTypes.story'),
    blog_post: t('contentTypes.blog_post'),
    seo_optimized: t('contentTypes.seo_optimized'),
    raw_transcription: t('contentTypes.raw_transcription'),
    recipe: t('contentTypes.recipe'),
    tutorial: t('contentTypes.tutorial'),
    meeting_notes: t('contentTypes.meeting_notes'),
    product_description: t('contentTypes.product_description'),
    newsletter: t('contentTypes.newsletter'),
  }) satisfies Record<EnhanceContentType, string>;

const platforms = (t: TFunction<'terms'>) =>
  ({
    wordpress: t('platforms.wordpress'),
    medium: t('platforms.medium'),
    linkedin: t('platforms.linkedin'),
    facebook: t('platforms.facebook'),
    twitter: t('platforms.twitter'),
    instagram: t('platforms.instagram'),
  }) satisfies Record<string, string>;

const audiences = (t: TFunction<'terms'>) =>
  ({
    general: t('audiences.general'),
    health_enthusiasts: t('audiences.health_enthusiasts'),
    beginner: t('audiences.beginner'),
    busy_parents: t('audiences.busy_parents'),
  }) satisfies Record<Audience, string>;

const contexts = (t: TFunction<'terms'>) =>
  ({
    international: t('contexts.international'),
    asian: t('contexts.asian'),
    mediterranean: t('contexts.mediterranean'),
    indian: t('contexts.indian'),
    mexican: t('contexts.mexican'),
  }) satisfies Record<CulturalContext, string>;

const styles = (t: TFunction<'terms'>) =>
  ({
    modern: t('styles.modern'),
    classic: t('styles.classic'),
    minimal: t('styles.minimal'),
    vibrant: t('styles.vibrant'),
    elegant: t('styles.elegant'),
  }) satisfies Record<LayoutStyleKey, string>;

const emphases = (t: TFunction<'terms'>) =>
  ({
    key_points: t('emphases.key_points'),
    summary: t('emphases.summary'),
    quote: t('emphases.quote'),
    facts: t('emphases.facts'),
    ingredients: t('emphases.ingredients'),
    steps: t('emphases.steps'),
    action_items: t('emphases.action_items'),
    decisions: t('emphases.decisions'),
    features: t('emphases.features'),
    benefits: t('emphases.benefits'),
  }) satisfies Record<Emphasis, string>;

const bestFor = (t: TFunction<'terms'>) =>
  ({
    instagram: t('bestFor.instagram'),
    instagram_story: t('bestFor.instagram_story'),
    facebook: t('bestFor.facebook'),
    pinterest: t('bestFor.pinterest'),
    youtube: t('bestFor.youtube'),
    linkedin: t('bestFor.linkedin'),
    blog: t('bestFor.blog'),
    newsletter: t('bestFor.newsletter'),
    presentation: t('bestFor.presentation'),
    print: t('bestFor.print'),
  }) satisfies Record<BestFor, string>;

const sizes = (t: TFunction<'terms'>) =>
  ({
    '1080x1080': t('sizes.instagramSquare'),
    '1080x1920': t('sizes.instagramStory'),
    '1200x630': t('sizes.facebookPost'),
    '1920x1080': t('sizes.youtubeThumbnail'),
    '800x800': t('sizes.pinterestSquare'),
    '735x1102': t('sizes.pinterestVertical'),
    '512x512': t('sizes.smallSquare'),
    '640x640': t('sizes.mediumSquare'),
    '420x640': t('sizes.portraitCard'),
  }) satisfies Record<string, string>;

/** The name of `key` among a term's names in the interface language, or null when it has none. */
function term(
  names: (t: TFunction<'terms'>) => Readonly<Record<string, string>>,
  key: string,
): string | null {
  const t = i18n.getFixedT(null, 'terms');
  const all = names(t);
  return Object.hasOwn(all, key) ? (all[key] ?? null) : null;
}

/** A content type's name (a user's own type carries its own name). */
export function contentTypeLabel(type: string, custom?: ReadonlyMap<string, string>): string {
  return custom?.get(type) ?? term(contentTypes, type) ?? type;
}

/** A platform's name, spelled as its makers do; a custom one as typed. */
export function platformLabel(platform: string): string {
  return term(platforms, platform) ?? platform;
}

export function audienceLabel(audience: string, fallback?: string): string {
  return term(audiences, audience) ?? fallback ?? audience;
}

export function contextLabel(context: string, fallback?: string): string {
  return term(contexts, context) ?? fallback ?? context;
}

export function styleLabel(style: string): string {
  return term(styles, style) ?? style;
}

export function emphasisLabel(emphasis: string): string {
  return term(emphases, emphasis) ?? emphasis;
}

export function bestForLabel(place: string): string {
  return term(bestFor, place) ?? place;
}

/** The name of a preset size (Instagram Square…), or null for any other size. */
export function sizeName(size: string): string | null {
  return term(sizes, size);
}
