import { describe, expect, it } from 'vitest';
import { canSave, isAllowedImage, isAllowedLink, SAVE_LABELS, textToHtml } from './save-state.ts';

describe('transcript save state', () => {
  it('uses the spec’s labels', () => {
    expect(Object.values(SAVE_LABELS)).toEqual(['Saved', 'Saving...', 'Unsaved changes', 'Save failed']);
  });

  it('offers Save only with changes and no save running', () => {
    expect(canSave('unsaved', true)).toBe(true);
    expect(canSave('error', true)).toBe(true);
    expect(canSave('saving', true)).toBe(false);
    expect(canSave('saved', false)).toBe(false);
  });

  it('turns lines into escaped paragraphs', () => {
    expect(textToHtml('hello <b>world</b>\n\nsecond line\n')).toBe(
      '<p>hello &lt;b&gt;world&lt;/b&gt;</p><p>second line</p>',
    );
    expect(textToHtml('')).toBe('<p></p>');
  });

  it('allows only http, https, mailto and tel links', () => {
    expect(isAllowedLink('https://example.com')).toBe(true);
    expect(isAllowedLink('mailto:a@b.c')).toBe(true);
    expect(isAllowedLink('tel:+1555')).toBe(true);
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
    expect(isAllowedLink('data:text/html,x')).toBe(false);
  });

  it('allows only http, https and data images', () => {
    expect(isAllowedImage('https://example.com/a.png')).toBe(true);
    expect(isAllowedImage('http://example.com/a.png')).toBe(true);
    expect(isAllowedImage('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isAllowedImage('data:text/html;base64,PHNjcmlwdD4=')).toBe(false);
    expect(isAllowedImage('javascript:alert(1)')).toBe(false);
    expect(isAllowedImage('file:///etc/passwd')).toBe(false);
  });
});
