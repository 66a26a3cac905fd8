import { primaryLanguage } from '@voxpress/contracts';

/** ISO 639-2/3 codes Apertium uses in mode names, to the ISO 639-1 codes the app uses. */
const TWO_LETTER: Record<string, string> = {
  eng: 'en',
  spa: 'es',
  fra: 'fr',
  cat: 'ca',
  por: 'pt',
  ita: 'it',
  deu: 'de',
  nld: 'nl',
  glg: 'gl',
  eus: 'eu',
  oci: 'oc',
  ron: 'ro',
  rus: 'ru',
  ukr: 'uk',
  pol: 'pl',
  swe: 'sv',
  dan: 'da',
  nob: 'nb',
  nno: 'nn',
  isl: 'is',
  hin: 'hi',
  urd: 'ur',
  ara: 'ar',
  tur: 'tr',
  arg: 'an',
  epo: 'eo',
  cym: 'cy',
  gle: 'ga',
  bre: 'br',
  mlt: 'mt',
  ind: 'id',
  msa: 'ms',
};

/** One translation direction Apertium has installed, e.g. mode `eng-spa` = en → es. */
export interface ApertiumMode {
  mode: string;
  source: string;
  target: string;
}

/**
 * The plain directions in `apertium -l` output. Variants (`spa-eng_US`) and extra pipelines
 * (`eco-es-fr`) are left out: the plain mode is the one meant for general text.
 */
export function parseApertiumModes(listing: string): ApertiumMode[] {
  const modes: ApertiumMode[] = [];
  for (const line of listing.split('\n')) {
    const match = /^([a-z]{2,3})-([a-z]{2,3})$/.exec(line.trim());
    if (!match?.[1] || !match[2]) continue;
    const source = TWO_LETTER[match[1]] ?? match[1];
    const target = TWO_LETTER[match[2]] ?? match[2];
    if (modes.some((m) => m.source === source && m.target === target)) continue;
    modes.push({ mode: line.trim(), source, target });
  }
  return modes;
}

/**
 * The modes to chain for `source` → `target`: one direct mode, else two through a pivot language
 * (en → fr as en → es → fr). Empty when Apertium cannot do it.
 */
export function apertiumPath(modes: readonly ApertiumMode[], source: string, target: string): ApertiumMode[] {
  const from = primaryLanguage(source);
  const to = primaryLanguage(target);
  const direct = modes.find((m) => m.source === from && m.target === to);
  if (direct) return [direct];
  for (const first of modes.filter((m) => m.source === from)) {
    const second = modes.find((m) => m.source === first.target && m.target === to);
    if (second) return [first, second];
  }
  return [];
}
