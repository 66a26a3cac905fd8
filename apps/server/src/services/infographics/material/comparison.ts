import type { Comparison } from '../../../engines/renderer/renderer.ts';

/** A heading and the list items or paragraphs under it, in reading order. */
export interface Section {
  heading: string;
  items: string[];
}

const MAX_ROWS = 8;

// Names of the two sides of a known pair, in the content languages: for or against, then before
// or after. Matched against a whole heading or an item's "Label:" prefix.
const FOR =
  /^(pros?|advantages?|strengths?|benefits|upsides?|for|ventajas|a favor|vorteile|dafür|avantages|pour|vantaggi|vantagens|voordelen|zalety|artıları|fördelar|fordele|fordeler|plussat|kelebihan|ưu điểm|優點|优点|メリット|장점|फ़ायदे|लाभ|مزايا|יתרונות|مزایا)$/iu;
const AGAINST =
  /^(cons?|disadvantages?|weaknesses?|drawbacks|downsides?|against|desventajas|en contra|nachteile|dagegen|inconvénients|contre|svantaggi|desvantagens|nadelen|wady|eksileri|nackdelar|ulemper|miinukset|kekurangan|nhược điểm|缺點|缺点|デメリット|단점|नुकसान|हानि|عيوب|חסרונות|معایب)$/iu;
const BEFORE =
  /^(before|vorher|antes|avant|prima|voor|przed|önce|före|før|ennen|sebelum|trước|之前|以前|前|이전|पहले|قبل|לפני)$/iu;
const AFTER =
  /^(after|nachher|después|despues|après|dopo|depois|na|po|sonra|efter|etter|jälkeen|sesudah|sau|之后|以后|後|이후|बाद|بعد|אחרי)$/iu;

/** "Heat pump vs gas boiler", "Rent or buy?": the two names a title sets against each other. */
const VERSUS =
  /^(.{2,60}?)\s+(?:vs\.?|versus|contra|gegen|или|против|ou|o|or|oder|of)\s+(.{2,60}?)\s*[?？!.]?$/iu;

