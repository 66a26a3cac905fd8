import type { BrandKitUpdate } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export const BRAND_KEY = ['users', 'me', 'brand'] as const;

/** The user's brand kit, or the defaults with `saved: false`. */
export const fetchBrand = () => api.get('/api/v1/users/me/brand');

/** Saves the whole kit; `logo` left out keeps the current one, null removes it. */
export const saveBrand = (kit: BrandKitUpdate) => api.put('/api/v1/users/me/brand', { json: kit });

/** WCAG 2 contrast of a `#rrggbb` colour against white, as the server checks it. */
export function contrastOnWhite(hex: string): number {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return 1;
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return 1.05 / (l + 0.05);
}

/** A file as a data URL (the logo is sent inside the kit's JSON). */
export function dataUrlOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
