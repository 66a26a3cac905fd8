import type { ContentBlock } from '@voxpress/contracts';
import fc from 'fast-check';
import { words as wordsOf } from '../composer/language.ts';
import { isGroundedTag, wordSet } from './hashtags.ts';
import { hashtag, hashtagsIn } from './platform-rules.ts';
import type { RenditionSource } from './rendition-source.ts';
import { sentencesOf, withoutNumber } from './thread.ts';
import { xWeightedLength } from './x-weight.ts';

/**
 * Generated pieces for the rendition rules, and each rule as a check that names what is wrong
 * (null when the rule holds). The checks take plain rendition texts, so they judge any writer.
 */

const LATIN = `bread flour water salt dough oven nation liberty garden tomato river city council budget
  school teacher market price harvest winter summer morning kitchen recipe butter sugar engine
  music story family village mountain railway letter doctor patient`
  .split(/\s+/)
  .filter(Boolean);
const FILLER = 'the a of to in and but so because which when we you it is was will can very'.split(' ');
const CJK_ZH = [
  '我们',
  '今天',
  '种',
  '西红柿',
  '首先',
  '准备',
  '土壤',
  '城市',
  '面包',
  '厨房',
  '学校',
  '老师',
];
const CJK_JA = ['今日', 'は', '天気', 'です', '私', 'たち', '料理', '台所', 'パン', '作り', 'ます'];
const URLS = ['https://example.com/a/long/path?with=query', 'voxpress.test/blog', 'http://x.co/abc'];

const block = (type: ContentBlock['type'], text: string): ContentBlock => ({
  type,
  text,
  segment_ids: [0],
  start: null,
});

const words = (pool: readonly string[], min: number, max: number) =>
  fc.array(fc.constantFrom(...pool), { minLength: min, maxLength: max });

