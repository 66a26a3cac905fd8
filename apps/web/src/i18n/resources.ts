import about from './locales/en/about.json';
import audio from './locales/en/audio.json';
import auth from './locales/en/auth.json';
import common from './locales/en/common.json';
import gallery from './locales/en/gallery.json';
import help from './locales/en/help.json';
import home from './locales/en/home.json';
import landing from './locales/en/landing.json';
import languages from './locales/en/languages.json';
import library from './locales/en/library.json';
import pricing from './locales/en/pricing.json';
import settings from './locales/en/settings.json';
import transcription from './locales/en/transcription.json';

/** The namespace of keys written without a prefix. */
export const DEFAULT_NAMESPACE = 'common';

/**
 * English texts, one namespace per feature. They ship in the main bundle; other languages have the
 * same files under locales/<language>/ and load when chosen.
 */
export const englishResources = {
  about,
  audio,
  auth,
  common,
  gallery,
  help,
  home,
  landing,
  languages,
  library,
  pricing,
  settings,
  transcription,
};
