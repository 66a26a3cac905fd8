/**
 * The primary language subtag of a language tag, lower case: `en` for `en-US`, `en_GB` or `EN`,
 * `zh` for `zh-Hant-TW`. An empty tag gives an empty string.
 */
export function primaryLanguage(tag: string): string {
  return (tag.trim().split(/[-_]/)[0] ?? '').toLowerCase();
}

/** Whether two language tags name the same language, whatever their region or script: `en-GB` and `en-US`. */
export function sameLanguage(a: string, b: string): boolean {
  return primaryLanguage(a) === primaryLanguage(b);
}