/** An English sentence with clause commas, capitalised and ended. */
const sentence = fc
  .tuple(words([...LATIN, ...FILLER], 4, 40), fc.constantFrom('.', '!', '?'), fc.nat(100))
  .map(([ws, end, seed]) => {
    const out = ws.map((w, i) => (i > 0 && i % 9 === (seed % 7) + 2 ? `${w},` : w));
    const text = out.join(' ').replace(/,$/, '');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}${end}`;
  });

const paragraph = fc.array(sentence, { minLength: 1, maxLength: 6 }).map((s) => s.join(' '));

const KEYWORD_POOL = ['bread', 'nation liberty', 'garden', 'city council', 'kitchen', 'tomato', 'winter'];

/** A piece as the composer and editors make them, of one of several hard kinds. */
export const pieces: fc.Arbitrary<{ kind: string; source: RenditionSource }> = fc.oneof(
  // An ordinary blog post: paragraphs and a heading or two.
  fc
    .tuple(fc.array(paragraph, { minLength: 1, maxLength: 14 }), fc.subarray(KEYWORD_POOL))
    .map(([paras, keywords]) => ({
      kind: 'post',
      source: piece(
        'A post about bread',
        paras.flatMap((p, i) =>
          i === 3 ? [block('heading', 'More'), block('paragraph', p)] : [block('paragraph', p)],
        ),
        keywords,
      ),
    })),
  // Speech engine output: lower case, no punctuation at all, one or a few very long run-ons.
  fc.array(words([...LATIN, ...FILLER], 30, 450), { minLength: 1, maxLength: 3 }).map((paras) => ({
    kind: 'run-on',
    source: piece(
      'Untitled recording',
      paras.map((ws) => block('paragraph', ws.join(' '))),
      ['bread', 'kitchen'],
    ),
  })),
  // Chinese or Japanese, punctuated or not.
  fc
    .tuple(
      fc.constantFrom('zh', 'ja'),
      fc.array(fc.tuple(fc.nat(1000), fc.integer({ min: 3, max: 120 }), fc.boolean()), {
        minLength: 1,
        maxLength: 8,
      }),
    )
    .map(([language, paras]) => {
      const pool = language === 'zh' ? CJK_ZH : CJK_JA;
      const text = ([seed, length, punctuated]: [number, number, boolean]) =>
        Array.from({ length }, (_, i) => {
          const w = pool[(seed + i * 7) % pool.length] ?? '';
          return punctuated && i % 11 === 10 ? `${w}。` : punctuated && i % 5 === 4 ? `${w}，` : w;
        }).join('');
      return {
        kind: `cjk-${language}`,
        source: piece(
          language === 'zh' ? '面包' : 'パン',
          paras.map((p) => block('paragraph', text(p))),
          [pool[0] ?? '', pool[3] ?? ''],
          language,
        ),
      };
    }),
  // Links among the words.
  fc.array(fc.tuple(sentence, fc.constantFrom(...URLS)), { minLength: 1, maxLength: 10 }).map((pairs) => ({
    kind: 'urls',
    source: piece(
      'Links worth reading',
      pairs.map(([s, url]) => block('paragraph', `${s.slice(0, -1)} at ${url} today.`)),
      ['garden'],
    ),
  })),
  // Lists: bullets and steps, some items still carrying their own markers.
  fc
    .tuple(
      fc.array(words(LATIN, 1, 6), { minLength: 2, maxLength: 12 }),
      fc.array(sentence, { minLength: 1, maxLength: 10 }),
      fc.constantFrom('', '- ', '• ', '1. '),
    )
    .map(([items, steps, marker]) => ({
      kind: 'lists',
      source: piece(
        'Brown bread',
        [
          block('paragraph', 'Brown bread keeps well for a week when it is steamed.'),
          block('heading', 'Ingredients'),
          ...items.map((ws) => block('bullet', `${marker}${ws.join(' ')}`)),
          block('heading', 'Method'),
          ...steps.map((s, i) => block('numbered', marker ? `${i + 1}. ${s}` : s)),
          block(
            'paragraph',
            `Notes:\n- ${items[0]?.join(' ') ?? 'salt'}\n- ${items[1]?.join(' ') ?? 'flour'}`,
          ),
        ],
        ['bread', 'flour'],
      ),
    })),
  // One word.
  fc
    .constantFrom(...LATIN)
    .map((w) => ({ kind: 'one-word', source: piece('One word', [block('paragraph', w)], [w]) })),
  // Empty sections: headings with nothing under them, blank blocks.
  fc.array(fc.option(paragraph, { nil: null }), { minLength: 1, maxLength: 6 }).map((paras) => ({
    kind: 'empty-sections',
    source: piece(
      'Sections',
      paras.flatMap((p, i) => [block('heading', `Part ${i + 1}`), block('paragraph', p ?? '  ')]),
      ['garden'],
    ),
  })),
);

function piece(title: string, blocks: ContentBlock[], keywords: string[], language = 'en'): RenditionSource {
  return { title, language, blocks, keywords, markdown: blocks.map((b) => b.text).join('\n\n') };
}

/** The piece's text, whitespace made single, lower case: what a rendition's words come from. */
export function pieceText(source: RenditionSource): string {
  return squashSpace([source.title, ...source.blocks.map((b) => b.text)].join('\n')).toLowerCase();
}

const squashSpace = (text: string) => text.replace(/\s+/g, ' ').trim();
const MARKER = /^\s*(?:[-*•·▪‣◦]|\d{1,3}[.)])\s/;
const TAG = /(?<![\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu;
const withoutTags = (text: string) => text.replace(TAG, '').trim();

/** The source's sentences, each as it stands (list markers off), lower case. */
function sourceSentences(source: RenditionSource): string[] {
  const out: string[] = [];
  for (const b of source.blocks)
    for (const line of b.text.split('\n')) {
      const plain = line.replace(/^\s*(?:[-*+•·▪‣◦–—]|\(?\d{1,3}[.)]|#{1,6})\s+/, '').trim();
      if (plain) out.push(...sentencesOf(plain, source.language).map((s) => squashSpace(s).toLowerCase()));
    }
  return out;
}

/**
 * Grounded and cut only where allowed: every sentence of the rendition (line by line, hashtags,
 * numbers and title aside) stands in one of the piece's sentences; a piece of a sentence, only
 * of a sentence heavier than `whole` (too long to stay whole on the platform), and then cut
 * between words (dictionary words in Chinese and Japanese).
 */
export function cutOnlyAtSentences(
  source: RenditionSource,
  parts: readonly string[],
  whole: number,
  measure: (text: string) => number = xWeightedLength,
): string | null {
  const sentences = sourceSentences(source);
  const title = squashSpace(source.title).toLowerCase();
  const headings = new Set(
    source.blocks.filter((b) => b.type === 'heading').map((b) => squashSpace(b.text).toLowerCase()),
  );
  for (const part of parts)
    for (const line of withoutNumber(part).split('\n')) {
      const text = squashSpace(withoutTags(line));
      if (!text || text.toLowerCase() === title || headings.has(text.toLowerCase())) continue;
      // Sentences found in the text as written: lower case changes where a segmenter ends them.
      for (const s of sentencesOf(text, source.language)) {
        const said = squashSpace(s).toLowerCase();
        if (sentences.includes(said)) continue;
        const holding = sentences.filter((w) => w.includes(said));
        if (!holding.length) return `not in the piece: "${said}"`;
        const long = holding.filter((w) => measure(w) > whole);
        if (!long.length) return `a sentence cut although it fits: "${said}" of "${holding[0]}"`;
        if (!long.some((from) => cutBetweenWords(from, said, source.language)))
          return `cut mid-word: "${said}" of "${long[0]}"`;
      }
    }
  return null;
}

/** Whether `said` stands somewhere in `from` with a word boundary at both ends. */
function cutBetweenWords(from: string, said: string, language: string): boolean {
  const bounds = wordBounds(from, language);
  const edge = (i: number) =>
    i === 0 ||
    i === from.length ||
    /\s/.test(from[i - 1] ?? '') ||
    /\s/.test(from[i] ?? '') ||
    (UNSPACED.test(from[i - 1] ?? '') && bounds.has(i));
  for (let at = from.indexOf(said); at >= 0; at = from.indexOf(said, at + 1))
    if (edge(at) && edge(at + said.length)) return true;
  return false;
}

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}，、。]/u;

function wordBounds(text: string, language: string): Set<number> {
  const out = new Set<number>([text.length]);
  for (const { index } of new Intl.Segmenter(language, { granularity: 'word' }).segment(text)) out.add(index);
  return out;
}

/** Every hashtag is one of the piece's keywords or made of its words. */
export function tagsFromPiece(source: RenditionSource, parts: readonly string[]): string | null {
  const text = [source.title, ...source.blocks.map((b) => b.text)].join('\n');
  const piece = wordSet(text, source.language);
  for (const tag of parts.flatMap(hashtagsIn))
    if (!isGroundedTag(tag, piece, text, source.keywords)) return `hashtag not from the piece: ${tag}`;
  return null;
}

/** X: numbered, within 280 as X counts, no list markers, and the first post more than the title. */
export function threadRules(source: RenditionSource, parts: readonly string[]): string | null {
  if (!parts.length) return hasText(source) ? 'no posts' : null;
  for (const [i, p] of parts.entries()) {
    if (xWeightedLength(p) > 280) return `post ${i + 1} weighs ${xWeightedLength(p)}`;
    if (parts.length > 1 && !p.startsWith(`${i + 1}/${parts.length} `))
      return `post ${i + 1} is not numbered`;
    for (const line of withoutNumber(p).split('\n')) if (MARKER.test(line)) return `a list marker: "${line}"`;
  }
  const first = squashSpace(withoutTags(withoutNumber(parts[0] ?? ''))).toLowerCase();
  if (hasBody(source) && first === squashSpace(source.title).toLowerCase())
    return 'the first post is the title alone';
  return null;
}

/** LinkedIn: the hook in the first two lines, short paragraphs, 3 to 5 hashtags. */
export function linkedinRules(source: RenditionSource, text: string): string | null {
  if (text.length > 3000) return `${text.length} characters`;
  const lines = text.split('\n');
  if (hasBody(source)) {
    // The hook ends before "see more": on the first line, or on the second under the title.
    const titled = squashSpace(lines[0] ?? '').toLowerCase() === squashSpace(source.title).toLowerCase();
    const fold = lines.slice(0, titled ? 2 : 1).join('\n');
    if (fold.length > 210) return `the hook ends ${fold.length} characters in`;
    const hook = lines
      .slice(0, 2)
      .map((l) => squashSpace(withoutTags(l)).toLowerCase())
      .filter((l) => l && l !== squashSpace(source.title).toLowerCase());
    if (!hook.length) return 'no hook in the first two lines';
  }
  const items = new Set(
    source.blocks
      .filter((b) => b.type === 'bullet' || b.type === 'numbered')
      .map((b) => b.text.toLowerCase()),
  );
  for (const para of text.split(/\n{2,}/).slice(1)) {
    if (/^(?:#\S+\s*)+$/.test(para)) continue;
    const lines = para.split('\n').filter((l) => ![...items].some((i) => i.includes(l.toLowerCase())));
    const count = lines.flatMap((l) => sentencesOf(l, source.language)).length;
    if (count > 3) return `a paragraph of ${count} sentences: "${para.slice(0, 80)}…"`;
  }
  const tags = hashtagsIn(text).length;
  if (tags > 5) return `${tags} hashtags`;
  if (tags < 3 && groundableKeywords(source) >= 3) return `only ${tags} hashtags`;
  return null;
}

/** Instagram: within 2,200 and 30 hashtags, a few at least when there are keywords, line breaks. */
export function instagramRules(source: RenditionSource, text: string): string | null {
  if (text.length > 2200) return `${text.length} characters`;
  if (hasBody(source) && !withoutTags(text)) return 'hashtags and nothing else';
  const tags = hashtagsIn(text).length;
  if (tags > 30) return `${tags} hashtags`;
  if (tags < Math.min(3, groundableKeywords(source)) && hasBody(source)) return `only ${tags} hashtags`;
  // Without keywords too: the text's own words make hashtags.
  const said = source.blocks
    .filter((b) => b.type !== 'heading')
    .flatMap((b) => wordsOf(b.text, source.language));
  if (tags < 3 && said.length >= 30) return `only ${tags} hashtags from ${said.length} words`;
  if (bodySentences(source) > 2 && !withoutTags(text).includes('\n')) return 'no line breaks';
  return null;
}

/** Facebook: its own shorter form, never the LinkedIn text. */
export function facebookRules(source: RenditionSource, text: string, linkedin: string): string | null {
  if (text.length > 1500) return `${text.length} characters`;
  if (hasBody(source) && !withoutTags(text)) return 'hashtags and nothing else';
  if (hasBody(source) && text === linkedin) return 'the same text as LinkedIn';
  if (withoutTags(text).length > withoutTags(linkedin).length) return 'longer than the LinkedIn post';
  return null;
}

/**
 * Each platform differs (for a piece of three sentences or more; a one-line piece can only be
 * itself), and none is the pasted article when the article is long.
 */
export function distinctForms(source: RenditionSource, texts: Record<string, string>): string | null {
  const article = squashSpace(source.blocks.map((b) => b.text).join(' '));
  const seen = new Map<string, string>();
  const several = bodySentences(source) >= 3;
  for (const [platform, text] of Object.entries(texts)) {
    const body = withoutTags(text).replace(/[ \t]+$/gm, '');
    const other = seen.get(body);
    if (other && several) return `${platform} is the same as ${other}`;
    seen.set(body, platform);
    if (article.length > 2500 && squashSpace(body).length >= article.length)
      return `${platform} is the whole article`;
  }
  return null;
}

function hasText(source: RenditionSource): boolean {
  return source.blocks.some((b) => b.text.trim()) || Boolean(source.title.trim());
}

/** Whether the piece says anything beyond its title. */
function hasBody(source: RenditionSource): boolean {
  return source.blocks.some(
    (b) =>
      b.type !== 'heading' &&
      b.text.trim() &&
      squashSpace(b.text).toLowerCase() !== squashSpace(source.title).toLowerCase(),
  );
}

/** Sentences of the piece outside its headings. */
function bodySentences(source: RenditionSource): number {
  return sourceSentences({ ...source, blocks: source.blocks.filter((b) => b.type !== 'heading') }).length;
}

/** Keywords that make a hashtag (not a bare number), each once. */
function groundableKeywords(source: RenditionSource): number {
  return new Set(source.keywords.map((k) => hashtag(k)?.toLowerCase()).filter(Boolean)).size;
}
