import type { GuardedFetch } from '../../net/guarded-fetch.ts';
import {
  type PostDraft,
  PublishError,
  type Publisher,
  type RemotePost,
  type SiteCheck,
} from './publisher.ts';
import { type SiteAnswer, siteJsonRequest, siteRequest, succeeded, unexpectedAnswer } from './site-http.ts';

export interface WordPressCredentials {
  url: string;
  username: string;
  appPassword: string;
}

/**
 * WordPress through its REST API (`/wp-json/wp/v2`), signed in with an application password
 * (Basic auth). Tags are found by name or created; the featured image is uploaded to the media
 * library first and set as `featured_media`.
 */
export class WordPressPublisher implements Publisher {
  readonly platform = 'wordpress';
  private readonly api: string;
  private readonly site: string;

  constructor(
    private readonly http: GuardedFetch,
    private readonly credentials: WordPressCredentials,
  ) {
    this.api = `${credentials.url.replace(/\/+$/, '')}/wp-json/wp/v2`;
    this.site = new URL(credentials.url).host;
  }

  async check(signal?: AbortSignal): Promise<SiteCheck> {
    const me = await this.call('GET', '/users/me?context=edit', undefined, signal);
    this.expect(me, 'check');
    const user = me.body as { name?: string; slug?: string };
    return { siteName: null, account: user.name || user.slug || this.credentials.username };
  }

  async create(post: PostDraft, signal?: AbortSignal): Promise<RemotePost> {
    const res = await this.call('POST', '/posts', await this.payload(post, signal), signal);
    this.expect(res, 'publish');
    return this.post(res);
  }

  async update(remoteId: string, post: PostDraft, signal?: AbortSignal): Promise<RemotePost | null> {
    const existing = await this.call(
      'GET',
      `/posts/${encodeURIComponent(remoteId)}?context=edit&_fields=id,status`,
      undefined,
      signal,
    );
    if (existing.status === 404 || existing.status === 410) return null;
    this.expect(existing, 'publish');
    // A post in the bin counts as deleted: a new one is made rather than reviving it unseen.
    if ((existing.body as { status?: string }).status === 'trash') return null;
    const res = await this.call(
      'POST',
      `/posts/${encodeURIComponent(remoteId)}`,
      await this.payload(post, signal),
      signal,
    );
    if (res.status === 404 || res.status === 410) return null;
    this.expect(res, 'publish');
    return this.post(res);
  }

  private async payload(post: PostDraft, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const tags: number[] = [];
    for (const name of post.tags) tags.push(await this.tagId(name, signal));
    const media = post.featuredImage ? await this.upload(post.featuredImage, signal) : null;
    return {
      title: post.title,
      content: post.html,
      status: post.status,
      tags,
      ...(media !== null ? { featured_media: media } : {}),
    };
  }

  /** The id of the tag with this name, made when the site has none. */
  private async tagId(name: string, signal?: AbortSignal): Promise<number> {
    const found = await this.call(
      'GET',
      `/tags?search=${encodeURIComponent(name)}&per_page=100&_fields=id,name`,
      undefined,
      signal,
    );
    this.expect(found, 'publish');
    const same = (found.body as { id: number; name: string }[]).find(
      (t) => decodeEntities(t.name).toLowerCase() === name.toLowerCase(),
    );
    if (same) return same.id;
    const made = await this.call('POST', '/tags', { name }, signal);
    // Made meanwhile (or differing only in case): WordPress names the existing term.
    const existing = (made.body as { code?: string; data?: { term_id?: number } } | null)?.data?.term_id;
    if (made.status === 400 && existing) return existing;
    this.expect(made, 'publish');
    return (made.body as { id: number }).id;
  }

  private async upload(
    image: NonNullable<PostDraft['featuredImage']>,
    signal?: AbortSignal,
  ): Promise<number> {
    const res = await siteRequest(this.http, this.site, `${this.api}/media`, {
      method: 'POST',
      headers: {
        authorization: this.authorization(),
        'content-type': image.contentType,
        'content-disposition': `attachment; filename="${image.fileName.replace(/[^\w.-]/g, '_')}"`,
      },
      body: image.bytes,
      ...(signal ? { signal } : {}),
      timeoutMs: 120_000,
    });
    this.expect(res, 'publish');
    const id = (res.body as { id: number }).id;
    if (image.alt) await this.call('POST', `/media/${id}`, { alt_text: image.alt }, signal);
    return id;
  }

  private post(res: SiteAnswer): RemotePost {
    const body = res.body as { id?: number; link?: string };
    if (typeof body?.id !== 'number')
      throw new PublishError('rejected', `${this.site} did not say which post it made.`, res.status);
    return {
      id: String(body.id),
      url: body.link ?? `${this.credentials.url.replace(/\/+$/, '')}/?p=${body.id}`,
    };
  }

  private authorization(): string {
    return `Basic ${Buffer.from(`${this.credentials.username}:${this.credentials.appPassword}`).toString('base64')}`;
  }

  private call(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<SiteAnswer> {
    const auth = { authorization: this.authorization() };
    return siteJsonRequest(this.http, this.site, `${this.api}${path}`, { method, auth, body, signal });
  }

  /** Throws the fitting `PublishError` unless the site answered success (any 2xx) with a JSON object. */
  private expect(res: SiteAnswer, doing: 'check' | 'publish'): void {
    if (succeeded(res)) return;
    const code = (res.body as { code?: string } | null)?.code ?? '';
    if (
      res.status === 401 ||
      res.status === 403 ||
      /incorrect_password|invalid_username|not_logged_in/.test(code)
    )
      throw new PublishError(
        'auth',
        res.status === 403 && doing === 'publish'
          ? `${this.site} did not let ${this.credentials.username} do this: the account needs to be able to publish posts and upload media.`
          : `${this.site} refused the user name or application password. Create a new application password in WordPress (Users → Profile) and connect again.`,
        res.status,
      );
    throw unexpectedAnswer(
      res,
      this.site,
      doing,
      `${this.site} does not answer as a WordPress site with its REST API on. Check the address.`,
    );
  }
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&#0?39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}
