import type { InfographicContentType, InfographicVariation, SavedInfographic } from '@voxpress/contracts';
import { formatLocale, formatNumber } from '../../i18n/format.ts';

/**
 * One picture as the gallery shows it, whether it is a saved image or a variation kept in a
 * collection: what to call it, where it is, what it is and how long it took.
 */
export interface GalleryImage {
  key: string;
  /** The image's own name; null when it has none (the source item's title stands in). */
  title: string | null;
  /** A signed link (or inline data URL); null when no image was made. */
  url: string | null;
  /** When a signed link runs out (null for an inline image). */
  urlExpiresAt: string | null;
  contentType: InfographicContentType;
  /** `WxH`. */
  size: string;
  width: number;
  height: number;
  /** 0 for a picture the user uploaded: nothing was generated. */
  generationTimeMs: number;
  /** When it was generated (ISO). */
  date: string;
  /** The source (transcript or document) it was made from, when known. */
  transcriptionId: string | null;
  /** The saved record, to ask for a fresh link. */
  savedId: string | null;
}

export function fromSaved(saved: SavedInfographic): GalleryImage {
  return {
    key: saved.id,
    title: saved.metadata.title?.trim() || null,
    url: saved.infographic_url || null,
    urlExpiresAt: saved.url_expires_at,
    contentType: saved.content_type,
    size: saved.size,
    width: saved.width,
    height: saved.height,
    generationTimeMs: saved.generation_time_ms,
    date: saved.generated_at,
    transcriptionId: saved.transcription_id,
    savedId: saved.id,
  };
}

export function fromVariation(variation: InfographicVariation): GalleryImage {
  return {
    key: variation.id,
    title: variation.variation_name.trim() || variation.name.trim() || null,
    url: variation.success ? variation.infographic_url || variation.data_url || null : null,
    urlExpiresAt: variation.infographic_url ? variation.url_expires_at : null,
    contentType: variation.content_type,
    size: variation.size,
    width: variation.width,
    height: variation.height,
    generationTimeMs: variation.variation_type === 'upload' ? 0 : variation.generation_time_ms,
    date: variation.generated_at,
    transcriptionId: null,
    savedId: null,
  };
}

/**
 * The time an image took in seconds with one decimal (spec: the gallery shows it so). Renders take
 * milliseconds here, so anything under a twentieth of a second reads "under 0.1 s" rather than a
 * misleading 0.0. Null for an uploaded picture, which took no generating.
 */
export function generationSeconds(ms: number): { seconds: number; under: boolean } | null {
  if (!(ms > 0)) return null;
  if (ms < 50) return { seconds: 0.1, under: true };
  return { seconds: Math.round(ms / 100) / 10, under: false };
}

/** Seconds with exactly one decimal in the reader's language: "1.2 sec", "1,2 s". */
export function formatSeconds(seconds: number): string {
  return formatNumber(seconds, {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'short',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The file a download is saved as: the image's name with its letters and digits kept (any script)
 * and everything else turned into dashes, then the local date and time of the download, `.png`:
 * "Banana-bread-cover-2026-11-23-064500.png".
 */
export function downloadFileName(name: string, at: Date): string {
  const base = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  const stamp =
    `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}-` +
    `${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
  return `${base ? `${base}-` : ''}${stamp}.png`;
}

/** An address the way another app or device can open it: absolute. */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, origin).href;
}

/** A signed link that has run out (or will within a minute) and should be asked for again. */
export function linkExpired(expiresAt: string | null | undefined, now: number): boolean {
  if (!expiresAt) return false;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at - 60_000 <= now;
}

/**
 * How long a list of signed links stays good: the time until the first expires, less five minutes
 * (at least one minute), so the list is fetched again before any thumbnail breaks.
 */
export function refreshAfterMs(
  expiries: readonly (string | null | undefined)[],
  now: number,
): number | false {
  const times = expiries.map((e) => (e ? Date.parse(e) : Number.NaN)).filter(Number.isFinite);
  if (times.length === 0) return false;
  return Math.max(60_000, Math.min(...times) - now - 5 * 60_000);
}

/** When an image was made, as the reader writes dates and times: "Nov 23, 2026, 6:45 AM". */
export function formatMadeAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

interface Linked {
  id: string;
  infographic_url: string;
  url_expires_at: string;
}

/**
 * A list fetched again with a new ticket on every link keeps the links it already had while they
 * are good: the same address is the browser's cached image, so thumbnails are not downloaded again
 * each time the list is refreshed. An image whose old link runs out takes the new one.
 */
export function keepLinks<T extends Linked>(previous: readonly T[] | undefined, next: T[], now: number): T[] {
  if (!previous?.length) return next;
  const kept = new Map(previous.map((item) => [item.id, item]));
  return next.map((item) => {
    const old = kept.get(item.id);
    if (!old?.infographic_url || linkExpired(old.url_expires_at, now + 5 * 60_000)) return item;
    return { ...item, infographic_url: old.infographic_url, url_expires_at: old.url_expires_at };
  });
}
