import { SignJWT } from 'jose';
import { FormData } from 'undici';
import type { GuardedFetch } from '../../net/guarded-fetch.ts';
import {
  type PostDraft,
  PublishError,
  type Publisher,
  type RemotePost,
  type SiteCheck,
} from './publisher.ts';
import { type SiteAnswer, siteJsonRequest, siteRequest, succeeded, unexpectedAnswer } from './site-http.ts';

export interface GhostCredentials {
  url: string;
  /** `<id>:<secret>`, as Ghost shows it under Integrations. */
  adminApiKey: string;
}

/** Ghost's Admin API version these requests are written for. */
const ACCEPT_VERSION = 'v5.0';

/**
 * Ghost through its Admin API, signed with a short-lived HS256 token made from the Admin API key
 * (`kid` = the key's id, `aud` = `/admin/`, five minutes). Tags go by name; the featured image is
 * uploaded first and set as `feature_image`; an update sends the post's `updated_at`, as Ghost
 * requires to refuse overwriting a newer edit.
 */
export class GhostPublisher implements Publisher {
  readonly platform = 'ghost';
  private readonly admin: string;
  private readonly site: string;
  private readonly keyId: string;
  private readonly secret: Uint8Array;

  constructor(
    private readonly http: GuardedFetch,
    credentials: GhostCredentials,
    private readonly now: () => number = Date.now,
  ) {
    this.admin = `${credentials.url.replace(/\/+$/, '')}/ghost/api/admin`;
    this.site = new URL(credentials.url).host;
    const [id = '', secret = ''] = credentials.adminApiKey.split(':');
    this.keyId = id;
    this.secret = Buffer.from(secret, 'hex');
  }

  async check(signal?: AbortSignal): Promise<SiteCheck> {
    const site = await this.call('GET', '/site/', undefined, signal);
    this.expect(site, 'check');
    // The site endpoint answers anyone: reading posts proves the key.
    const posts = await this.call('GET', '/posts/?limit=1&fields=id', undefined, signal);
    this.expect(posts, 'check');
    const title = (site.body as { site?: { title?: string } }).site?.title ?? null;
    return { siteName: title, account: this.keyId };
  }

  async create(post: PostDraft, signal?: AbortSignal): Promise<RemotePost> {
    const res = await this.call(
      'POST',
      '/posts/?source=html',
      { posts: [await this.payload(post, signal)] },
      signal,
    );
    this.expect(res, 'publish');
    return this.post(res);
  }

  async update(remoteId: string, post: PostDraft, signal?: AbortSignal): Promise<RemotePost | null> {
    const path = `/posts/${encodeURIComponent(remoteId)}/`;
    const current = await this.call('GET', `${path}?fields=id,updated_at`, undefined, signal);
    if (current.status === 404) return null;
    this.expect(current, 'publish');
    const updatedAt = (current.body as { posts?: { updated_at?: string }[] }).posts?.[0]?.updated_at;
    const res = await this.call(
      'PUT',
      `${path}?source=html`,
      { posts: [{ ...(await this.payload(post, signal)), updated_at: updatedAt }] },
      signal,
    );
    if (res.status === 404) return null;
    this.expect(res, 'publish');
    return this.post(res);
  }

  /** A fresh Admin API token: HS256, `kid` header, `aud` /admin/, five minutes. */
  async token(): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: this.keyId, typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + 5 * 60)
      .setAudience('/admin/')
      .sign(this.secret);
  }

  private async payload(post: PostDraft, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const image = post.featuredImage ? await this.upload(post.featuredImage, signal) : null;
    return {
      title: post.title,
      html: post.html,
      status: post.status === 'publish' ? 'published' : 'draft',
      tags: post.tags.map((name) => ({ name })),
      ...(image ? { feature_image: image, feature_image_alt: post.featuredImage?.alt || null } : {}),
    };
  }

  private async upload(
    image: NonNullable<PostDraft['featuredImage']>,
    signal?: AbortSignal,
  ): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image.bytes)], { type: image.contentType }), image.fileName);
    form.append('purpose', 'image');
    form.append('ref', image.fileName);
    const res = await siteRequest(this.http, this.site, `${this.admin}/images/upload/`, {
      method: 'POST',
      headers: { authorization: `Ghost ${await this.token()}`, 'accept-version': ACCEPT_VERSION },
      body: form,
      ...(signal ? { signal } : {}),
      timeoutMs: 120_000,
    });
    this.expect(res, 'publish');
    const url = (res.body as { images?: { url?: string }[] }).images?.[0]?.url;
    if (!url)
      throw new PublishError('rejected', `${this.site} did not say where it put the image.`, res.status);
    return url;
  }

  private post(res: SiteAnswer): RemotePost {
    const post = (res.body as { posts?: { id?: string; url?: string }[] }).posts?.[0];
    if (!post?.id)
      throw new PublishError('rejected', `${this.site} did not say which post it made.`, res.status);
    return { id: post.id, url: post.url ?? '' };
  }

  private async call(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<SiteAnswer> {
    const auth = { authorization: `Ghost ${await this.token()}`, 'accept-version': ACCEPT_VERSION };
    return siteJsonRequest(this.http, this.site, `${this.admin}${path}`, { method, auth, body, signal });
  }

  private expect(res: SiteAnswer, doing: 'check' | 'publish'): void {
    if (succeeded(res)) return;
    if (res.status === 401 || res.status === 403)
      throw new PublishError(
        'auth',
        `${this.site} refused the Admin API key. Copy the key again from Ghost (Settings → Integrations) and connect again.`,
        res.status,
      );
    throw unexpectedAnswer(
      res,
      this.site,
      doing,
      `${this.site} does not answer as a Ghost site. Check the address.`,
    );
  }
}
