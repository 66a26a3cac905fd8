import { i18n, SOURCE_LANGUAGE } from './i18n.ts';

/**
 * The locale dates and numbers are written in: the browser's own when it is a variant of the
 * interface language (en-GB keeps day/month order in the English interface), else the interface
 * language, so a German page never shows American dates.
 */
export function formatLocale(): string {
  const ui = i18n.resolvedLanguage ?? SOURCE_LANGUAGE;
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return browser && browser.split('-')[0] === ui.split('-')[0] ? browser : ui;
}

/** A date and time as the reader writes them, e.g. 11/23/2026, 6:45:00 AM. */
export function formatDateTime(date: Date): string {
  return date.toLocaleString(formatLocale());
}

/** A number with the reader's digit grouping, e.g. 1,234. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(formatLocale(), options).format(value);
}
