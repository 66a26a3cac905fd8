import { describe, expect, it } from 'vitest';
import { shareLinks } from './share-links.ts';

describe('share links', () => {
  it('puts the text and the link in the X intent, the link alone in LinkedIn and Facebook', () => {
    const links = shareLinks('Bread & time #Baking', 'https://blog.example/?p=12');
    expect(new URL(links.x).searchParams.get('text')).toBe('Bread & time #Baking');
    expect(new URL(links.x).searchParams.get('url')).toBe('https://blog.example/?p=12');
    expect(links.linkedin).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fblog.example%2F%3Fp%3D12',
    );
    expect(links.facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fblog.example%2F%3Fp%3D12',
    );
  });

  it('offers only X when nothing is published yet', () => {
    expect(shareLinks('Hello', null)).toMatchObject({ linkedin: null, facebook: null });
  });
});
