import about from './locales/en/about.json';
import account from './locales/en/account.json';
import admin from './locales/en/admin.json';
import ask from './locales/en/ask.json';
import audio from './locales/en/audio.json';
import auth from './locales/en/auth.json';
import common from './locales/en/common.json';
import content from './locales/en/content.json';
import errors from './locales/en/errors.json';
import gallery from './locales/en/gallery.json';
import help from './locales/en/help.json';
import home from './locales/en/home.json';
import infographics from './locales/en/infographics.json';
import items from './locales/en/items.json';
import landing from './locales/en/landing.json';
import library from './locales/en/library.json';
import pricing from './locales/en/pricing.json';
import publishing from './locales/en/publishing.json';
import settings from './locales/en/settings.json';
import shell from './locales/en/shell.json';
import terms from './locales/en/terms.json';
import transcription from './locales/en/transcription.json';

/** The namespace of keys written without a prefix. */
export const DEFAULT_NAMESPACE = 'common';

/**
 * English texts, one namespace per feature. They ship in the main bundle; other languages have the
 * same files under locales/<language>/ and load when chosen.
 */
export const englishResources = {
  about,
  account,
  admin,
  ask,
  audio,
  auth,
  common,
  content,
  errors,
  gallery,
  help,
  home,
  infographics,
  items,
  landing,
  library,
  pricing,
  publishing,
  settings,
  shell,
  terms,
  transcription,
};
