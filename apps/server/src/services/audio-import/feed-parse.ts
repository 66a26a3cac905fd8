import { FEED_EPISODES_MAX, type FeedEpisode, type FeedPreview } from '@voxpress/contracts';
import { XMLParser } from 'fast-xml-parser';

/** A feed's text is read whole; a podcast feed with years of episodes stays well under this. */
export const FEED_MAX_BYTES = 10 * 1024 * 1024;
const DESCRIPTION_MAX = 2000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  // Entities are expanded, within limits, so a crafted feed cannot blow up in memory.
  processEntities: {
    enabled: true,
    maxEntityCount: 100,
    maxExpandedLength: 100_000,
    maxTotalExpansions: 10_000,
  },
  htmlEntities: true,
  maxNestedTags: 100,
  isArray: (name) => ['item', 'entry', 'link', 'enclosure', 'media:content'].includes(name),
});

type Node = Record<string, unknown>;

/**
 * Whether the start of a body is a feed (RSS, RSS 1.0/RDF or Atom): the root element decides,
 * whatever the address or the content type says.
 */
export function looksLikeFeed(head: string): boolean {
  const start = head.replace(/^\uFEFF/, '').trimStart();
  if (!start.startsWith('<')) return false;
  // Past the declaration, comments and processing instructions, the first element is the root.
  const root = /<(?![?!])([A-Za-z_][\w.:-]*)/.exec(start)?.[1]?.toLowerCase();
  return root === 'rss' || root === 'feed' || root === 'rdf:rdf';
}

/** Whether the start of a body is a web page (a video site's page, or any other). */
export function looksLikeHtml(head: string): boolean {
  const start = head
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  return start.startsWith('<!doctype html') || /^(<!--[\s\S]*?-->\s*)*<html[\s>]/.test(start);
}

/**
 * Reads an RSS 2.0, RSS 1.0 or Atom feed: its title, its image, and its newest episodes that
 * carry an audio or video file (at most `FEED_EPISODES_MAX`, newest first). Null when the text
 * is not a feed at all.
 */
export function parseFeed(xml: string, feedUrl: string): FeedPreview['feed'] | null {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    return null;
  }
  const rss = node(doc.rss) ?? node(doc['rdf:RDF']);
  if (rss) {
    const channel = node(rss.channel) ?? {};
    const items = list(channel.item ?? rss.item);
    return {
      title: text(channel.title),
      image: absolute(text(node(channel.image)?.url) ?? attr(channel['itunes:image'], 'href'), feedUrl),
      episodes: newest(items.flatMap((i) => rssEpisode(i, feedUrl))),
    };
  }
  const feed = node(doc.feed);
  if (!feed) return null;
  return {
    title: text(feed.title),
    image: absolute(text(feed.logo) ?? text(feed.icon), feedUrl),
    episodes: newest(list(feed.entry).flatMap((e) => atomEpisode(e, feedUrl))),
  };
}

function rssEpisode(item: Node, feedUrl: string): FeedEpisode[] {
  const enclosure =
    list(item.enclosure).find((e) => isMedia(attr(e, 'type'))) ??
    list(item['media:content']).find((e) => isMedia(attr(e, 'type')));
  const url = absolute(attr(enclosure, 'url'), feedUrl);
  if (!url) return [];
  return [
    {
      title: text(item.title) ?? text(item['itunes:title']) ?? url,
      url,
      published_at: date(text(item.pubDate) ?? text(item['dc:date'])),
      duration: duration(text(item['itunes:duration'])),
      description: plain(
        text(item['itunes:summary']) ?? text(item.description) ?? text(item['content:encoded']),
      ),
    },
  ];
}

function atomEpisode(entry: Node, feedUrl: string): FeedEpisode[] {
  const link = list(entry.link).find((l) => attr(l, 'rel') === 'enclosure' && isMedia(attr(l, 'type')));
  const url = absolute(attr(link, 'href'), feedUrl);
  if (!url) return [];
  return [
    {
      title: text(entry.title) ?? url,
      url,
      published_at: date(text(entry.published) ?? text(entry.updated)),
      duration: duration(text(entry['itunes:duration'])),
      description: plain(text(entry.summary) ?? text(entry.content)),
    },
  ];
}

/** Newest first (episodes without a date keep their place after the dated ones), capped. */
function newest(episodes: FeedEpisode[]): FeedEpisode[] {
  return episodes
    .map((e, i) => ({ e, i, t: e.published_at ? Date.parse(e.published_at) : Number.NEGATIVE_INFINITY }))
    .sort((a, b) => b.t - a.t || a.i - b.i)
    .slice(0, FEED_EPISODES_MAX)
    .map(({ e }) => e);
}

/** An enclosure without a type is taken too: many feeds leave it out. */
const isMedia = (type: string | null) => !type || /^(audio|video)\//i.test(type);

const node = (v: unknown): Node | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;

const list = (v: unknown): Node[] =>
  (Array.isArray(v) ? (v as unknown[]) : v === undefined ? [] : [v]).flatMap((x): Node[] => {
    const n = node(x);
    return n ? [n] : [];
  });

function text(v: unknown): string | null {
  const value = typeof v === 'string' || typeof v === 'number' ? String(v) : node(v)?.['#text'];
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const trimmed = String(value).trim();
  return trimmed || null;
}

function attr(v: unknown, name: string): string | null {
  const value = node(v)?.[`@_${name}`];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** An address in the feed, made absolute against the feed's; only http(s) is kept. */
function absolute(url: string | null, base: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

function date(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** `itunes:duration`: seconds, `MM:SS` or `HH:MM:SS`. */
export function duration(value: string | null): number | null {
  if (!value || !/^\d+(?::\d{1,2}){0,2}(?:\.\d+)?$/.test(value)) return null;
  return value
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A description as plain text: markup removed, entities read, spaces collapsed, capped. */
function plain(value: string | null): string | null {
  if (!value) return null;
  const stripped = value
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|blockquote)>/gi, '\n')
    // Block elements part words; inline ones (<b>, <a>, <i>) sit inside a sentence.
    .replace(/<\/?(p|div|li|ul|ol|h[1-6]|blockquote|table|tr|td)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return safeChar(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return safeChar(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/ *\n[ \n]*/g, '\n')
    .trim();
  if (!stripped) return null;
  return stripped.length > DESCRIPTION_MAX
    ? `${stripped.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`
    : stripped;
}

function safeChar(code: number): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
}
