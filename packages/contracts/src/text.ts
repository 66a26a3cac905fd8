import { z } from 'zod';
import { CONTROL_CHARACTERS, LINE_BREAKING_CHARACTERS } from './text-rules.ts';

export interface TextOptions {
  /** Longest accepted value, in UTF-16 code units (what JavaScript's `length` counts). */
  max: number;
  /** Shortest accepted value (after trimming); a message for when it is shorter. */
  min?: { length: number; message: string };
  /** Accept line breaks and tabs (descriptions, transcripts); other control characters never. */
  multiline?: boolean;
  /** Remove surrounding whitespace before the length is checked. */
  trim?: boolean;
  /** The message for a value over `max`, when the field has its own wording. */
  maxMessage?: string;
}

/**
 * Every text field the API accepts is made here: a length limit, and no NUL or other control
 * characters (PostgreSQL refuses NUL in text, and they have no place in titles, names or codes).
 * Line breaks and tabs pass only where text may run over several lines.
 */
export function zText(options: TextOptions) {
  let schema = z.string();
  if (options.trim) schema = schema.trim();
  if (options.min) schema = schema.min(options.min.length, options.min.message);
  return schema
    .max(options.max, options.maxMessage ?? `Must be at most ${options.max} characters`)
    .refine(
      (value) => !(options.multiline ? CONTROL_CHARACTERS : LINE_BREAKING_CHARACTERS).test(value),
      options.multiline
        ? 'Must not contain control characters'
        : 'Must not contain control characters or line breaks',
    );
}

/**
 * A language as a BCP-47 tag (`en`, `en-US`, `zh-Hans-CN`), `auto` to let the engine decide, or
 * empty for the default. Anything else is refused without being repeated back.
 */
export const zLanguageCode = z
  .string()
  .trim()
  .max(35, 'Must be a language code such as en or en-US')
  .regex(/^(?:|auto|[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*)$/, 'Must be a language code such as en or en-US')
  .meta({ id: 'LanguageCode' });

/** Opaque tokens (refresh tokens, Google credentials, signatures): printable ASCII only. */
export function zToken(max: number, min?: { length: number; message: string }) {
  let schema = z.string();
  if (min) schema = schema.min(min.length, min.message);
  return schema.max(max, `Must be at most ${max} characters`).regex(/^[\x21-\x7e]*$/, 'Must be a token');
}
