import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet.ts';

describe('search snippets', () => {
  it('reads marks as words found and entities as the characters they stand for', () => {
    expect(snippetParts('The &lt;b&gt;<mark>bold</mark>&lt;/b&gt; tag &amp; &quot;it&#39;s&quot;')).toEqual([
      { text: 'The <b>', marked: false },
      { text: 'bold', marked: true },
      { text: '</b> tag & "it\'s"', marked: false },
    ]);
  });

  it('keeps text that looks like markup as text', () => {
    expect(snippetParts('&lt;mark&gt;x&lt;/mark&gt; <mark>y</mark>')).toEqual([
      { text: '<mark>x</mark> ', marked: false },
      { text: 'y', marked: true },
    ]);
  });
});
