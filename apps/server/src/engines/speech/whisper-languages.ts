import { primaryLanguage } from '@voxpress/contracts';
/** The language codes whisper.cpp knows (its `g_lang` table), ISO 639-1 where one exists. */
export const WHISPER_LANGUAGES: ReadonlySet<string> = new Set(
  (
    'en zh de es ru ko fr ja pt tr pl ca nl ar sv it id hi fi vi he uk el ms cs ro da hu ta no th ur ' +
    'hr bg lt la mi ml cy sk te fa lv bn sr az sl kn et mk br eu is hy ne mn bs kk sq sw gl mr pa si ' +
    'km sn yo so af oc ka be tg sd gu am yi lo uz fo ht ps tk nn mt sa lb my bo tl mg as tt haw ln ha ' +
    'ba jw su yue'
  ).split(' '),
);

/** Codes people (and browsers) use that whisper spells differently. */
const ALIASES: Record<string, string> = { nb: 'no', iw: 'he', jv: 'jw', fil: 'tl', in: 'id', ji: 'yi' };

/** Whether a request asks the engine to detect the language itself. */
export function isAutoLanguage(language: string): boolean {
  return language === '' || language.toLowerCase() === 'auto';
}

/**
 * The whisper code for a BCP-47-ish tag (`en-US` → `en`, `nb-NO` → `no`, `auto` → `auto`), or
 * null when whisper does not know the language.
 */
export function whisperLanguage(language: string): string | null {
  if (isAutoLanguage(language)) return 'auto';
  const primary = primaryLanguage(language);
  const code = ALIASES[primary] ?? primary;
  return WHISPER_LANGUAGES.has(code) ? code : null;
}
