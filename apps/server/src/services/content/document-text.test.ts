import { describe, expect, it } from 'vitest';
import { documentParagraphs } from './document-text.ts';

describe('document paragraphs', () => {
  it('keeps a Markdown heading and each list item as paragraphs of their own', async () => {
    const md =
      '# Sourdough\nFeed the *starter* twice a day.\n## Mixing\n- 500 g [flour](https://x.test)\n- 350 g water\n1. Mix\n2. Rest\n\nBake hot.';
    expect(await documentParagraphs('md', Buffer.from(md))).toEqual([
      'Sourdough',
      'Feed the starter twice a day.',
      'Mixing',
      '500 g flour',
      '350 g water',
      'Mix',
      'Rest',
      'Bake hot.',
    ]);
  });

  it('reads HTML headings as written and list items one by one, without scripts', async () => {
    const html =
      '<h1>Title</h1><script>alert(1)</script><p>Para one.</p><h2>Sub</h2><ul><li>one item</li><li>two item</li></ul><p>End.</p>';
    expect(await documentParagraphs('html', Buffer.from(html))).toEqual([
      'Title',
      'Para one.',
      'Sub',
      'one item',
      'two item',
      'End.',
    ]);
  });

  it('reads each line of a text file without blank lines as a paragraph', async () => {
    expect(
      await documentParagraphs('txt', Buffer.from('First point.\nSecond point.\r\nThird point.\n')),
    ).toEqual(['First point.', 'Second point.', 'Third point.']);
  });

  it('joins a hard-wrapped text paragraph into one', async () => {
    expect(await documentParagraphs('txt', Buffer.from('One line\nwrapped here.\n\nNext.'))).toEqual([
      'One line wrapped here.',
      'Next.',
    ]);
  });
});
