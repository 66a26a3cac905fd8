import type { Readable } from 'node:stream';
import { zErrorResponse } from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../lib/http-error.ts';
import { BlobTooLargeError } from '../storage/blob-store.ts';
import { InvalidUploadLinkError, type LocalDiskBlobStore } from '../storage/local-disk.blob-store.ts';

const tooBig = (maxBytes: number) =>
  new HttpError(
    413,
    'upload_too_large',
    'File size must be less than 100MB.',
    { max_bytes: maxBytes },
    { connection: 'close' },
  );

/**
 * The target of local-disk upload links: `PUT /api/v1/storage/blobs/<key>?expires&max&type&sig`.
 * The signature is the authorization (like an S3 presigned URL), so no bearer token is needed and
 * the body is streamed to disk, never buffered.
 */
export function storageRoutes(store: LocalDiskBlobStore): FastifyPluginAsyncZod {
  return async (app) => {
    // Any body type: the bytes go to storage as they arrive, whatever the browser calls them.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    app.put(
      '/storage/blobs/*',
      {
        schema: {
          tags: ['storage'],
          summary: 'Upload target of a signed link from POST /audio/upload (local storage only)',
          querystring: z.object({
            expires: z.string().optional(),
            max: z.string().optional(),
            type: z.string().optional(),
            sig: z.string().optional(),
          }),
          response: {
            200: z.object({ size: z.number().int() }),
            403: zErrorResponse,
            413: zErrorResponse,
            415: zErrorResponse,
          },
        },
      },
      async (request) => {
        const key = decodeURIComponent((request.params as { '*': string })['*']);
        let grant: ReturnType<LocalDiskBlobStore['verifyUpload']>;
        try {
          grant = store.verifyUpload(key, request.query);
        } catch (err) {
          if (err instanceof InvalidUploadLinkError)
            throw new HttpError(403, 'upload_link_invalid', err.message);
          throw err;
        }
        const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        if (type !== grant.contentType.toLowerCase()) {
          throw new HttpError(
            415,
            'upload_content_type_mismatch',
            `This link expects Content-Type ${grant.contentType}.`,
            { content_type: grant.contentType },
          );
        }
        const declared = Number(request.headers['content-length'] ?? Number.NaN);
        // Refused unread: close the connection rather than drain a body nobody wants.
        if (declared > grant.maxBytes) throw tooBig(grant.maxBytes);
        try {
          return await store.put(key, request.body as Readable, {
            contentType: grant.contentType,
            maxBytes: grant.maxBytes,
          });
        } catch (err) {
          if (err instanceof BlobTooLargeError) throw tooBig(grant.maxBytes);
          throw err;
        }
      },
    );
  };
}
