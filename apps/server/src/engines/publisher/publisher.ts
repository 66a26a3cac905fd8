import type { PublisherPlatform } from '@voxpress/contracts';

/** A post as it is sent to a site. */
export interface PostDraft {
  title: string;
  /** Safe HTML (sanitised from the piece's Markdown). */
  html: string;
  /** Tag names (the piece's keywords). */
  tags: string[];
  status: 'draft' | 'publish';
  /** The chosen infographic, sent as the featured image where the platform takes one. */
  featuredImage: FeaturedImage | null;
}

export interface FeaturedImage {
  bytes: Buffer;
  fileName: string;
  contentType: string;
  alt: string;
}

/** A post on the remote site. */
export interface RemotePost {
  id: string;
  url: string;
}

/** Who the connection signs in as, and the site's own name. */
export interface SiteCheck {
  siteName: string | null;
  account: string;
}

/**
 * A site posts are published to (WordPress, Ghost). Every request goes through the guarded
 * fetch (never a private address unless allowed). Failures are `PublishError`s.
 */
export interface Publisher {
  readonly platform: PublisherPlatform;
  /** A harmless authenticated call: proves the address is such a site and the key works. */
  check(signal?: AbortSignal): Promise<SiteCheck>;
  create(post: PostDraft, signal?: AbortSignal): Promise<RemotePost>;
  /** Updates an earlier post; null when it no longer exists there (deleted remotely). */
  update(remoteId: string, post: PostDraft, signal?: AbortSignal): Promise<RemotePost | null>;
}

export type PublishFailure =
  /** The key or password was refused. */
  | 'auth'
  /** The address answers, but not as this kind of site. */
  | 'not_a_site'
  /** The site could not be reached (name not found, refused, timed out). */
  | 'unreachable'
  /** The address is private and the administrator has not allowed it. */
  | 'forbidden'
  /** The site refused the post or failed (its own message is kept). */
  | 'rejected';

/** Why publishing failed, with the remote status and message when there is one. */
export class PublishError extends Error {
  override name = 'PublishError';
  constructor(
    readonly failure: PublishFailure,
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
