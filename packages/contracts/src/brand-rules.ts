// No zod here: the browser imports these at run time.

/** The families a brand kit's headings can be set in: the Latin faces the renderer bundles. */
export const BRAND_FONTS = ['Inter', 'Lora', 'Playfair Display'] as const;
export type BrandFont = (typeof BRAND_FONTS)[number];
/** Largest logo file accepted (PNG, JPEG or SVG), before it is rasterised. */
export const BRAND_LOGO_MAX_BYTES = 1024 * 1024;
/** Least contrast of a brand colour against the white of the cards it labels (WCAG large text). */
export const BRAND_MIN_CONTRAST = 3;