// "On the one hand …; on the other (hand) …", in the Latin-script content languages.
const ONE_HAND: [RegExp, RegExp][] = [
  [/\bon the one hand\b[,:]?\s*/i, /\bon the other(?: hand)?\b[,:]?\s*/i],
  [/\beinerseits\b[,:]?\s*/i, /\bandererseits\b[,:]?\s*/i],
  [/\bpor un lado\b[,:]?\s*/i, /\bpor (?:el )?otro(?: lado)?\b[,:]?\s*/i],
  [/\bd'une part\b[,:]?\s*/i, /\bd'autre part\b[,:]?\s*/i],
  [/\bda un lato\b[,:]?\s*/i, /\bdall'altro(?: lato)?\b[,:]?\s*/i],
  [/\bpor um lado\b[,:]?\s*/i, /\bpor outro(?: lado)?\b[,:]?\s*/i],
];

const norm = (s: string) =>
  s
    .trim()
    .replace(/[:：]$/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
const capital = (s: string) => (s ? s[0]?.toLocaleUpperCase() + s.slice(1) : s);
const clean = (s: string) => capital(s.trim().replace(/^[,;:\s]+|[,;:：\s]+$/gu, ''));

/** How two names pair up: a known pair (which side is which), the title's two options, or not. */
function pairOf(a: string, b: string, names: [string, string] | null): Comparison['tone'] | 'swap' | null {
  const x = norm(a);
  const y = norm(b);
  if (FOR.test(x) && AGAINST.test(y)) return 'pros';
  if (AGAINST.test(x) && FOR.test(y)) return 'swap';
  if (BEFORE.test(x) && AFTER.test(y)) return 'neutral';
  if (names) {
    const [l, r] = names.map(norm) as [string, string];
    if ((x.includes(l) || l.includes(x)) && (y.includes(r) || r.includes(y))) return 'neutral';
  }
  return null;
}

function build(
  left: { label: string; items: string[] },
  right: { label: string; items: string[] },
  tone: Comparison['tone'] | 'swap',
): Comparison | undefined {
  const [l, r] = tone === 'swap' ? [right, left] : [left, right];
  const side = (s: typeof l) => ({
    label: clean(s.label),
    items: s.items.map(clean).filter(Boolean).slice(0, MAX_ROWS),
  });
  const out = { left: side(l), right: side(r), tone: tone === 'swap' ? 'pros' : tone } as Comparison;
  if (!out.left.items.length || !out.right.items.length) return undefined;
  if (out.left.items.length + out.right.items.length < 2) return undefined;
  return out;
}

/** The two options a title names ("A vs B"), when it names two. */
export function versusNames(title: string): [string, string] | null {
  const m = VERSUS.exec(title.trim());
  return m?.[1] && m[2] ? [m[1].trim(), m[2].trim()] : null;
}

/**
 * Two options compared in a piece, as its own words set them out, or undefined when it compares
 * nothing: two sections whose headings pair up (pros and cons, before and after, the two options
 * the title names); list items prefixed with such a pair of labels ("Pro: …", "Heat pump: …");
 * or sentences that weigh one hand against the other. Nothing is reworded: items are the
 * content's text with the label or the turn of phrase taken off.
 */
export function findComparison(
  title: string,
  sections: Section[],
  sentences: string[],
): Comparison | undefined {
  const names = versusNames(title);
  // Two sections side by side whose headings pair up.
  for (let i = 0; i + 1 < sections.length; i++) {
    const a = sections[i] as Section;
    const b = sections[i + 1] as Section;
    const tone = pairOf(a.heading, b.heading, names);
    if (tone) {
      const found = build({ label: a.heading, items: a.items }, { label: b.heading, items: b.items }, tone);
      if (found) return found;
    }
  }
  // Items prefixed with the two labels.
  const prefixed = sections
    .flatMap((s) => s.items)
    .map((t) => /^\s*([^:：]{2,40})[:：]\s+(\S.*)$/u.exec(t))
    .filter((m): m is RegExpExecArray => Boolean(m?.[1] && m[2]));
  const labels = [...new Set(prefixed.map((m) => norm(m[1] as string)))];
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) {
      const tone = pairOf(labels[i] as string, labels[j] as string, names);
      if (!tone) continue;
      const side = (label: string) => {
        const hits = prefixed.filter((m) => norm(m[1] as string) === label);
        return { label: (hits[0]?.[1] ?? label).trim(), items: hits.map((m) => m[2] as string) };
      };
      const found = build(side(labels[i] as string), side(labels[j] as string), tone);
      if (found) return found;
    }
  // One hand against the other, sentence by sentence or within one sentence.
  const joined = sentences.join(' ');
  for (const [one, other] of ONE_HAND) {
    const left: string[] = [];
    const right: string[] = [];
    let labelL = '';
    let labelR = '';
    const re = new RegExp(`${one.source}([^]*?)${other.source}([^]*?)(?:[.!?。](?:\\s|$)|$)`, 'gi');
    for (const m of joined.matchAll(re)) {
      const a = (m[1] ?? '').replace(/[.;,\s]+$/, '');
      const b = (m[2] ?? '').replace(/[.;,\s]+$/, '');
      if (!a || !b || a.length > 240 || b.length > 240) continue;
      labelL ||= (one.exec(m[0])?.[0] ?? '').replace(/[,:\s]+$/, '');
      labelR ||= (other.exec(m[0])?.[0] ?? '').replace(/[,:\s]+$/, '');
      left.push(a);
      right.push(b);
    }
    if (left.length) {
      const [nl, nr] = names ?? [labelL, labelR];
      const found = build({ label: nl, items: left }, { label: nr, items: right }, 'neutral');
      if (found) return found;
    }
  }
  return undefined;
}
