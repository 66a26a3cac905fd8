/** Inclusive codepoint ranges, as CSS `unicode-range` writes them. */
export type CodepointRange = [number, number];

/** Parses `U+0000-00FF,U+0131,U+4E??` (fontsource's `unicode.json` values) into ranges. */
export function parseUnicodeRange(text: string): CodepointRange[] {
  const ranges: CodepointRange[] = [];
  for (const part of text.split(',')) {
    const item = part.trim().replace(/^U\+/i, '');
    if (!item) continue;
    if (item.includes('?')) {
      ranges.push([
        Number.parseInt(item.replace(/\?/g, '0'), 16),
        Number.parseInt(item.replace(/\?/g, 'F'), 16),
      ]);
      continue;
    }
    const [from, to] = item.split('-');
    const start = Number.parseInt(from ?? '', 16);
    const end = to === undefined ? start : Number.parseInt(to, 16);
    if (Number.isNaN(start) || Number.isNaN(end)) throw new Error(`Bad unicode-range item: ${part}`);
    ranges.push([start, end]);
  }
  return ranges;
}

export function inRanges(ranges: readonly CodepointRange[], codepoint: number): boolean {
  for (const [start, end] of ranges) if (codepoint >= start && codepoint <= end) return true;
  return false;
}

/** Every distinct codepoint of the texts, without the ones no font needs to draw. */
export function codepointsOf(texts: Iterable<string>): Set<number> {
  const found = new Set<number>();
  for (const text of texts) {
    for (const char of text) {
      const cp = char.codePointAt(0) ?? 0;
      if (!isInvisible(cp)) found.add(cp);
    }
  }
  return found;
}

/** Whitespace and joiners: laid out, never drawn, so no font must carry them. */
export function isInvisible(cp: number): boolean {
  return (
    cp <= 0x20 ||
    (cp >= 0x7f && cp <= 0xa0) ||
    cp === 0x200b ||
    cp === 0x200c ||
    cp === 0x200d ||
    cp === 0xfeff ||
    (cp >= 0xfe00 && cp <= 0xfe0f)
  );
}
