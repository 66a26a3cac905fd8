import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { factIcon } from './emphasis.ts';
import { iconFor } from './icon-meaning.ts';
import { ICON_SHAPES } from './icon-shapes.generated.ts';
import { iconUrl } from './icons.ts';

const require = createRequire(import.meta.url);

describe('icons', () => {
  it('are the Tabler shapes, copied with their licence, one stroke for all', () => {
    const generated = readFileSync(new URL('./icon-shapes.generated.ts', import.meta.url), 'utf8');
    expect(generated).toContain('MIT License');
    expect(generated).toContain('Paweł Kuna');
    for (const [name, shapes] of Object.entries(ICON_SHAPES)) {
      const source = readFileSync(require.resolve(`@tabler/icons/outline/${name}.svg`), 'utf8');
      // Every path of the package's icon is in the copy, and nothing else is drawn.
      const paths = [...source.matchAll(/ d="([^"]+)"/g)]
        .map((m) => m[1])
        .filter((d) => d !== 'M0 0h24v24H0z');
      expect(paths.length, name).toBeGreaterThan(0);
      for (const d of paths) expect(shapes, name).toContain(`d="${d}"`);
      expect(shapes).not.toMatch(/stroke="|fill="(?!none)/);
    }
    const svg = Buffer.from(iconUrl('clock', '#123456', 1.75).split(',')[1] as string, 'base64').toString();
    expect(svg).toContain('stroke="#123456"');
    expect(svg).toContain('stroke-width="1.75"');
    expect(svg).toContain('stroke-linecap="round"');
  });

  it('are chosen by what an item is about, in several languages, and not at all when nothing fits', () => {
    expect(iconFor('Running cost fell to about 70 % of the gas bill')).toBe('coins');
    expect(iconFor('Never prune before the last frost')).toBe('alert-triangle');
    expect(iconFor('Ready in 20 minutes')).toBe('clock');
    expect(iconFor('Design review moved to next Tuesday')).toBe('calendar');
    expect(iconFor('Our customers asked for dark mode')).toBe('users');
    expect(iconFor('Der Preis steigt im Mai')).toBe('coins');
    expect(iconFor('El equipo creció este año')).toBe('users');
    expect(iconFor('La reunión fue en la oficina de Madrid')).toBe('map-pin');
    expect(iconFor('Four score and seven years ago')).toBeNull();
    expect(factIcon({ label: 'Steaming', value: '3½ h' })).toBe('clock');
    expect(factIcon({ label: 'Ingredients', value: '7' })).toBe('basket');
    expect(factIcon({ label: 'Steps', value: '6' })).toBe('list-numbers');
  });
});
