import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Creates an account through the API and returns its access token. */
export async function signUp(app: FastifyInstance, email: string, fullName = 'Test User'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { email, password: 'correct horse battery', full_name: fullName },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return res.json().data.access_token as string;
}

type Res = Awaited<ReturnType<FastifyInstance['inject']>>;

/** A signed-in user of the API under test. */
export interface Client {
  token: string;
  get(url: string): Promise<Res>;
  send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<Res>;
  upload(
    url: string,
    file: { name: string; content: Buffer; type?: string },
    fields?: Record<string, string>,
  ): Promise<Res>;
}

/** Signs up `email` on the app under test: a client that sends requests as that user. */
export async function client(t: { app: FastifyInstance }, email: string): Promise<Client> {
  const token = await signUp(t.app, email);
  const headers = { authorization: `Bearer ${token}` };
  return {
    token,
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
    send: (method, url, payload) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }),
    upload(url, file, fields = {}) {
      const form = multipartBody(fields, { field: 'file', ...file });
      return t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': form.contentType },
        payload: form.body,
      });
    },
  };
}

/** A multipart/form-data body with text fields and at most one file, as a browser sends it. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field: string; name: string; content: Buffer; type?: string },
): { body: Buffer; contentType: string } {
  const boundary = `----voxpress${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `POST /api/v1/files/upload/audio` with one file, as the upload form sends it. */
export function postAudioFile(
  app: FastifyInstance,
  token: string,
  file: { name: string; content: Buffer },
  fields: Record<string, string> = {},
) {
  const form = multipartBody(fields, { field: 'file', ...file });
  return app.inject({
    method: 'POST',
    url: '/api/v1/files/upload/audio',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    payload: form.body,
  });
}

/** Creates an account on the server process at `base` and returns its access token. */
export async function signUpAt(base: string, email: string, fullName = 'Test User'): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', full_name: fullName }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/** `POST /api/v1/files/upload/audio` to the server process at `base`, as the upload form sends it: the recording's id. */
export async function uploadAudioAt(
  base: string,
  token: string,
  file: { name: string; content: Buffer; type?: string },
  fields: Record<string, string> = {},
): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', new Blob([file.content], { type: file.type ?? 'audio/wav' }), file.name);
  const res = await fetch(`${base}/api/v1/files/upload/audio`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { audio_id: string } }).data.audio_id;
}
