import { z } from 'zod';
import { ENHANCE_CONTENT_TYPES } from './content-rules.ts';
import { zLanguageCode, zText } from './text.ts';

/** The interface languages (spec §9). */
export const INTERFACE_LANGUAGES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'ru',
  'ja',
  'ko',
  'zh',
  'ar',
  'hi',
  'nl',
  'sv',
  'no',
  'da',
  'fi',
  'pl',
  'tr',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'fa',
] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

const zContentLanguage = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/, 'Must be a language code such as en or es');
const zPlatform = zText({
  trim: true,
  max: 60,
  min: { length: 1, message: 'A platform name cannot be blank' },
});

/**
 * A user's defaults, kept on the server (`GET/PUT /api/v1/users/me/settings`). Null means the
 * built-in default: light theme, the browser's language, en-US, English content, `enhanced`.
 */
export const zUserSettings = z
  .object({
    theme: z.enum(['light', 'dark']).nullable(),
    interface_language: z.enum(INTERFACE_LANGUAGES).nullable(),
    /** Where the capture panel's language picker starts. */
    transcription_language: zLanguageCode.nullable(),
    /** The Enhance panel's starting languages (at least one when set). */
    content_languages: z.array(zContentLanguage).min(1, 'Choose at least one language').max(10).nullable(),
    content_type: z.enum(ENHANCE_CONTENT_TYPES).nullable(),
    platforms: z.array(zPlatform).max(20).nullable(),
    /** How the user writes, in their words; language-model writers follow it. */
    writing_voice: zText({ trim: true, max: 1000, multiline: true }).nullable(),
    /**
     * Remember voices: naming a speaker keeps its voice print (numbers that describe how the voice
     * sounds, never audio) in the user's voice profiles, and later recordings suggest the name.
     * Off by default; turning it off deletes every print.
     */
    remember_voices: z.boolean(),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof zUserSettings>;

/** `PUT /api/v1/users/me/settings`: only the fields sent change; null restores the default. */
export const zUserSettingsPatch = zUserSettings.partial();
export type UserSettingsPatch = z.input<typeof zUserSettingsPatch>;
