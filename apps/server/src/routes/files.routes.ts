import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  zContentUploadFields,
  zContentUploadResponse,
  zErrorResponse,
  zFileUploadFields,
  zFileUploadResponse,
  zText,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { HttpError, ValidationError } from '../lib/http-error.ts';
import { uploadTooLarge } from '../services/audio/audio.service.ts';
import { ensureDiskRoom } from '../storage/storage-full.ts';

const zFileName = zText({ max: 255 });
/** Largest written document accepted as a content source (a DOCX with images can be large). */
const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
const documentTooBig = () =>
  new HttpError(413, 'upload_too_large', 'File size must be less than 20MB.', {
    max_bytes: MAX_DOCUMENT_BYTES,
  });
/** Room left for the form's fields and boundaries around the file. */
const FORM_SLACK = 1024 * 1024;

export function filesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      // Each route sets its own file size: the audio one reads the upload limit in force.
      limits: { files: 1, fields: 20, fieldSize: 64 * 1024 },
    });
    app.post(
      '/files/upload/audio',
      {
        schema: {
          tags: ['files'],
          summary: 'Upload an audio file (multipart: file, title, description, language, …)',
          description:
            'Streamed to storage, checked by its bytes (MP3, WAV, M4A, OGG, WEBM and videos with sound; at most the upload limit in GET /system/config, 100 MB by default), then transcribed.',
          consumes: ['multipart/form-data'],
          response: {
            201: zFileUploadResponse,
            400: zErrorResponse,
            422: zErrorResponse,
            401: zErrorResponse,
            413: zErrorResponse,
            415: zErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const declared = Number(request.headers['content-length'] ?? 0);
        const max = await ctx.audio.maxUploadBytes();
        const tooBig = () => uploadTooLarge(max);
        // The form adds a little around the file; anything far past a limit is refused unread.
        if (declared > max + FORM_SLACK) throw tooBig();
        if (!request.isMultipart())
          throw new HttpError(415, 'multipart_required', 'Send the file as multipart/form-data.');
        if (declared) await ctx.audio.ensureRoom(request.userId, declared, FORM_SLACK);

        const dir = ctx.scratch.dir;
        await mkdir(dir, { recursive: true });
        await ensureDiskRoom(dir, declared);
        const tmp = path.join(dir, `${randomUUID()}.upload`);
        const fields: Record<string, string> = {};
        let file: { name: string; size: number } | undefined;
        try {
          for await (const part of request.parts({ limits: { fileSize: max, files: 1 } })) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || file) {
                part.file.resume();
                throw new HttpError(400, 'file_field_invalid', 'Send exactly one file, in the "file" field.');
              }
              await pipeline(part.file, createWriteStream(tmp));
              if (part.file.truncated) throw tooBig();
              file = { name: part.filename || 'audio', size: part.file.bytesRead };
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
          // The form's text goes through the same contract as a JSON body would.
          const parsed = zFileUploadFields.safeParse(fields);
          if (!parsed.success) throw ValidationError.fromZod(parsed.error, 'body');
          if (!file)
            throw new HttpError(
              400,
              'file_missing',
              'No file was uploaded. Choose an audio file and try again.',
            );
          const name = zFileName.safeParse(file.name);
          if (!name.success) throw ValidationError.fromZod(name.error, 'body', ['file', 'filename']);
          const form = parsed.data;
          const audio = await ctx.audio.createFromFile(
            request.userId,
            { path: tmp, ...file },
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
          return reply.status(201).send({ message: 'Upload successful', data: audio });
        } catch (err) {
          throw formError(err);
        } finally {
          await rm(tmp, { force: true });
        }
      },
    );

    app.post(
      '/files/upload/content',
      {
        schema: {
          tags: ['files'],
          summary: 'Upload a written document (multipart: file, title, language) as a content source',
          description:
            'TXT, MD, HTML or DOCX, at most 20 MB. Its paragraphs become the source that content is written and translated from: pass `data.transcription_id` to `POST /content/enhance`.',
          consumes: ['multipart/form-data'],
          response: {
            201: zContentUploadResponse,
            400: zErrorResponse,
            401: zErrorResponse,
            413: zErrorResponse,
            415: zErrorResponse,
            422: zErrorResponse,
          },
        },
      },
      async (request, reply) => {
        if (Number(request.headers['content-length'] ?? 0) > MAX_DOCUMENT_BYTES + FORM_SLACK)
          throw documentTooBig();
        if (!request.isMultipart())
          throw new HttpError(415, 'multipart_required', 'Send the file as multipart/form-data.');
        const fields: Record<string, string> = {};
        let file: { name: string; bytes: Buffer } | undefined;
        try {
          for await (const part of request.parts({ limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1 } })) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || file) {
                part.file.resume();
                throw new HttpError(400, 'file_field_invalid', 'Send exactly one file, in the "file" field.');
              }
              const bytes = await part.toBuffer().catch((err: unknown) => {
                if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw documentTooBig();
                throw err;
              });
              file = { name: part.filename || 'document.txt', bytes };
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (err) {
          throw formError(err);
        }
        const parsed = zContentUploadFields.safeParse(fields);
        if (!parsed.success) throw ValidationError.fromZod(parsed.error, 'body');
        if (!file)
          throw new HttpError(400, 'file_missing', 'No file was uploaded. Choose a document and try again.');
        const name = zFileName.safeParse(file.name);
        if (!name.success) throw ValidationError.fromZod(name.error, 'body', ['file', 'filename']);
        const data = await ctx.documents.create(request.userId, file, parsed.data);
        return reply.status(201).send({ message: 'Upload successful', data });
      },
    );
  };
}

/**
 * The client's mistakes in a form, said as such: a body that is not multipart (no boundary), is
 * cut off or has broken part headers is the sender's problem, never a server error.
 */
export function formError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, 'too_many_files', 'Too many files');
  const broken = () => new HttpError(400, 'multipart_malformed', FORM_BROKEN);
  if (code?.startsWith('FST_') && ((err as { statusCode?: number }).statusCode ?? 400) < 500) return broken();
  // busboy's parse errors are plain Errors without a system error code.
  if (err instanceof Error && !('syscall' in err) && BUSBOY_ERROR.test(err.message)) return broken();
  return err;
}

const FORM_BROKEN =
  'The upload was cut off or is not a valid multipart/form-data form. Choose the file and try again.';
const BUSBOY_ERROR = /multipart|boundary|unexpected end of|malformed|part terminated|too many/i;
