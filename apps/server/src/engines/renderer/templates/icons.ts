import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Tabler icons (MIT) drawn in templates, by their file name in `@tabler/icons`. */
export type IconName =
  | 'chef-hat'
  | 'school'
  | 'users'
  | 'package'
  | 'sparkles'
  | 'clock'
  | 'flame'
  | 'currency-dollar'
  | 'chart-bar'
  | 'circle-check'
  | 'circle-x'
  | 'circle-dot'
  | 'check'
  | 'leaf'
  | 'bolt'
  | 'microphone'
  | 'notes'
  | 'square-check'
  | 'user'
  | 'star'
  | 'heart'
  | 'salad'
  | 'list-numbers'
  | 'bulb'
  | 'quote';

const require = createRequire(import.meta.url);
const sources = new Map<string, string>();

/** An icon as an SVG data URL in one colour and stroke width; read from disk once per process. */
export function iconUrl(name: IconName, color: string, strokeWidth = 2): string {
  let svg = sources.get(name);
  if (svg === undefined) {
    svg = readFileSync(require.resolve(`@tabler/icons/outline/${name}.svg`), 'utf8').replace(
      /\s*class="[^"]*"/,
      '',
    );
    sources.set(name, svg);
  }
  const colored = svg
    .replaceAll('currentColor', color)
    .replace(/stroke-width="[\d.]+"/, `stroke-width="${strokeWidth}"`);
  return `data:image/svg+xml;base64,${Buffer.from(colored).toString('base64')}`;
}
