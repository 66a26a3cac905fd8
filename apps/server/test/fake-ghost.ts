import type { ServerResponse } from 'node:http';
import { FakeHttpServer, type ReceivedRequest, sendJson } from '@voxpress/test-kit/fake-http-server';
import { decodeProtectedHeader, jwtVerify } from 'jose';

interface GhostPost {
  id: string;
  title: string;
  html: string;
  status: string;
  tags: { name: string }[];
  feature_image: string | null;
  updated_at: string;
}

/** An uploaded image, as Ghost stored it. */
export interface GhostImage {
  url: string;
  ref: string | null;
  type: string;
  name: string;
  bytes: Buffer;
}

/** The image types and extensions Ghost's `images/upload/` accepts. */
const IMAGE_TYPES: Record<string, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/svg+xml': ['.svg', '.svgz'],
};

/**
 * A Ghost Admin API (`/ghost/api/admin`) on 127.0.0.1. Every call must carry `Authorization:
 * Ghost <token>`: an HS256 token signed with the key's secret, `kid` naming the key, `aud`
 * `/admin/` and at most five minutes between `iat` and `exp`, as Ghost checks them. Updates must
 * send the post's current `updated_at`. Images are uploaded as `multipart/form-data` (`file`,
 * `purpose`, `ref`) and served back from `/content/images/`.
 */
export class FakeGhost extends FakeHttpServer {
  readonly keyId = '6489e0a1b2c3d4e5f6a7b8c9';
  readonly secret = `${'a'.repeat(16) + 'b'.repeat(16) + 'c'.repeat(16)}0123456789abcdef`;
  readonly posts = new Map<string, GhostPost>();
  readonly tokens: { kid: unknown; aud: unknown; iat: number; exp: number }[] = [];
  readonly images: GhostImage[] = [];
  /** The status an update answers with: Ghost sends 200, a proxy in front of it may send another 2xx. */
  updateStatus = 200;
  private next = 1;
  private clock = Date.parse('2026-11-01T10:00:00Z');

  get adminKey(): string {
    return `${this.keyId}:${this.secret}`;
  }

  constructor() {
    super();
    this.handler = (req, res) => this.route(req, res);
  }

  private async authorised(req: ReceivedRequest): Promise<boolean> {
    const token = /^Ghost (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    if (!token) return false;
    try {
      const header = decodeProtectedHeader(token);
      if (header.kid !== this.keyId || header.alg !== 'HS256') return false;
      const { payload } = await jwtVerify(token, Buffer.from(this.secret, 'hex'), { audience: '/admin/' });
      if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return false;
      if (payload.exp - payload.iat > 300) return false;
      this.tokens.push({ kid: header.kid, aud: payload.aud, iat: payload.iat, exp: payload.exp });
      return true;
    } catch {
      return false;
    }
  }

  private async route(req: ReceivedRequest, res: ServerResponse): Promise<void> {
    const url = new URL(req.url, 'http://ghost.test');
    if (req.method === 'GET' && url.pathname.startsWith('/content/images/')) {
      const image = this.images.find((i) => new URL(i.url).pathname === url.pathname);
      if (!image) return sendJson(res, 404, { errors: [{ message: 'Image not found' }] });
      return void res.writeHead(200, { 'content-type': image.type }).end(image.bytes);
    }
    if (!url.pathname.startsWith('/ghost/api/admin/'))
      return sendJson(res, 404, { errors: [{ message: 'Resource not found' }] });
    if (!(await this.authorised(req)))
      return sendJson(res, 401, { errors: [{ message: 'Invalid token', type: 'UnauthorizedError' }] });
    const path = url.pathname.replace('/ghost/api/admin', '');
    const body = (req.body ?? {}) as { posts?: Partial<GhostPost>[] };
    if (req.method === 'GET' && path === '/site/')
      return sendJson(res, 200, { site: { title: 'Ada writes', url: this.url, version: '5.100' } });
    if (req.method === 'GET' && path === '/posts/')
      return sendJson(res, 200, { posts: [...this.posts.values()].slice(0, 1) });
    if (req.method === 'POST' && path === '/images/upload/') return this.upload(req, res);
    if (req.method === 'POST' && path === '/posts/') {
      const id = `post${this.next++}`;
      return sendJson(res, 201, { posts: [this.view(this.store(id, body.posts?.[0] ?? {}))] });
    }
    const one = /^\/posts\/([^/]+)\/$/.exec(path);
    if (one) {
      const post = this.posts.get(one[1] ?? '');
      if (!post)
        return sendJson(res, 404, { errors: [{ message: 'Post not found.', type: 'NotFoundError' }] });
      if (req.method === 'GET') return sendJson(res, 200, { posts: [this.view(post)] });
      if (req.method === 'PUT') {
        const sent = body.posts?.[0] ?? {};
        if (sent.updated_at !== post.updated_at)
          return sendJson(res, 409, {
            errors: [
              { message: 'Saving failed! Someone else is editing this post.', type: 'UpdateCollisionError' },
            ],
          });
        return sendJson(res, this.updateStatus, {
          posts: [this.view(this.store(post.id, { ...post, ...sent }))],
        });
      }
    }
    sendJson(res, 404, { errors: [{ message: 'Resource not found' }] });
  }

  /** `POST /images/upload/`: a multipart form whose `file` must be an image by type and name. */
  private async upload(req: ReceivedRequest, res: ServerResponse): Promise<void> {
    const type = String(req.headers['content-type'] ?? '');
    if (!type.startsWith('multipart/form-data'))
      return sendJson(res, 415, {
        errors: [{ message: 'Please select a valid image file.', type: 'UnsupportedMediaTypeError' }],
      });
    const form = await new Response(new Uint8Array(req.raw), { headers: { 'content-type': type } })
      .formData()
      .catch(() => undefined);
    const file = form?.get('file');
    if (!form || !(file instanceof File))
      return sendJson(res, 422, {
        errors: [{ message: 'Please select an image.', type: 'ValidationError', context: 'file' }],
      });
    const extension = /\.[a-z0-9]+$/i.exec(file.name)?.[0]?.toLowerCase() ?? '';
    if (!IMAGE_TYPES[file.type]?.includes(extension))
      return sendJson(res, 415, {
        errors: [{ message: 'Please select a valid image file.', type: 'UnsupportedMediaTypeError' }],
      });
    // Ghost keeps a name free by numbering the newcomer, in a folder per year and month.
    const stem = file.name.slice(0, -extension.length);
    const taken = (name: string) => this.images.some((i) => i.name === name);
    let name = file.name;
    for (let n = 1; taken(name); n++) name = `${stem}-${n}${extension}`;
    const ref = form.get('ref');
    const image: GhostImage = {
      url: `${this.url}/content/images/2026/11/${name}`,
      ref: typeof ref === 'string' ? ref : null,
      type: file.type,
      name,
      bytes: Buffer.from(await file.arrayBuffer()),
    };
    this.images.push(image);
    sendJson(res, 201, { images: [{ url: image.url, ref: image.ref }] });
  }

  private store(id: string, sent: Partial<GhostPost>): GhostPost {
    this.clock += 60_000;
    const post: GhostPost = {
      id,
      title: sent.title ?? '',
      html: sent.html ?? '',
      status: sent.status ?? 'draft',
      tags: sent.tags ?? [],
      feature_image: sent.feature_image ?? null,
      updated_at: new Date(this.clock).toISOString(),
    };
    this.posts.set(id, post);
    return post;
  }

  private view(post: GhostPost) {
    return { ...post, url: `${this.url}/p/${post.id}/` };
  }
}
