import type { ErrorCode, ErrorParams } from '@voxpress/contracts';
import { formatDuration, formatFileSize, formatNumber } from '../i18n/format.ts';
import { i18n, SOURCE_LANGUAGE } from '../i18n/i18n.ts';

const tErrors = i18n.getFixedT(null, 'errors');

// The server answers every error with an English `detail`, a stable `code` and the `params` the
// sentence was made from. In English the server's own sentence is shown (it can name more than the
// code: which document, which field); in every other language the code's message from the `errors`
// namespace is, with the params written the reader's way (sizes, seconds, numbers).

/** Reads a param for the sentence: sizes and lengths in words, numbers with local digits. */
function shown(name: string, value: ErrorParams[string]): string {
  if (typeof value === 'number') {
    if (name.endsWith('_bytes')) return formatFileSize(value);
    if (name === 'seconds' || name.endsWith('_s')) return formatDuration(value, 'long');
    return formatNumber(value);
  }
  return value === null ? '' : String(value);
}

/** The `{{names}}` a message fills in. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^,}\s]+)/g)].map((m) => m[1] ?? '');
}

/**
 * The code's message in the interface language, or null when there is none or the server left out
 * a value it needs (a sentence with a hole in it helps nobody).
 */
export function codeMessage(code: ErrorCode, params: ErrorParams): string | null {
  const english: unknown = i18n.getResource(SOURCE_LANGUAGE, 'errors', code);
  if (typeof english !== 'string') return null;
  const needed = placeholders(english);
  if (needed.some((name) => params[name] === undefined || params[name] === null)) return null;
  const values: Record<string, string> = {};
  for (const name of needed) values[name] = shown(name, params[name] ?? null);
  return tErrors(code as never, values as never) as unknown as string;
}

/** True when messages should come from the codes rather than the server's English sentences. */
export function translatesErrors(): boolean {
  return (i18n.resolvedLanguage ?? SOURCE_LANGUAGE) !== SOURCE_LANGUAGE;
}
