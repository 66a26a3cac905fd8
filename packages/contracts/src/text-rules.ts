// No zod here: the server's request guard and the browser share these without the schemas.

/** Control characters that never belong in text: C0 except tab, line feed and carriage return, and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The same plus tab and line breaks, for one-line values (titles, names, codes). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const LINE_BREAKING_CHARACTERS = /[\u0000-\u001F\u007F]/;

/** Longest text any single request field may hold unless its schema says otherwise. */
export const MAX_FIELD_CHARS = 2_000_000;
