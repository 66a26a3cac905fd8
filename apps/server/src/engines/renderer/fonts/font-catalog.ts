import { primaryLanguage } from '@voxpress/contracts';
// The font families infographics are drawn with. Every file comes from an npm font package
// (fontsource: OFL-licensed Google Fonts builds), so a fresh install has them on any machine.

/** A family as templates name it, and the fontsource package that ships it. */
export interface FontFamilySource {
  /** The name templates use in `fontFamily`. */
  family: string;
  /** The npm package holding `files/` and `unicode.json`. */
  package: string;
  /** The file prefix inside `files/` (fontsource's id). */
  id: string;
  weights: readonly number[];
  italic?: readonly number[];
  /** Which of the package's subsets to use: names (`latin`) or all of them. */
  subsets: readonly string[] | 'all';
  /** Scripts this family is chosen for when a text needs them. */
  role: 'latin' | 'cjk' | 'indic' | 'script';
}

export const UI_SANS = 'Inter';
export const BOOK_SERIF = 'Lora';
export const DISPLAY_SERIF = 'Playfair Display';

export const FONT_FAMILIES: readonly FontFamilySource[] = [
  {
    family: UI_SANS,
    package: '@fontsource/inter',
    id: 'inter',
    weights: [400, 500, 600, 700, 800],
    subsets: ['latin', 'latin-ext', 'vietnamese', 'cyrillic', 'greek'],
    role: 'latin',
  },
  {
    family: BOOK_SERIF,
    package: '@fontsource/lora',
    id: 'lora',
    weights: [400, 700],
    italic: [400],
    subsets: ['latin', 'latin-ext', 'vietnamese', 'cyrillic'],
    role: 'latin',
  },
  {
    family: DISPLAY_SERIF,
    package: '@fontsource/playfair-display',
    id: 'playfair-display',
    weights: [400, 700],
    italic: [400],
    subsets: ['latin', 'latin-ext', 'vietnamese', 'cyrillic'],
    role: 'latin',
  },
  {
    family: 'Noto Sans SC',
    package: '@fontsource/noto-sans-sc',
    id: 'noto-sans-sc',
    weights: [400, 700],
    subsets: 'all',
    role: 'cjk',
  },
  {
    family: 'Noto Sans JP',
    package: '@fontsource/noto-sans-jp',
    id: 'noto-sans-jp',
    weights: [400, 700],
    subsets: 'all',
    role: 'cjk',
  },
  {
    family: 'Noto Sans KR',
    package: '@fontsource/noto-sans-kr',
    id: 'noto-sans-kr',
    weights: [400, 700],
    subsets: 'all',
    role: 'cjk',
  },
  {
    family: 'Noto Sans Devanagari',
    package: '@fontsource/noto-sans-devanagari',
    id: 'noto-sans-devanagari',
    weights: [400, 700],
    subsets: ['devanagari'],
    role: 'indic',
  },
  {
    family: 'Noto Sans Tamil',
    package: '@fontsource/noto-sans-tamil',
    id: 'noto-sans-tamil',
    weights: [400, 700],
    subsets: ['tamil'],
    role: 'indic',
  },
  {
    family: 'Noto Sans Telugu',
    package: '@fontsource/noto-sans-telugu',
    id: 'noto-sans-telugu',
    weights: [400, 700],
    subsets: ['telugu'],
    role: 'indic',
  },
  // Arabic script: Arabic, Persian and Urdu (its block holds پ چ ژ گ ی ے ٹ ڈ ڑ ں ھ and the
  // Arabic-Indic and Persian digits).
  {
    family: 'Noto Sans Arabic',
    package: '@fontsource/noto-sans-arabic',
    id: 'noto-sans-arabic',
    weights: [400, 700],
    subsets: ['arabic'],
    role: 'script',
  },
  {
    family: 'Noto Sans Hebrew',
    package: '@fontsource/noto-sans-hebrew',
    id: 'noto-sans-hebrew',
    weights: [400, 700],
    subsets: ['hebrew'],
    role: 'script',
  },
  {
    family: 'Noto Sans Thai',
    package: '@fontsource/noto-sans-thai',
    id: 'noto-sans-thai',
    weights: [400, 700],
    subsets: ['thai'],
    role: 'script',
  },
];

// Greek and Cyrillic are drawn by Inter (its `greek` and `cyrillic` subsets), which every theme
// carries; the serif families add their own Cyrillic.
const SCRIPTS = [
  'Noto Sans Arabic',
  'Noto Sans Hebrew',
  'Noto Sans Thai',
  'Noto Sans Devanagari',
  'Noto Sans Tamil',
  'Noto Sans Telugu',
];

/**
 * The fallback families to try for a character, in order. Script fonts (Arabic, Hebrew, Thai,
 * Indic) come first: the CJK packages' subsets claim a few characters of other scripts without
 * drawing them. Hangul goes to the Korean face and kana to the Japanese one whatever the
 * language; Han characters follow it.
 */
export function fallbackOrder(language: string): (codepoint: number) => readonly string[] {
  const han = cjkPreference(language);
  const korean = cjkPreference('ko');
  const japanese = cjkPreference('ja');
  return (cp) => {
    if ((cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f) || (cp >= 0xac00 && cp <= 0xd7af)) {
      return [...korean, ...SCRIPTS];
    }
    if (cp >= 0x3040 && cp <= 0x30ff) return [...japanese, ...SCRIPTS];
    return [...SCRIPTS, ...han];
  };
}

/**
 * Which fallback family serves a language's Han characters first: the same codepoint is drawn
 * differently in Chinese, Japanese and Korean, so the text's language decides.
 */
export function cjkPreference(language: string): string[] {
  const base = primaryLanguage(language);
  if (base === 'ja') return ['Noto Sans JP', 'Noto Sans SC', 'Noto Sans KR'];
  if (base === 'ko') return ['Noto Sans KR', 'Noto Sans SC', 'Noto Sans JP'];
  return ['Noto Sans SC', 'Noto Sans JP', 'Noto Sans KR'];
}
