import { describe, expect, it } from 'vitest';
import { duration, looksLikeFeed, looksLikeHtml, parseFeed } from './feed-parse.ts';

const rss = (items: string, extra = '') => `<?xml version="1.0"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>Show</title>${extra}${items}</channel></rss>`;

describe('feeds: told apart by their content, read within bounds', () => {
  it('tells a feed, a page and anything else apart by the root element', () => {
    expect(looksLikeFeed('\uFEFF<?xml version="1.0"?>\n<!-- hi --><rss version="2.0">')).toBe(true);
    expect(looksLikeFeed('<feed xmlns="http://www.w3.org/2005/Atom">')).toBe(true);
    expect(looksLikeFeed('<rdf:RDF xmlns:rdf="…">')).toBe(true);
    expect(looksLikeFeed('<?xml version="1.0"?><svg/>')).toBe(false);
    expect(looksLikeFeed('ID3\u0004')).toBe(false);
    expect(looksLikeHtml('  <!DOCTYPE html><html>')).toBe(true);
    expect(looksLikeHtml('<!-- a --><html lang="en">')).toBe(true);
    expect(looksLikeHtml('<rss>')).toBe(false);
  });

  it('reads episodes newest first with their date, duration and plain-text description', () => {
    const feed = parseFeed(
      rss(
        `<item><title>Old</title><pubDate>Mon, 02 Nov 2026 08:00:00 +0000</pubDate>
          <itunes:duration>1:02:03</itunes:duration>
          <description>&lt;p&gt;Tom &amp;amp; Jerry&amp;nbsp;talk&lt;/p&gt;&lt;script&gt;x()&lt;/script&gt;</description>
          <enclosure url="/a.mp3" type="audio/mpeg"/></item>
        <item><title>New</title><pubDate>Tue, 10 Nov 2026 09:30:00 GMT</pubDate>
          <enclosure url="https://cdn.example/b.m4a"/></item>
        <item><title>Text only</title></item>
        <item><title>Picture</title><enclosure url="https://cdn.example/c.jpg" type="image/jpeg"/></item>
        <item><title>Media RSS</title><media:content url="https://cdn.example/d.mp4" type="video/mp4"/></item>`,
        '<image><url>/art.png</url></image>',
      ),
      'https://pod.example/feed.xml',
    );
    expect(feed).toEqual({
      title: 'Show',
      image: 'https://pod.example/art.png',
      episodes: [
        {
          title: 'New',
          url: 'https://cdn.example/b.m4a',
          published_at: '2026-11-10T09:30:00.000Z',
          duration: null,
          description: null,
        },
        {
          title: 'Old',
          url: 'https://pod.example/a.mp3',
          published_at: '2026-11-02T08:00:00.000Z',
          duration: 3723,
          description: 'Tom & Jerry talk',
        },
        {
          title: 'Media RSS',
          url: 'https://cdn.example/d.mp4',
          published_at: null,
          duration: null,
          description: null,
        },
      ],
    });
  });

  it('reads an Atom feed and its enclosure links', () => {
    const feed = parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title type="text">Notes</title><icon>/i.png</icon>
        <entry><title>One</title><published>2026-11-05T12:00:00Z</published><summary>Short.</summary>
          <link href="https://x.example/1"/><link rel="enclosure" type="audio/ogg" href="https://x.example/1.ogg"/></entry>
        <entry><title>No media</title><link href="https://x.example/2"/></entry></feed>`,
      'https://x.example/atom',
    );
    expect(feed).toEqual({
      title: 'Notes',
      image: 'https://x.example/i.png',
      episodes: [
        {
          title: 'One',
          url: 'https://x.example/1.ogg',
          published_at: '2026-11-05T12:00:00.000Z',
          duration: null,
          description: 'Short.',
        },
      ],
    });
  });

  it('keeps the newest 200 episodes and only http(s) addresses', () => {
    const items = Array.from(
      { length: 250 },
      (_, i) =>
        `<item><title>E${i}</title><pubDate>${new Date(Date.UTC(2020, 0, 1 + i)).toUTCString()}</pubDate><enclosure url="https://p.example/${i}.mp3"/></item>`,
    ).join('');
    const feed = parseFeed(
      rss(`${items}<item><title>Bad</title><enclosure url="file:///etc/passwd"/></item>`),
      'https://p.example/f',
    );
    expect(feed?.episodes).toHaveLength(200);
    expect(feed?.episodes[0]?.title).toBe('E249');
    expect(feed?.episodes.at(-1)?.title).toBe('E50');
    expect(feed?.episodes.some((e) => e.url.startsWith('file:'))).toBe(false);
  });

  it('does not expand an entity bomb', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "${'x'.repeat(5000)}">${Array.from({ length: 200 }, (_, i) => `<!ENTITY b${i} "&a;&a;">`).join('')}]>${rss('<item><title>&b1;</title><enclosure url="https://p.example/1.mp3"/></item>')}`;
    const feed = parseFeed(bomb, 'https://p.example/f');
    // Left unexpanded (or refused): nothing near the 2^200 × 5000 characters it asks for.
    expect(JSON.stringify(feed).length).toBeLessThan(20_000);
  });

  it('says a text that is not a feed is none', () => {
    expect(parseFeed('<html><body>hi</body></html>', 'https://p.example/')).toBeNull();
  });

  it('reads itunes durations in seconds, MM:SS and HH:MM:SS', () => {
    expect(duration('95')).toBe(95);
    expect(duration('01:35')).toBe(95);
    expect(duration('1:00:05')).toBe(3605);
    expect(duration('soon')).toBeNull();
    expect(duration(null)).toBeNull();
  });
});
