import { ICON_SHAPES, type IconName } from './icon-shapes.generated.ts';

export type { IconName };

const urls = new Map<string, string>();

/**
 * An icon as an SVG data URL in one colour and stroke width: the Tabler outline shapes copied into
 * `icon-shapes.generated.ts`, so every icon shares one 24-unit grid, round joins and the stroke
 * the template asks for. Kept per colour and width for the life of the process.
 */
export function iconUrl(name: IconName, color: string, strokeWidth = 2): string {
  const key = `${name}|${color}|${strokeWidth}`;
  let url = urls.get(key);
  if (url === undefined) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="${color}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">${ICON_SHAPES[name]}</svg>`;
    url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    // A handful of themes × icons: the cache stays small, but is bounded all the same.
    if (urls.size > 2000) urls.clear();
    urls.set(key, url);
  }
  return url;
}
