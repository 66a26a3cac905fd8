import type { ContentBlock } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { composeRendition } from './compose-renditions.ts';
import { hashtagsIn, rulesFor } from './platform-rules.ts';
import type { RenditionSource } from './rendition-source.ts';
import { withoutNumber } from './thread.ts';
import { xWeightedLength } from './x-weight.ts';

const block = (text: string, type: ContentBlock['type'] = 'paragraph'): ContentBlock => ({
  type,
  text,
  segment_ids: [0],
  start: null,
});

/** A blog post made from the Gettysburg Address, with the key points the composer adds. */
const GETTYSBURG: RenditionSource = {
  title: 'A new birth of freedom',
  language: 'en',
  keywords: ['nation', 'liberty', 'great civil war', 'freedom', 'battlefield'],
  markdown: '',
  blocks: [
    block(
      'Four score and seven years ago our fathers brought forth on this continent, a new nation, conceived in Liberty, and dedicated to the proposition that all men are created equal.',
    ),
    block(
      'Now we are engaged in a great civil war, testing whether that nation, or any nation so conceived and so dedicated, can long endure. We are met on a great battle-field of that war. We have come to dedicate a portion of that field, as a final resting place for those who here gave their lives that that nation might live. It is altogether fitting and proper that we should do this.',
    ),
    block('What we owe the dead', 'heading'),
    block(
      'But, in a larger sense, we can not dedicate — we can not consecrate — we can not hallow — this ground. The brave men, living and dead, who struggled here, have consecrated it, far above our poor power to add or detract. The world will little note, nor long remember what we say here, but it can never forget what they did here.',
    ),
    block(
      'It is rather for us to be here dedicated to the great task remaining before us — that from these honored dead we take increased devotion to that cause for which they gave the last full measure of devotion — that we here highly resolve that these dead shall not have died in vain — that this nation, under God, shall have a new birth of freedom — and that government of the people, by the people, for the people, shall not perish from the earth.',
    ),
    block('Key points', 'heading'),
    block('The nation was conceived in liberty', 'bullet'),
    block('- Government of the people shall not perish', 'bullet'),
  ],
};

const make = (platform: string, source = GETTYSBURG) => composeRendition(source, rulesFor(platform)).parts;

describe("the composer's renditions", () => {
  it('opens the thread on a hook under the title, numbers it and keeps each post whole and within 280', () => {
    const posts = make('twitter');
    expect(withoutNumber(posts[0] ?? '')).toBe(
      'A new birth of freedom\n\nFour score and seven years ago our fathers brought forth on this continent, a new nation, conceived in Liberty, and dedicated to the proposition that all men are created equal.',
    );
    posts.forEach((p, i) => {
      expect(p.startsWith(`${i + 1}/${posts.length} `)).toBe(true);
      expect(xWeightedLength(p)).toBeLessThanOrEqual(280);
    });
    // The longest sentence (over 280) is cut at a dash, never mid-word.
    const cut = posts.find((p) => p.includes('the last full measure of devotion —'));
    expect(cut).toMatch(/devotion —$/);
    // The list reads as lines under its heading, without its markers.
    expect(posts.join('\n')).toContain(
      'Key points\nThe nation was conceived in liberty\nGovernment of the people shall not perish',
    );
    expect(posts.join('\n')).not.toMatch(/^(?:\d+\/\d+ )?[-•]/m);
  });

  it("keeps a long piece to ten posts of each paragraph's leading sentences", () => {
    const long = {
      ...GETTYSBURG,
      blocks: Array.from({ length: 12 }, () => GETTYSBURG.blocks).flat(),
    };
    const posts = make('twitter', long);
    expect(posts.length).toBeLessThanOrEqual(10);
    expect(posts.length).toBeGreaterThan(5);
  });

  it('gives LinkedIn the title and hook before "see more", short paragraphs and three to five hashtags', () => {
    const [post = ''] = make('linkedin');
    const lines = post.split('\n');
    expect(lines[0]).toBe('A new birth of freedom');
    expect(lines[1]).toMatch(/^Four score and seven years ago/);
    expect(`${lines[0]}\n${lines[1]}`.length).toBeLessThanOrEqual(210);
    const tags = hashtagsIn(post);
    expect(tags).toEqual(['#Nation', '#Liberty', '#GreatCivilWar', '#Freedom', '#Battlefield']);
    expect(post.length).toBeLessThan(GETTYSBURG.blocks.map((b) => b.text).join('\n\n').length);
  });

  it('gives Facebook a short post of its own and Instagram a caption in lines with many hashtags', () => {
    const [facebook = ''] = make('facebook');
    const [linkedin = ''] = make('linkedin');
    const [caption = ''] = make('instagram');
    expect(facebook.startsWith('Four score')).toBe(true);
    expect(facebook.length).toBeLessThan(linkedin.length);
    expect(hashtagsIn(facebook).length).toBeLessThanOrEqual(2);
    expect(caption.split('\n')[0]?.length).toBeLessThanOrEqual(125);
    expect(hashtagsIn(caption).length).toBeGreaterThan(5);
    expect(hashtagsIn(caption).length).toBeLessThanOrEqual(30);
    expect(new Set([facebook, linkedin, caption]).size).toBe(3);
  });

  it('lays out speech engine output as sentences: capitals where they start, cut at conjunctions', () => {
    const spoken: RenditionSource = {
      title: 'Untitled recording',
      language: 'en',
      keywords: ['bread'],
      markdown: '',
      blocks: [
        block(
          'so today i want to talk about bread and the first thing you need is flour and water and salt and then you mix it all together in a big bowl until it comes together and you let it rest for about an hour because the flour needs time to soak up the water and then you knead it on the counter for ten minutes or so until it feels smooth and springy',
        ),
      ],
    };
    const posts = make('twitter', spoken).map(withoutNumber);
    expect(posts[0]).toMatch(/^Untitled recording\n\nSo today I want to talk about bread/);
    expect(posts[1]).toMatch(/^(and then|because|until) /);
    const [caption = ''] = make('instagram', spoken);
    expect(caption.split('\n')[0]).toMatch(/^So today I want .* salt$/);
  });

  it('gives WordPress the article as Markdown and HTML with its headings and lists', () => {
    const piece = {
      ...GETTYSBURG,
      title: 'Slow bread',
      markdown: '## Bread\n\nSlow words.\n\n- Flour\n- Salt',
    };
    const article = composeRendition(piece, rulesFor('wordpress'));
    expect(article.parts[0]).toBe('# Slow bread\n\n## Bread\n\nSlow words.\n\n- Flour\n- Salt\n');
    expect(article.html).toContain('<h2>Bread</h2>');
    expect(article.html).toMatch(/<ul>\s*<li>Flour<\/li>/);
  });

  it('fits a custom platform within its limit at a sentence', () => {
    const [post = ''] = make('Team Wiki');
    const short = composeRendition(GETTYSBURG, rulesFor('Team Wiki', { charLimit: 200, styleNote: '' }))
      .parts[0];
    expect(short).toMatch(/^A new birth of freedom\n\nFour score .* created equal\.$/);
    expect(post.length).toBeLessThanOrEqual(3000);
    expect(post).not.toMatch(/^[-•]/m);
  });
});
