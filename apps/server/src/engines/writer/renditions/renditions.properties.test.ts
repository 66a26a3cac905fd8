import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeRendition } from './compose-renditions.ts';
import { rulesFor } from './platform-rules.ts';
import {
  cutOnlyAtSentences,
  distinctForms,
  facebookRules,
  instagramRules,
  linkedinRules,
  pieces,
  tagsFromPiece,
  threadRules,
} from './renditions.fixture.ts';

/** Every rendition rule, held by the composer over generated pieces of every hard kind. */
const all = (source: Parameters<typeof composeRendition>[0]) => ({
  twitter: composeRendition(source, rulesFor('twitter')).parts,
  linkedin: composeRendition(source, rulesFor('linkedin')).parts[0] ?? '',
  facebook: composeRendition(source, rulesFor('facebook')).parts[0] ?? '',
  instagram: composeRendition(source, rulesFor('instagram')).parts[0] ?? '',
});

const RUNS = { numRuns: 120 };
const length = (text: string) => text.length;

describe("the composer's renditions keep every platform's rules", () => {
  it('X: a hook first, numbered, within 280 as X counts, no list markers', () => {
    fc.assert(
      fc.property(pieces, ({ source }) => {
        expect(threadRules(source, all(source).twitter)).toBeNull();
      }),
      RUNS,
    );
  });

  it('X: each post ends at a sentence; only a sentence longer than a post is cut, at a clause or between words', () => {
    fc.assert(
      fc.property(pieces, ({ source }) => {
        expect(cutOnlyAtSentences(source, all(source).twitter, 265)).toBeNull();
      }),
      RUNS,
    );
  });

  it('LinkedIn: the hook in the first two lines, short paragraphs, three to five hashtags', () => {
    fc.assert(
      fc.property(pieces, ({ source }) => {
        const { linkedin } = all(source);
        expect(linkedinRules(source, linkedin)).toBeNull();
        expect(cutOnlyAtSentences(source, [linkedin], 200, length)).toBeNull();
      }),
      RUNS,
    );
  });

  it("Instagram: line breaks, hashtags from the keywords and the text, within Instagram's limits", () => {
    fc.assert(
      fc.property(pieces, ({ source }) => {
        const { instagram } = all(source);
        expect(instagramRules(source, instagram)).toBeNull();
        expect(cutOnlyAtSentences(source, [instagram], 120, length)).toBeNull();
      }),
      RUNS,
    );
  });

  it('Facebook: a shorter form of its own', () => {
    fc.assert(
      fc.property(pieces, ({ source }) => {
        const { facebook, linkedin } = all(source);
        expect(facebookRules(source, facebook, linkedin)).toBeNull();
        expect(cutOnlyAtSentences(source, [facebook], 200, length)).toBeNull();
      }),
      RUNS,
    );
  });

  it('each platform differs, none is the pasted article, and hashtags are words of the piece', () => {
    fc.assert(
      fc.property(pieces, ({ source }) => {
        const { twitter, ...single } = all(source);
        expect(distinctForms(source, { twitter: twitter.join('\n\n'), ...single })).toBeNull();
        expect(tagsFromPiece(source, [...twitter, ...Object.values(single)])).toBeNull();
      }),
      RUNS,
    );
  });
});
