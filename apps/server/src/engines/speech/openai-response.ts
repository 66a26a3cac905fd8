import type { Segment } from '@voxpress/contracts';
import { z } from 'zod';
import { WHISPER_LANGUAGES } from './whisper-languages.ts';

/** What one `/audio/transcriptions` answer says. */
export interface Transcribed {
  text: string;
  /** ISO code of the detected language, when the server says. */
  language: string | null;
  /** Relative to the start of the piece. */
  segments: Segment[];
  confidence: number | null;
}

const zAnswer = z.object({
  text: z.string(),
  language: z.string().optional(),
  segments: z
    .array(
      z.object({
        start: z.number(),
        end: z.number(),
        text: z.string(),
        avg_logprob: z.number().optional(),
      }),
    )
    .optional(),
});

/**
 * Reads a `verbose_json` or `json` answer (or `text/plain` from servers that ignore the format).
 * Confidence is the duration-weighted mean of exp(avg_logprob) when segments carry it. Returns
 * null when the body is none of these.
 */
export function parseTranscription(body: string, contentType: string | null): Transcribed | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    if (contentType?.startsWith('text/plain'))
      return { text: body.trim(), language: null, segments: [], confidence: null };
    return null;
  }
  const answer = zAnswer.safeParse(json);
  if (!answer.success) return null;
  const raw = answer.data.segments ?? [];
  const segments = raw
    .map((s) => ({ start: Math.max(0, s.start), end: Math.max(s.start, s.end), text: s.text.trim() }))
    .filter((s) => s.text);
  const weighted = raw.filter((s) => s.avg_logprob !== undefined && s.end > s.start);
  const total = weighted.reduce((sum, s) => sum + (s.end - s.start), 0);
  const confidence =
    total > 0
      ? weighted.reduce((sum, s) => sum + Math.exp(s.avg_logprob ?? 0) * (s.end - s.start), 0) / total
      : null;
  return {
    text: answer.data.text.trim(),
    language: languageCode(answer.data.language),
    segments,
    confidence: confidence === null ? null : Math.round(confidence * 1000) / 1000,
  };
}

/** OpenAI names the language in `verbose_json` ("english"); others give the code. */
function languageCode(language: string | undefined): string | null {
  if (!language) return null;
  const lower = language.toLowerCase();
  if (WHISPER_LANGUAGES.has(lower)) return lower;
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  for (const code of WHISPER_LANGUAGES) {
    if (names.of(code)?.toLowerCase() === lower) return code;
  }
  return lower;
}
