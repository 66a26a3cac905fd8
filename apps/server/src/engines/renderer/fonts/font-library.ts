import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { FONT_FAMILIES, type FontFamilySource } from './font-catalog.ts';
import { type CodepointRange, inRanges, parseUnicodeRange } from './unicode-range.ts';

/** One font file: a subset of a family in one weight and style. */
export interface FontFace {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  /** The subset's name in the package (`latin`, `devanagari`, `[42]`). */
  subset: string;
  file: string;
  ranges: CodepointRange[];
}

/** The faces to load for a text, the family stack that draws it, and what nothing can draw. */
export interface FontPlan {
  faces: FontFace[];
  /** The fallback families in use, in order, after the template's own families. */
  fallbacks: string[];
  /** Codepoints no font here covers (drawn as boxes). */
  missing: number[];
}

interface FamilyIndex {
  source: FontFamilySource;
  subsets: { name: string; ranges: CodepointRange[] }[];
  dir: string;
}

const require = createRequire(import.meta.url);

/**
 * Knows where every font file is and which codepoints each covers, from the font packages'
 * `unicode.json`; reads nothing but that index until a face is asked for. A plan names only the
 * subsets a text needs: a Latin-only text never touches the CJK packages.
 */
export class FontLibrary {
  private readonly index = new Map<string, FamilyIndex>();

  constructor(private readonly families: readonly FontFamilySource[] = FONT_FAMILIES) {}

  /** The font packages that are not installed. */
  missingPackages(): string[] {
    return this.families.filter((f) => !packageDir(f.package)).map((f) => f.package);
  }

  /** Where a family's files are, for the administrator's detail. */
  packageDir(family: string): string | undefined {
    const source = this.families.find((f) => f.family === family);
    return source ? packageDir(source.package) : undefined;
  }

  /**
   * The faces that draw `codepoints`: every subset of `families` (the template's own, in every
   * weight they come in) that covers one of them, then, for codepoints those do not cover, the
   * first fallback family that does (`fallbackOrder`: script fonts, then CJK by language).
   */
  plan(
    codepoints: ReadonlySet<number>,
    families: readonly string[],
    fallbackOrder: readonly string[] | ((codepoint: number) => readonly string[]),
  ): FontPlan {
    const orderFor = typeof fallbackOrder === 'function' ? fallbackOrder : () => fallbackOrder;
    const faces: FontFace[] = [];
    const uncovered = new Set<number>();
    const own = families.map((f) => this.family(f));
    for (const cp of codepoints)
      if (!own.some((fam) => fam.subsets.some((s) => inRanges(s.ranges, cp)))) uncovered.add(cp);
    for (const fam of own) faces.push(...this.facesCovering(fam, codepoints));

    const fallbacks: string[] = [];
    const missing: number[] = [];
    const needed = new Map<string, Set<number>>();
    for (const cp of uncovered) {
      const fam = orderFor(cp)
        .map((f) => this.family(f))
        .find((f) => f.subsets.some((s) => inRanges(s.ranges, cp)));
      if (!fam) {
        missing.push(cp);
        continue;
      }
      const set = needed.get(fam.source.family) ?? new Set<number>();
      set.add(cp);
      needed.set(fam.source.family, set);
    }
    const order = new Set([...needed.keys()].sort((a, b) => rank(a) - rank(b)));
    for (const name of order) {
      const cps = needed.get(name);
      if (!cps) continue;
      fallbacks.push(name);
      faces.push(...this.facesCovering(this.family(name), cps));
    }
    return { faces, fallbacks, missing };
  }

  private facesCovering(fam: FamilyIndex, codepoints: ReadonlySet<number>): FontFace[] {
    const { source } = fam;
    const faces: FontFace[] = [];
    for (const subset of fam.subsets) {
      let used = false;
      for (const cp of codepoints) {
        if (inRanges(subset.ranges, cp)) {
          used = true;
          break;
        }
      }
      if (!used) continue;
      const styles: [number, 'normal' | 'italic'][] = [
        ...source.weights.map((w): [number, 'normal'] => [w, 'normal']),
        ...(source.italic ?? []).map((w): [number, 'italic'] => [w, 'italic']),
      ];
      for (const [weight, style] of styles) {
        const key = subset.name.replace(/^\[(\d+)\]$/, '$1');
        faces.push({
          family: source.family,
          weight,
          style,
          subset: subset.name,
          file: path.join(fam.dir, 'files', `${source.id}-${key}-${weight}-${style}.woff2`),
          ranges: subset.ranges,
        });
      }
    }
    return faces;
  }

  private family(name: string): FamilyIndex {
    const known = this.index.get(name);
    if (known) return known;
    const source = this.families.find((f) => f.family === name);
    if (!source) throw new Error(`Unknown font family ${name}`);
    const dir = packageDir(source.package);
    if (!dir) throw new Error(`Font package ${source.package} is not installed`);
    const table = JSON.parse(readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
    const subsets = Object.entries(table)
      .filter(([subset]) => source.subsets === 'all' || source.subsets.includes(subset))
      .map(([subset, range]) => ({ name: subset, ranges: parseUnicodeRange(range) }));
    const entry = { source, subsets, dir };
    this.index.set(name, entry);
    return entry;
  }
}

/** Fallback families in the font stack: script fonts before the CJK ones, which claim a few of their characters. */
function rank(family: string): number {
  const source = FONT_FAMILIES.find((f) => f.family === family);
  return (source?.role === 'cjk' ? 100 : 0) + FONT_FAMILIES.findIndex((f) => f.family === family);
}

// fontsource packages export `./LICENSE` but not `./package.json`.
function packageDir(name: string): string | undefined {
  try {
    const dir = path.dirname(require.resolve(`${name}/LICENSE`));
    return existsSync(path.join(dir, 'unicode.json')) ? dir : undefined;
  } catch {
    return undefined;
  }
}
