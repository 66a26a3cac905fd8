import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { contentDisposition, exportPiece, fileNameFor } from './content-export.ts';

const piece = {
  title: 'Slow bread & patience',
  language: 'en',
  markdown: [
    '## Why time matters',
    'Let the dough rise **slowly** in a cool kitchen. Read [the guide](https://example.com/bread?x=1&y=2).',
    '- Flour, water and salt',
    '- A heavy pot',
    '',
    '## Baking',
    '1. Heat the oven',
    '2. Bake it hot',
    '',
    '> Good bread needs time.',
  ].join('\n'),
};

describe('content export', () => {
  it('writes Markdown with the title first', async () => {
    const md = (await exportPiece(piece, 'md')).toString();
    expect(md.startsWith('# Slow bread & patience\n\n## Why time matters')).toBe(true);
  });

  it('writes HTML where headings, lists and links survive and nothing runs', async () => {
    const html = (
      await exportPiece({ ...piece, markdown: `${piece.markdown}\n\n<script>alert(1)</script>` }, 'html')
    ).toString();
    expect(html).toContain('<h1>Slow bread &#38; patience</h1>');
    expect(html).toContain('<h2>Why time matters</h2>');
    expect(html).toMatch(/<ul>\s*<li>Flour, water and salt<\/li>/);
    expect(html).toMatch(/<ol>\s*<li>Heat the oven<\/li>/);
    expect(html).toContain('<a href="https://example.com/bread?x=1&amp;y=2">the guide</a>');
    expect(html).toContain('<strong>slowly</strong>');
    expect(html).not.toContain('<script');
  });

  it('writes plain text with links spelled out and list markers', async () => {
    const txt = (await exportPiece(piece, 'txt')).toString();
    expect(txt).toContain('Slow bread & patience\n\nWhy time matters\n\nLet the dough rise slowly');
    expect(txt).toContain('the guide (https://example.com/bread?x=1&y=2)');
    expect(txt).toContain('• Flour, water and salt\n• A heavy pot');
    expect(txt).toContain('1. Heat the oven\n2. Bake it hot');
    expect(txt).not.toMatch(/[#*]/);
  });

  it('writes DOCX that reads back with the same headings, paragraphs, lists and links', async () => {
    const buffer = await exportPiece(piece, 'docx');
    const { value: html } = await mammoth.convertToHtml({ buffer });
    expect(html).toContain('<h2>Why time matters</h2>');
    expect(html).toContain('<h2>Baking</h2>');
    expect(html).toContain('<strong>slowly</strong>');
    expect(html).toContain('<a href="https://example.com/bread?x=1&amp;y=2">the guide</a>');
    expect(html).toMatch(/<ul><li>Flour, water and salt<\/li><li>A heavy pot<\/li><\/ul>/);
    expect(html).toMatch(/<ol><li>Heat the oven<\/li><li>Bake it hot<\/li><\/ol>/);
    expect(html).toContain('Good bread needs time.');
    const { value: text } = await mammoth.extractRawText({ buffer });
    expect(text.split('\n').filter(Boolean).slice(0, 3)).toEqual([
      'Slow bread & patience',
      'Why time matters',
      'Let the dough rise slowly in a cool kitchen. Read the guide.',
    ]);
  });

  it('names files safely after the title', () => {
    expect(fileNameFor('Slow bread: a/b "test"?', 'md')).toBe('Slow bread a b test.md');
    expect(fileNameFor('../../etc/passwd', 'txt')).toBe('etc passwd.txt');
    expect(fileNameFor('  ', 'docx')).toBe('content.docx');
    expect(fileNameFor('Café 日本語', 'html')).toBe('Café 日本語.html');
    expect(contentDisposition('Café 日本語.html')).toBe(
      `attachment; filename="Cafe .html"; filename*=UTF-8''Caf%C3%A9%20%E6%97%A5%E6%9C%AC%E8%AA%9E.html`,
    );
    expect(contentDisposition('日本語.html')).toBe(
      `attachment; filename="content.html"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.html`,
    );
  });
});
