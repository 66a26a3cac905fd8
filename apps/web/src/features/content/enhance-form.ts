import {
  BLOG_PLATFORMS,
  ENHANCE_LANGUAGES,
  type Engines,
  type EnhanceRequest,
  guessContentType,
  primaryLanguage,
  type UserSettings,
  type WriterContentSupport,
} from '@voxpress/contracts';

/** What the Enhance Content panel holds while the user fills it in (spec §2, §5). */
export interface EnhanceForm {
  /** A built-in type (`blog_post`…) or one of the user's own (`custom:<id>`). */
  contentType: string;
  /** Languages in the spec's order; the first is written, the others translated from it. */
  languages: string[];
  title: string;
  /** As typed: comma-separated. */
  keywords: string;
  platforms: string[];
  /** The custom platform name being typed. */
  customPlatform: string;
}

/**
 * A fresh form for a source: the type guessed from its words (spec §5), the source's own language
 * when it is one of the ten (else English), no platforms.
 */
export function initialForm(source: { text: string; title: string; language: string }): EnhanceForm {
  const base = primaryLanguage(source.language);
  const language = (ENHANCE_LANGUAGES as readonly string[]).includes(base) ? base : 'en';
  return {
    contentType: guessContentType(source.text, source.title),
    languages: [language],
    title: '',
    keywords: '',
    platforms: [],
    customPlatform: '',
  };
}

/**
 * The user's saved defaults over a fresh form: their languages, content type and platforms, where
 * they chose any (settings they left unset keep the guess).
 */
export function withDefaults(
  form: EnhanceForm,
  settings: Pick<UserSettings, 'content_languages' | 'content_type' | 'platforms'> | null,
): EnhanceForm {
  if (!settings) return form;
  return {
    ...form,
    ...(settings.content_languages?.length ? { languages: [...settings.content_languages] } : {}),
    ...(settings.content_type ? { contentType: settings.content_type } : {}),
    ...(settings.platforms?.length ? { platforms: [...settings.platforms] } : {}),
  };
}

/** Picks or drops a language; the last one stays (deselecting it is ignored, spec §5). */
export function toggleLanguage(form: EnhanceForm, language: string): EnhanceForm {
  if (form.languages.includes(language)) {
    if (form.languages.length === 1) return form;
    return { ...form, languages: form.languages.filter((l) => l !== language) };
  }
  return { ...form, languages: [...form.languages, language] };
}

/**
 * Why a language chip cannot be picked, or null when it can: no translator on the server serves
 * it from the written language. The written language and a chip already picked (to unpick it)
 * stay usable; `unavailable` undefined while the server has not answered.
 */
export function languageUnavailable(
  form: EnhanceForm,
  code: string,
  unavailable: readonly string[] | undefined,
): boolean {
  if (!unavailable || code === writtenLanguage(form) || form.languages.includes(code)) return false;
  return unavailable.includes(code);
}

/** The first language: written from the source; every other one is translated from it. */
export function writtenLanguage(form: EnhanceForm): string {
  return form.languages[0] ?? 'en';
}

/** Keywords as sent: comma-separated, trimmed, blanks dropped, each once. */
export function parseKeywords(typed: string): string[] {
  return [
    ...new Set(
      typed
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Add is offered for a non-blank name not picked yet (spec §5). */
export function canAddPlatform(form: EnhanceForm): boolean {
  const name = form.customPlatform.trim();
  return name.length > 0 && name.length <= 60 && !form.platforms.some((p) => same(p, name));
}

export function addCustomPlatform(form: EnhanceForm): EnhanceForm {
  if (!canAddPlatform(form)) return form;
  return { ...form, platforms: [...form.platforms, form.customPlatform.trim()], customPlatform: '' };
}

/** A named platform on or off; a custom one only comes off. */
export function togglePlatform(form: EnhanceForm, platform: string): EnhanceForm {
  if (form.platforms.some((p) => same(p, platform)))
    return { ...form, platforms: form.platforms.filter((p) => !same(p, platform)) };
  return { ...form, platforms: [...form.platforms, platform] };
}

export const isNamedPlatform = (p: string) => (BLOG_PLATFORMS as readonly string[]).includes(p);

/**
 * The request (spec §3, §5): title, keywords and platforms only when present; languages in the
 * order chosen, the first one written.
 */
export function enhanceRequest(form: EnhanceForm, transcriptionId: string): EnhanceRequest {
  const title = form.title.trim();
  const keywords = parseKeywords(form.keywords);
  return {
    transcription_id: transcriptionId,
    content_type: form.contentType as EnhanceRequest['content_type'],
    language: form.languages,
    ...(title ? { title } : {}),
    ...(keywords.length ? { keywords } : {}),
    ...(form.platforms.length ? { target_blog_platforms: form.platforms } : {}),
  };
}

/** Which words the button says: 'Enhancing...' while busy, 'Enhance Recipe' for a recipe. */
export function enhanceButton(contentType: string, busy: boolean): 'busy' | 'recipe' | 'content' {
  if (busy) return 'busy';
  return contentType === 'recipe' ? 'recipe' : 'content';
}

/**
 * What the writer that would write now makes of `contentType` (`GET /system/engines`): `written`
 * by a language model, `arranged` from the speaker's own sentences by the built-in composer, or
 * `needs_language_model` (the composer cannot make it). Undefined while unknown, and for the
 * user's own types.
 */
export function writerSupport(
  engines: Engines | undefined,
  contentType: string,
): WriterContentSupport | undefined {
  const writer = engines?.ports.find((p) => p.kind === 'writer');
  const active = writer?.implementations.find((i) => i.id === writer.active);
  return active?.content_types?.[contentType as keyof NonNullable<typeof active.content_types>];
}
