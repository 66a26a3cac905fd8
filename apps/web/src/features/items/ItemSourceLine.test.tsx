import { MantineProvider } from '@mantine/core';
import type { Item } from '@voxpress/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../i18n/format.ts';
import { i18n, SOURCE_LANGUAGE } from '../../i18n/i18n.ts';
import { ItemSourceLine } from './ItemSourceLine.tsx';

const none = { url: null, host: null, feed_title: null, feed_url: null, published_at: null };
const item = (source: Item['source']): Item => ({
  id: 'a',
  kind: 'audio',
  title: 'Morning ideas',
  description: null,
  language: 'en-US',
  transcription_id: null,
  audio: null,
  source,
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
});

/** The line's markup, without the style sheet the provider writes. */
const render = (value: Item) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <ItemSourceLine item={value} />
      </MantineProvider>
    </I18nextProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');

describe('where an item came from', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('names the host of a link, linking to the address fetched', () => {
    const html = render(
      item({ ...none, type: 'link', url: 'https://cdn.example/a.mp3', host: 'cdn.example' }),
    );
    expect(text(html)).toBe(
      `Imported from cdn.example on ${formatDate(new Date('2026-11-28T10:00:00.000Z'))}.`,
    );
    expect(html).toContain('href="https://cdn.example/a.mp3"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("names a feed episode's feed and its date in the feed", () => {
    const html = render(
      item({
        type: 'feed_episode',
        url: 'https://cdn.example/e1.mp3',
        host: 'pod.example',
        feed_title: 'Tom & Jerry Talk',
        feed_url: 'https://pod.example/feed',
        published_at: '2026-11-02T08:00:00.000Z',
      }),
    );
    expect(text(html)).toBe(
      `Episode of “Tom & Jerry Talk” from pod.example, imported on ${formatDate(new Date('2026-11-28T10:00:00.000Z'))}. Published in the feed on ${formatDate(new Date('2026-11-02T08:00:00.000Z'))}.`,
    );
  });

  it('says it in the interface language', async () => {
    await i18n.changeLanguage('de');
    const html = render(
      item({ ...none, type: 'site', url: 'https://video.example/w/1', host: 'video.example' }),
    );
    expect(text(html)).toMatch(/^Mit yt-dlp importiert von video\.example am .*2026\.$/);
  });

  it('shows nothing for an upload, a recording or a document', () => {
    for (const type of ['upload', 'recording', 'document'] as const)
      expect(render(item({ ...none, type }))).toBe('');
    expect(render(item(undefined))).toBe('');
  });
});
