import type { ServerResponse } from 'node:http';
import { FakeHttpServer, type ReceivedRequest, sendJson } from './fake-http-server.ts';

interface Post {
  id: number;
  title: string;
  content: string;
  status: string;
  tags: number[];
  featured_media: number;
}

/** A file in the media library, as uploaded. */
export interface Media {
  id: number;
  type: string;
  bytes: Buffer;
  name: string;
  alt_text: string;
}

/** Image types WordPress accepts for upload by default. */
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * A WordPress REST API (`/wp-json/wp/v2`) on 127.0.0.1, as far as publishing uses it: users/me,
 * tags (search, create, `term_exists`), media uploads (the file's bytes as the body, named by
 * `Content-Disposition`, served back under `/wp-content/uploads/`), posts (create, read, update;
 * `featured_media` must name an uploaded file). Every API call must carry the application
 * password as Basic auth, as WordPress requires.
 */
export class FakeWordPress extends FakeHttpServer {
  username = 'ada';
  appPassword = 'abcd EFGH 1234 ijkl MNOP 5678';
  readonly posts = new Map<number, Post>();
  readonly tags = new Map<number, string>([[7, 'Bread']]);
  readonly media: Media[] = [];
  /** The status an update answers with: WordPress sends 200, a plugin or a proxy may send another 2xx. */
  updateStatus = 200;
  private next = 100;

  constructor() {
    super();
    this.handler = (req, res) => {
      this.route(req, res);
    };
  }

  private route(req: ReceivedRequest, res: ServerResponse): unknown {
    const url = new URL(req.url, 'http://wp.test');
    const upload = /^\/wp-content\/uploads\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && upload) {
      const file = this.media.find((m) => m.name === decodeURIComponent(upload[1] ?? ''));
      if (!file) return sendJson(res, 404, { code: 'not_found' });
      return void res.writeHead(200, { 'content-type': file.type }).end(file.bytes);
    }
    const path = url.pathname.replace(/^\/wp-json\/wp\/v2/, '');
    if (!url.pathname.startsWith('/wp-json/wp/v2/')) return sendJson(res, 404, { code: 'rest_no_route' });
    const expected = `Basic ${Buffer.from(`${this.username}:${this.appPassword}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return sendJson(res, 401, {
        code: 'incorrect_password',
        message: 'The provided password is an invalid application password.',
        data: { status: 401 },
      });
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (req.method === 'GET' && path === '/users/me')
      return sendJson(res, 200, { id: 1, name: 'Ada Lovelace', slug: this.username, capabilities: {} });
    if (req.method === 'GET' && path === '/tags') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return sendJson(
        res,
        200,
        [...this.tags]
          .filter(([, n]) => n.toLowerCase().includes(search))
          .map(([id, name]) => ({ id, name })),
      );
    }
    if (req.method === 'POST' && path === '/tags') {
      const name = String(body.name);
      const existing = [...this.tags].find(([, n]) => n.toLowerCase() === name.toLowerCase());
      if (existing)
        return sendJson(res, 400, {
          code: 'term_exists',
          message: 'A term with the name provided already exists.',
          data: { status: 400, term_id: existing[0] },
        });
      const id = this.next++;
      this.tags.set(id, name);
      return sendJson(res, 201, { id, name });
    }
    if (req.method === 'POST' && path === '/media') return this.upload(req, res);
    const mediaId = /^\/media\/(\d+)$/.exec(path);
    if (req.method === 'POST' && mediaId) {
      const file = this.media.find((m) => m.id === Number(mediaId[1]));
      if (!file)
        return sendJson(res, 404, {
          code: 'rest_post_invalid_id',
          message: 'Invalid post ID.',
          data: { status: 404 },
        });
      if (typeof body.alt_text === 'string') file.alt_text = body.alt_text;
      return sendJson(res, 200, this.mediaView(file));
    }
    if (
      req.method === 'POST' &&
      /^\/posts(\/\d+)?$/.test(path) &&
      body.featured_media !== undefined &&
      Number(body.featured_media) !== 0 &&
      !this.media.some((m) => m.id === Number(body.featured_media))
    )
      return sendJson(res, 400, {
        code: 'rest_invalid_featured_media',
        message: 'Invalid featured media ID.',
        data: { status: 400 },
      });
    if (req.method === 'POST' && path === '/posts') {
      const id = this.next++;
      const post = this.store(id, body);
      return sendJson(res, 201, this.view(post));
    }
    const one = /^\/posts\/(\d+)$/.exec(path);
    if (one) {
      const post = this.posts.get(Number(one[1]));
      if (!post)
        return sendJson(res, 404, {
          code: 'rest_post_invalid_id',
          message: 'Invalid post ID.',
          data: { status: 404 },
        });
      if (req.method === 'GET') return sendJson(res, 200, this.view(post));
      if (req.method === 'POST')
        return sendJson(res, this.updateStatus, this.view(this.store(post.id, { ...post, ...body })));
    }
    sendJson(res, 404, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
    });
  }

  /**
   * `POST /media` as WordPress takes it: the raw file as the body, its name in
   * `Content-Disposition`, its type in `Content-Type`; only types the site allows.
   */
  private upload(req: ReceivedRequest, res: ServerResponse): unknown {
    const disposition = String(req.headers['content-disposition'] ?? '');
    if (!disposition)
      return sendJson(res, 400, {
        code: 'rest_upload_no_content_disposition',
        message: 'No Content-Disposition supplied.',
        data: { status: 400 },
      });
    const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? '';
    if (!name)
      return sendJson(res, 400, {
        code: 'rest_upload_invalid_disposition',
        message: 'Invalid Content-Disposition supplied.',
        data: { status: 400 },
      });
    if (req.raw.length === 0)
      return sendJson(res, 400, {
        code: 'rest_upload_no_data',
        message: 'No data supplied.',
        data: { status: 400 },
      });
    const type = String(req.headers['content-type'] ?? '');
    if (IMAGE_TYPES[type] === undefined || !name.toLowerCase().endsWith(`.${IMAGE_TYPES[type]}`))
      return sendJson(res, 500, {
        code: 'rest_upload_sideload_error',
        message: 'Sorry, you are not allowed to upload this file type.',
        data: { status: 500 },
      });
    const file: Media = { id: this.next++, type, bytes: req.raw, name, alt_text: '' };
    this.media.push(file);
    sendJson(res, 201, this.mediaView(file));
  }

  private mediaView(file: Media) {
    return {
      id: file.id,
      media_type: 'image',
      mime_type: file.type,
      alt_text: file.alt_text,
      source_url: `${this.url}/wp-content/uploads/${encodeURIComponent(file.name)}`,
    };
  }

  private store(id: number, body: Record<string, unknown>): Post {
    const post: Post = {
      id,
      title: String(body.title ?? ''),
      content: String(body.content ?? ''),
      status: String(body.status ?? 'draft'),
      tags: (body.tags as number[]) ?? [],
      featured_media: Number(body.featured_media ?? 0),
    };
    this.posts.set(id, post);
    return post;
  }

  private view(post: Post) {
    return { ...post, link: `${this.url}/?p=${post.id}`, title: { raw: post.title, rendered: post.title } };
  }
}
