// No zod here: the browser imports this at run time.

/** The kinds of site posts are published to; the server has a publisher for each. */
export const PUBLISHER_PLATFORMS = ['wordpress', 'ghost'] as const;
export type PublisherPlatform = (typeof PUBLISHER_PLATFORMS)[number];
