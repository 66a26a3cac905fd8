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

/**
 * A WordPress REST API (`/wp-json/wp/v2`) on 127.0.0.1, as far as publishing uses it: users/me,
 * tags (search, create, `term_exists`), media uploads, posts (create, read, update). Every call
 * must carry the application password as Basic auth, as WordPress requires.
 */
export class FakeWordPress extends FakeHttpServer {
  username = 'ada';
  appPassword = 'abcd EFGH 1234 ijkl MNOP 5678';
  readonly posts = new Map<number, Post>();
  readonly tags = new Map<number, string>([[7, 'Bread']]);
  readonly media: { id: number; type: string; bytes: number; name: string }[] = [];
  private next = 100;

  constructor() {
    super();
    this.handler = (req, res) => {
      this.route(req, res);
    };
  }

  private route(req: ReceivedRequest, res: ServerResponse): unknown {
    const url = new URL(req.url, 'http://wp.test');
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
    if (req.method === 'POST' && path === '/media') {
      const id = this.next++;
      const name = /filename="([^"]+)"/.exec(String(req.headers['content-disposition']))?.[1] ?? '';
      this.media.push({
        id,
        type: String(req.headers['content-type']),
        bytes: String(req.body ?? '').length,
        name,
      });
      return sendJson(res, 201, { id, source_url: `${this.url}/wp-content/uploads/${name}` });
    }
    if (req.method === 'POST' && /^\/media\/\d+$/.test(path))
      return sendJson(res, 200, { id: Number(path.split('/')[2]) });
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
        return sendJson(res, 200, this.view(this.store(post.id, { ...post, ...body })));
    }
    sendJson(res, 404, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
    });
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
