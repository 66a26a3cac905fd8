import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { zFileUploadFields } from '@voxpress/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../lib/http-error.ts';

/** Where resumable uploads live: the tus protocol's own path, under the API. */
export const TUS_PATH = '/api/v1/uploads';
/** Set here, from the verified token, on the request tus reads; never taken from the client. */
const USER_HEADER = 'x-voxpress-upload-user';

/** A tus refusal: the status and the API's usual JSON error body. */
function refusal(status: number, code: string, detail: string, params: Record<string, unknown> = {}) {
  return { status_code: status, body: JSON.stringify({ status, code, detail, params }) };
}

/**
 * Resumable uploads (the tus 1.0 protocol) for large files over unsteady connections. The bytes
 * gather in the data folder whatever the blob driver is (a partial upload cannot sit in S3 without
 * multipart bookkeeping per driver); once the last byte is in, the file goes through the same
 * finishing step as a form upload (type by its bytes, length, quota, storage, transcription).
 * Same sign-in as every route; an upload is its creator's alone (another account gets 404).
 */
export function tusUploadsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Beside the scratch folder, not in it: scratch holds only what one request is working on.
    const directory = path.join(ctx.config.dataDir, 'resumable-uploads');
    await mkdir(directory, { recursive: true });
    const store = new FileStore({ directory, expirationPeriodInMilliseconds: 24 * 3600 * 1000 });
    const userOf = (req: { headers: Headers }) => req.headers.get(USER_HEADER) ?? '';
    const forget = async (id: string) => {
      await rm(path.join(directory, id), { force: true });
      await rm(path.join(directory, `${id}.json`), { force: true });
    };

    const tus = new Server({
      path: TUS_PATH,
      datastore: store,
      // The address is given as a path: behind a TLS proxy the server cannot know the scheme.
      relativeLocation: true,
      maxSize: () => ctx.audio.maxUploadBytes(),
      async onIncomingRequest(req, id) {
        if (req.method === 'POST' || req.method === 'OPTIONS') return;
        const upload = await store.getUpload(id).catch(() => null);
        if (!upload || upload.metadata?.owner !== userOf(req))
          throw refusal(404, 'not_found', 'There is no such upload.');
      },
      async onUploadCreate(req, upload) {
        const userId = userOf(req);
        if (upload.size !== undefined) {
          try {
            await ctx.audio.ensureRoom(userId, upload.size);
          } catch (err) {
            if (err instanceof HttpError) throw refusal(err.statusCode, err.code, err.message, err.params);
            throw err;
          }
        }
        const parsed = zFileUploadFields.safeParse(fieldsOf(upload.metadata));
        if (!parsed.success) throw refusal(422, 'validation_failed', 'The upload’s metadata is not valid.');
        return { metadata: { ...upload.metadata, owner: userId } };
      },
      async onUploadFinish(req, upload) {
        const userId = userOf(req);
        const meta = upload.metadata ?? {};
        const form = zFileUploadFields.parse(fieldsOf(meta));
        try {
          const audio = await ctx.audio.createFromFile(
            userId,
            { path: path.join(directory, upload.id), name: meta.filename || 'audio', size: upload.offset },
            {
              title: form.title,
              description: form.description,
              language: form.language,
              google_language_code: form.google_language_code,
              use_whisper_for_english:
                form.use_whisper_for_english === undefined
                  ? undefined
                  : form.use_whisper_for_english === 'true',
              source: form.source ?? 'upload',
              speakers: form.speakers,
            },
          );
          return {
            status_code: 200,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ message: 'Upload successful', data: audio }),
          };
        } catch (err) {
          if (err instanceof HttpError) throw refusal(err.statusCode, err.code, err.message, err.params);
          throw err;
        } finally {
          await forget(upload.id);
        }
      },
    });

    // Uploads left unfinished for a day are removed, so abandoned halves do not fill the disk.
    const sweep = setInterval(() => void tus.cleanUpExpiredUploads().catch(() => undefined), 3600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));

    // tus reads the body itself, as a stream.
    app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      // tus builds its request from the raw header list.
      request.raw.headers[USER_HEADER] = request.userId;
      request.raw.rawHeaders.push(USER_HEADER, request.userId);
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    for (const url of ['/uploads', '/uploads/:id'])
      app.route({
        method: ['POST', 'HEAD', 'PATCH', 'DELETE'],
        url,
        schema: { hide: true },
        preHandler: async (request) => {
          // Whatever the client sent under this name is dropped; the owner is the signed-in user.
          delete request.raw.headers[USER_HEADER];
          const raw = request.raw.rawHeaders;
          for (let i = raw.length - 2; i >= 0; i -= 2)
            if (raw[i]?.toLowerCase() === USER_HEADER) raw.splice(i, 2);
        },
        handler: handle,
      });
  };
}

/** The upload form's fields from tus metadata (filename aside; the owner is ours). */
function fieldsOf(metadata: Record<string, string | null> | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata ?? {}))
    if (value !== null && key !== 'filename' && key !== 'owner' && key !== 'filetype') fields[key] = value;
  return fields;
}
