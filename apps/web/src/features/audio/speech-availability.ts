import { useQuery } from '@tanstack/react-query';
import { primaryLanguage, type SpeechLanguages } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';

export const SPEECH_LANGUAGES_KEY = ['system', 'speech-languages'] as const;

/**
 * Why a language cannot be transcribed here, or null when it can: no speech engine of the server
 * hears it. Pure, for tests; `useSpeechAvailability` feeds it the server's answer.
 */
export function unavailableReason(
  heard: SpeechLanguages | undefined,
  code: string,
  words: { noEngine: string; notHeard: string },
): string | null {
  if (!heard) return null;
  if (heard.engines.length === 0) return words.noEngine;
  if (heard.engines.some((e) => e.languages === null)) return null;
  const primary = primaryLanguage(code);
  if (primary === '' || primary === 'auto') return null;
  const aliases: Record<string, string> = { nb: 'no', iw: 'he', jv: 'jw', fil: 'tl', in: 'id', ji: 'yi' };
  const wanted = aliases[primary] ?? primary;
  return heard.engines.some((e) => e.languages?.includes(wanted)) ? null : words.notHeard;
}

/** For language pickers: the reason a language is not offered, from what the server's engines hear. */
export function useSpeechAvailability(): (code: string) => string | null {
  const { t } = useTranslation('audio');
  const heard = useQuery({
    queryKey: SPEECH_LANGUAGES_KEY,
    queryFn: () => api.get('/api/v1/system/speech-languages', { auth: false }),
    staleTime: 60_000,
  });
  const words = { noEngine: t('language.noEngine'), notHeard: t('language.notHeard') };
  return (code) => unavailableReason(heard.data, code, words);
}
