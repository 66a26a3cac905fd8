import { findSize, SIZE_PRESETS } from '@voxpress/contracts';

/** What stops a generation before it is asked for (spec §5), or null when it may go. */
export type GenerateBlock = 'no-content' | 'no-sizes' | 'busy';

/**
 * Infographic generation needs content and at least one size, and a call while one is running is
 * ignored (spec §5).
 */
export function generateBlock(input: {
  hasContent: boolean;
  sizes: readonly string[];
  generating: boolean;
}): GenerateBlock | null {
  if (!input.hasContent) return 'no-content';
  if (validSizes(input.sizes).length === 0) return 'no-sizes';
  if (input.generating) return 'busy';
  return null;
}

/** The chosen sizes that are known, each once, in the presets' order (then any others). */
export function validSizes(sizes: readonly string[]): string[] {
  const known = [...new Set(sizes)].filter((s) => findSize(s) !== undefined);
  const order = (s: string) => {
    const i = SIZE_PRESETS.findIndex((p) => p.value === s);
    return i === -1 ? SIZE_PRESETS.length : i;
  };
  return known.sort((a, b) => order(a) - order(b));
}
