import { sameLanguage } from '@voxpress/contracts';
import { i18n, SOURCE_LANGUAGE } from './i18n.ts';

// Every date, number, size and length the interface shows goes through Intl in the reader's
// language: digits, separators, unit names and word order then follow the language by themselves
// (1,5 MB in Spanish, ١٫٥ ميغابايت in Arabic), and a new language needs no code here.

/**
 * The locale dates and numbers are written in: the browser's own when it is a variant of the
 * interface language (en-GB keeps day/month order in the English interface), else the interface
 * language, so a German page never shows American dates.
 */
export function formatLocale(): string {
  const ui = i18n.resolvedLanguage ?? SOURCE_LANGUAGE;
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return browser && sameLanguage(browser, ui) ? browser : ui;
}

/** A date and time as the reader writes them, e.g. 11/23/2026, 6:45:00 AM. */
export function formatDateTime(date: Date): string {
  return date.toLocaleString(formatLocale());
}

/** A calendar date, e.g. November 23, 2026 (`long`) or 11/23/26 (`short`). */
export function formatDate(date: Date, style: 'short' | 'medium' | 'long' = 'medium'): string {
  return new Intl.DateTimeFormat(formatLocale(), { dateStyle: style }).format(date);
}

/** A month and its year, e.g. November 2026. */
export function formatMonth(date: Date): string {
  return new Intl.DateTimeFormat(formatLocale(), { month: 'long', year: 'numeric' }).format(date);
}

/** A number with the reader's digits and grouping, e.g. 1,234. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(formatLocale(), options).format(value);
}

/** A number with exactly `digits` decimals, e.g. 2.50. */
export function formatFixed(value: number, digits: number): string {
  return formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A share (0–1) as a percentage, e.g. 0.934 → 93%. */
export function formatPercent(share: number, maximumFractionDigits = 0): string {
  return formatNumber(share, { style: 'percent', maximumFractionDigits });
}

// From kilobytes up: several languages' short name for a byte is the whole word ("0 byte").
const SIZE_UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A number of bytes in kB, MB, GB or TB (1024-based, as the limits are), one decimal below 100:
 * 1 572 864 → "1.5 MB", 0 → "0 kB".
 */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes) / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 100 || value === 0 ? 0 : 1;
  return formatNumber(value, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  });
}

/** A size in megabytes with two decimals, as the recorder and the limits show it: "1.25 MB". */
export function formatMegabytes(bytes: number): string {
  return formatNumber(Math.max(0, bytes) / (1024 * 1024), {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: 'short',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** A running clock, mm:ss, or h:mm:ss from an hour (whole seconds, rounded down): 65 400 ms → 01:05. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => formatNumber(n, { minimumIntegerDigits: 2, useGrouping: false });
  const hours = Math.floor(total / 3600);
  const rest = `${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
  return hours ? `${formatNumber(hours, { useGrouping: false })}:${rest}` : rest;
}

interface DurationParts {
  hours?: number;
  minutes?: number;
  seconds?: number;
}

/** Intl.DurationFormat (Chrome 129, Firefox 136, Safari 16.4) where the browser has it. */
type DurationFormatter = { format(duration: DurationParts): string };
type DurationFormatConstructor = new (
  locale: string,
  options: { style: 'long' | 'short' | 'narrow'; fractionalDigits?: number },
) => DurationFormatter;

function durationFormat(): DurationFormatConstructor | undefined {
  return (Intl as unknown as { DurationFormat?: DurationFormatConstructor }).DurationFormat;
}

/** The parts of a length in seconds: under a minute to a tenth of a second, then whole units. */
export function durationParts(seconds: number): DurationParts {
  const s = Math.max(0, seconds);
  if (s < 59.95) return { seconds: Math.round(s * 10) / 10 };
  const whole = Math.round(s);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const parts: DurationParts = {};
  if (hours) parts.hours = hours;
  if (minutes || hours) parts.minutes = minutes;
  // Seconds stop mattering once a length runs to hours.
  if (!hours && rest) parts.seconds = rest;
  return parts;
}

/**
 * A length of time in words, e.g. 8.2 s, 3 min 5 s, 1 hr 12 min (`short`) or 3 minutes, 5 seconds
 * (`long`).
 */
export function formatDuration(seconds: number, style: 'long' | 'short' = 'short'): string {
  const parts = durationParts(seconds);
  const locale = formatLocale();
  const DurationFormat = durationFormat();
  // DurationFormat leaves zero units out, which would leave nothing at all for a length of zero.
  const zero = !parts.hours && !parts.minutes && !parts.seconds;
  if (DurationFormat && !zero) {
    const whole = { ...parts, seconds: parts.seconds === undefined ? undefined : Math.trunc(parts.seconds) };
    const tenths = parts.seconds !== undefined && !Number.isInteger(parts.seconds);
    if (!tenths) return new DurationFormat(locale, { style }).format(whole);
  }
  // Older browsers, and tenths of a second (which DurationFormat only writes as milliseconds).
  const units: Array<[keyof DurationParts, 'hour' | 'minute' | 'second']> = [
    ['hours', 'hour'],
    ['minutes', 'minute'],
    ['seconds', 'second'],
  ];
  const words = units
    .filter(([key]) => parts[key] !== undefined)
    .map(([key, unit]) =>
      formatNumber(parts[key] ?? 0, { style: 'unit', unit, unitDisplay: style, maximumFractionDigits: 1 }),
    );
  if (zero) return formatNumber(0, { style: 'unit', unit: 'second', unitDisplay: style });
  return typeof Intl.ListFormat === 'function'
    ? new Intl.ListFormat(locale, { type: 'unit', style: style === 'long' ? 'long' : 'narrow' }).format(words)
    : words.join(' ');
}

/** Items as a list in the reader's words, e.g. "a, b and c". */
export function formatList(items: string[], type: 'conjunction' | 'unit' = 'conjunction'): string {
  return typeof Intl.ListFormat === 'function'
    ? new Intl.ListFormat(formatLocale(), { type, style: type === 'unit' ? 'short' : 'long' }).format(items)
    : items.join(', ');
}
