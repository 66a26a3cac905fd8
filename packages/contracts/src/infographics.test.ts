import { describe, expect, it } from 'vitest';
import { LAYOUT_STYLE_KEYS } from './infographic-catalog.ts';
import { parseInfographicSize } from './infographic-size.ts';
import { zInfographicSize, zLayoutStyleKey } from './infographics.ts';

describe('infographic sizes', () => {
  it('read a WxH size as pixels', () => {
    expect(parseInfographicSize('1080x1920')).toEqual({ width: 1080, height: 1920 });
    expect(parseInfographicSize('1200x')).toEqual({ width: 1200, height: 0 });
  });

  it('accept sizes within bounds and refuse the rest', () => {
    expect(zInfographicSize.parse(' 1080x1080 ')).toBe('1080x1080');
    expect(zInfographicSize.safeParse('1x1').success).toBe(false);
    expect(zInfographicSize.safeParse('1080 x 1080').success).toBe(false);
  });
});

describe('layout styles', () => {
  it('refuse an unknown style naming every style there is', () => {
    const message = zLayoutStyleKey.safeParse('no-such-style').error?.issues[0]?.message ?? '';
    expect(message).toMatch(/^Choose one of [a-z]+(, [a-z]+)* or [a-z]+$/);
    expect(message.match(/[a-z]+(?=,| or|$)/g)).toEqual([...LAYOUT_STYLE_KEYS]);
    expect(zLayoutStyleKey.parse('elegant')).toBe('elegant');
  });
});
