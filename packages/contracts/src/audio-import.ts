import { z } from 'zod';
import { IMPORT_EPISODES_MAX } from './audio-import-limits.ts';
import { zLanguageCode, zText } from './text.ts';

const zWebAddress = z
  .string()
  .trim()
  .min(1, 'Paste a web address')
  .max(2048, 'The web address is too long (at most 2048 characters)');

/**
 * `POST /api/v1/audio/import`: bring in a file from the web. `url` is a direct media link, a
 * podcast feed (RSS or Atom, told apart by its content) or a video site's page (when the server
 * has yt-dlp). With `episodes`, `url` is the feed and each listed episode (by its media address,
 * as the feed gave it) becomes an item with the title, description and date the feed gives it.
 */
export const zAudioImportRequest = z.object({
  url: zWebAddress,
  language: zLanguageCode,
  title: zText({ trim: true, max: 200 }).optional(),
  episodes: z
    .array(zWebAddress)
    .min(1, 'Choose at least one episode')
    .max(IMPORT_EPISODES_MAX, `Choose at most ${IMPORT_EPISODES_MAX} episodes at a time`)
    .optional(),
});
export type AudioImportRequest = z.input<typeof zAudioImportRequest>;

/** One episode of a feed: its media address (the enclosure), what the feed says about it. */
export const zFeedEpisode = z
  .object({
    title: z.string(),
    url: z.string(),
    /** ISO date-time, null when the feed gives none (or one that cannot be read). */
    published_at: z.string().nullable(),
    /** Seconds, from the feed (`itunes:duration`); null when not given. */
    duration: z.number().nullable(),
    /** Plain text (markup removed), at most 2000 characters. */
    description: z.string().nullable(),
  })
  .meta({ id: 'FeedEpisode' });
export type FeedEpisode = z.infer<typeof zFeedEpisode>;

/** `POST /api/v1/audio/import` with a feed's address: 200, the feed and its newest episodes. */
export const zFeedPreview = z.object({
  feed: z.object({
    title: z.string().nullable(),
    image: z.string().nullable(),
    /** Newest first, at most `FEED_EPISODES_MAX`; only episodes with an audio or video file. */
    episodes: z.array(zFeedEpisode),
  }),
});
export type FeedPreview = z.infer<typeof zFeedPreview>;

/** `POST /api/v1/audio/import` that started imports: 202, the new items (fetched by a job). */
export const zAudioImportStarted = z.object({
  /** The first (or only) item made. */
  audio_id: z.string(),
  /** Every item made, in the order asked. */
  audio_ids: z.array(z.string()),
});
export type AudioImportStarted = z.infer<typeof zAudioImportStarted>;

/** Where an imported item's file came from; absent for a file uploaded or recorded here. */
export const zAudioOrigin = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('link'), url: z.string() }),
    /** A video site's page, fetched with yt-dlp; `site` is yt-dlp's name for the site. */
    z.object({ kind: z.literal('site'), url: z.string(), site: z.string().nullable() }),
    z.object({
      kind: z.literal('feed_episode'),
      url: z.string(),
      feed_title: z.string().nullable(),
      feed_url: z.string(),
      published_at: z.string().nullable(),
    }),
  ])
  .meta({ id: 'AudioOrigin' });
export type AudioOrigin = z.infer<typeof zAudioOrigin>;

/**
 * Where a library item came from: a file uploaded or recorded here, a link, a feed's episode, a
 * video site's page, or a written document.
 */
export const zItemSource = z
  .object({
    type: z.enum(['upload', 'recording', 'link', 'site', 'feed_episode', 'document']),
    /** For imports: the address fetched (the episode's media for a feed episode). */
    url: z.string().nullable(),
    /** The host of `url` (or of the feed), for "Imported from <host>". */
    host: z.string().nullable(),
    feed_title: z.string().nullable(),
    feed_url: z.string().nullable(),
    /** A feed episode's date in its feed. */
    published_at: z.string().nullable(),
  })
  .meta({ id: 'ItemSource' });
export type ItemSource = z.infer<typeof zItemSource>;
