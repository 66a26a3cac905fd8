import { describe, expect, it } from 'vitest';
import { isFeed, normaliseLink } from './import-api.ts';

describe('the link field', () => {
  it('adds https:// to a bare address and leaves a scheme as typed', () => {
    expect(normaliseLink('  pod.example/feed.xml ')).toBe('https://pod.example/feed.xml');
    expect(normaliseLink('http://pod.example/a.mp3')).toBe('http://pod.example/a.mp3');
    expect(normaliseLink('ftp://files.example/a.mp3')).toBe('ftp://files.example/a.mp3');
    expect(normaliseLink('   ')).toBe('');
  });

  it('tells a feed answer from a started import', () => {
    expect(isFeed({ feed: { title: null, image: null, episodes: [] } })).toBe(true);
    expect(isFeed({ audio_id: 'a', audio_ids: ['a'] })).toBe(false);
  });
});
