import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitThread, withoutNumber } from './thread.ts';
import { xWeightedLength } from './x-weight.ts';

describe('X weighted length', () => {
  it.each([
    ['Hello world', 11],
    ['a'.repeat(280), 280],
    ['你好世界', 8],
    ['こんにちは', 10],
    ['안녕하세요', 10],
    ['Ünïcödé', 7],
    ['cafe\u0301', 4],
    ['👍', 2],
    ['👨‍👩‍👧‍👦', 2],
    ['🇫🇷', 2],
    ['👋🏽 hi', 5],
    ['https://example.com/a/very/long/path/that/goes/on/and/on?with=query&more=1', 23],
    ['see https://x.co.', 4 + 23 + 1],
    ['read example.com today', 5 + 23 + 6],
    ['नमस्ते', 6],
  ])('%s weighs %i', (text, weight) => {
    expect(xWeightedLength(text)).toBe(weight);
  });
});

const WORDS = {
  latin: [
    'the',
    'quick',
    'brown',
    'fox',
    'jumps',
    'über',
    'naïve',
    'café',
    'résumé',
    'x',
    'internationalisation',
  ],
  cjk: ['你好', '世界', '今日は', '天気', 'です', '안녕', '세상'],
  emoji: ['🙂', '👍🏽', '🚀', '👨‍👩‍👧‍👦', '🇯🇵'],
  url: ['https://example.com/path', 'http://voxpress.test/a?b=c', 'example.org', 'www.example.net/x'],
  long: ['a'.repeat(300), '长'.repeat(200), 'Pneumonoultramicroscopicsilicovolcanoconiosis'],
};

const word = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...WORDS.latin) },
  { weight: 3, arbitrary: fc.constantFrom(...WORDS.cjk) },
  { weight: 2, arbitrary: fc.constantFrom(...WORDS.emoji) },
  { weight: 1, arbitrary: fc.constantFrom(...WORDS.url) },
  { weight: 1, arbitrary: fc.constantFrom(...WORDS.long) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-zA-Z]{1,12}$/) },
);
const sentence = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 40 }), fc.constantFrom('.', '!', '?', '。', ''))
  .map(([ws, end]) => `${ws.join(' ')}${end}`);
const text = fc
  .array(fc.array(sentence, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 })
  .map((paragraphs) => paragraphs.map((p) => p.join(' ')).join('\n\n'));

const squash = (s: string) => s.replace(/\s+/g, '');
const words = (s: string) => s.split(/\s+/).filter(Boolean);

describe('X thread', () => {
  it('keeps every post within 280 as X counts, numbered in order', () => {
    fc.assert(
      fc.property(text, fc.constantFrom('en', 'ja', 'zh', 'de'), (source, language) => {
        const posts = splitThread(source, { limit: 280, language });
        expect(posts.length).toBeGreaterThan(0);
        for (const post of posts) expect(xWeightedLength(post)).toBeLessThanOrEqual(280);
        if (posts.length > 1)
          posts.forEach((p, i) => {
            expect(p.startsWith(`${i + 1}/${posts.length} `)).toBe(true);
          });
      }),
      { numRuns: 400 },
    );
  });

  it('loses nothing: the posts without their numbers are the source, word for word', () => {
    fc.assert(
      fc.property(text, (source) => {
        const posts = splitThread(source, { limit: 280, language: 'en' }).map(withoutNumber);
        expect(squash(posts.join(' '))).toBe(squash(source));
        // Where no single word is longer than a post, words are never cut.
        if (!words(source).some((w) => xWeightedLength(w) > 270))
          expect(words(posts.join(' '))).toEqual(words(source));
      }),
      { numRuns: 400 },
    );
  });

  it('splits at sentence boundaries when sentences fit', () => {
    const source = Array.from(
      { length: 12 },
      (_, i) => `Sentence number ${i + 1} says something useful about the topic at hand.`,
    ).join(' ');
    const posts = splitThread(source, { limit: 280, language: 'en' });
    expect(posts.length).toBeGreaterThan(1);
    for (const post of posts) expect(withoutNumber(post)).toMatch(/^Sentence number \d+ .*hand\.$/);
  });

  it('joins sentences with a space exactly where the text had one', () => {
    // Found by the property above: a paragraph break between two Chinese words in an English text.
    expect(splitThread('你好\n\n你好. a.', { limit: 280, language: 'en' })).toEqual(['你好\n\n你好. a.']);
    expect(splitThread('我们今天种西红柿。首先准备土壤。', { limit: 280, language: 'zh' })).toEqual([
      '我们今天种西红柿。首先准备土壤。',
    ]);
  });

  it('leaves a short text as one post without a number', () => {
    expect(splitThread('Just one thought.', { limit: 280, language: 'en' })).toEqual(['Just one thought.']);
  });
});
