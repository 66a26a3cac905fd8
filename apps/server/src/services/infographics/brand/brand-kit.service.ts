import {
  BRAND_LOGO_MAX_BYTES,
  BRAND_MIN_CONTRAST,
  type BrandFont,
  type BrandKit,
  type BrandKitUpdate,
} from '@voxpress/contracts';
import { fileTypeFromBuffer } from 'file-type';
import type { RenderBrand } from '../../../engines/renderer/renderer.ts';
import { contrastRatio } from '../../../engines/renderer/templates/contrast.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type {
  BrandKitRow,
  BrandKitsRepository,
} from '../../../repositories/infographics/brand-kits.repository.ts';

/** The kit shown before the user saves one: the modern style's own colours, headings in Inter. */
const DEFAULTS = { primary: '#1d4ed8', secondary: '#0f766e', font: 'Inter' as BrandFont };
/** The logo's longer side once stored, in pixels: sharp in the corner of a 1920 px canvas. */
const LOGO_SIDE = 512;
/** A logo larger than this many pixels is refused before it is decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 25_000_000;

const logoInvalid = () =>
  new HttpError(
    422,
    'image_invalid',
    'This file is not a logo that can be used. Choose a PNG, JPEG or SVG image.',
  );
const logoTooLarge = () =>
  new HttpError(413, 'image_too_large', 'The logo must be smaller than 1 MB.', {
    max_bytes: BRAND_LOGO_MAX_BYTES,
  });

// Markup an SVG logo has no need of: scripts, embedded HTML, entities, and anything fetched from
// elsewhere. Such a file is refused outright; any other is rasterised, so no SVG is ever kept.
const UNSAFE_SVG =
  /<script|<foreignObject|<!ENTITY|\bon[a-z]+\s*=|(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/(?:png|jpeg);)/i;

/**
 * Brand kits: two colours checked for contrast against the white of the cards they label, a
 * heading font from the bundled families, a footer line, and a logo rasterised to a PNG of at
 * most 512 px, checked by its bytes (never the name or the browser's type).
 */
export class BrandKitService {
  constructor(private readonly kits: BrandKitsRepository) {}

  async get(userId: string): Promise<BrandKit> {
    return toBrandKit(await this.kits.find(userId));
  }

  async put(userId: string, update: BrandKitUpdate): Promise<BrandKit> {
    for (const [field, color] of [
      ['primary_color', update.primary_color],
      ['secondary_color', update.secondary_color],
    ] as const) {
      const ratio = contrastRatio(color, '#ffffff');
      if (ratio < BRAND_MIN_CONTRAST)
        throw new HttpError(
          422,
          'validation_failed',
          `${color} is too light to read on white (contrast ${ratio.toFixed(1)}:1, at least ${BRAND_MIN_CONTRAST}:1 is needed). Choose a darker shade.`,
          { field, contrast: Math.round(ratio * 10) / 10, minimum: BRAND_MIN_CONTRAST },
        );
    }
    const logo =
      update.logo === undefined ? undefined : update.logo === null ? null : await rasterise(update.logo);
    const row = await this.kits.save(userId, {
      primaryColor: update.primary_color.toLowerCase(),
      secondaryColor: update.secondary_color.toLowerCase(),
      headingFont: update.heading_font,
      footer: update.footer?.trim() || null,
      ...(logo === undefined
        ? {}
        : {
            logoPng: logo?.png ?? null,
            logoWidth: logo?.width ?? null,
            logoHeight: logo?.height ?? null,
          }),
    });
    return toBrandKit(row);
  }

  /** The kit as a render applies it, or undefined when the user has not saved one. */
  async forRender(userId: string): Promise<RenderBrand | undefined> {
    const row = await this.kits.find(userId);
    if (!row) return undefined;
    return {
      primary: row.primaryColor,
      secondary: row.secondaryColor,
      headingFont: row.headingFont,
      footer: row.footer ?? undefined,
      logo:
        row.logoPng && row.logoWidth && row.logoHeight
          ? { url: `data:image/png;base64,${row.logoPng}`, width: row.logoWidth, height: row.logoHeight }
          : undefined,
    };
  }
}

function toBrandKit(row: BrandKitRow | undefined): BrandKit {
  const primary = row?.primaryColor ?? DEFAULTS.primary;
  const secondary = row?.secondaryColor ?? DEFAULTS.secondary;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    saved: Boolean(row),
    primary_color: primary,
    secondary_color: secondary,
    heading_font: (row?.headingFont as BrandFont | undefined) ?? DEFAULTS.font,
    footer: row?.footer ?? null,
    logo: row?.logoPng ? `data:image/png;base64,${row.logoPng}` : null,
    logo_width: row?.logoWidth ?? null,
    logo_height: row?.logoHeight ?? null,
    contrast: {
      primary: round(contrastRatio(primary, '#ffffff')),
      secondary: round(contrastRatio(secondary, '#ffffff')),
    },
  };
}

/** A logo data URL as a PNG of at most 512 px on its longer side, transparency kept. */
async function rasterise(dataUrl: string): Promise<{ png: string; width: number; height: number }> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > BRAND_LOGO_MAX_BYTES) throw logoTooLarge();
  if (!bytes.length) throw logoInvalid();
  const type = await fileTypeFromBuffer(bytes);
  const svg = !type && isSvg(bytes);
  if (!svg && type?.mime !== 'image/png' && type?.mime !== 'image/jpeg') throw logoInvalid();
  if (svg && UNSAFE_SVG.test(bytes.toString('utf8'))) throw logoInvalid();
  const { default: sharp } = await import('sharp'); // loaded with the first logo, not at start-up
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: false,
      // Vector logos are drawn large enough to stay sharp at 512 px.
      ...(svg ? { density: 288 } : {}),
    })
      .rotate()
      .resize(LOGO_SIDE, LOGO_SIDE, { fit: 'inside', withoutEnlargement: !svg })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { png: data.toString('base64'), width: info.width, height: info.height };
  } catch {
    throw logoInvalid();
  }
}

/** Whether bytes are an SVG document (text starting with an XML declaration or `<svg`). */
function isSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head);
}
