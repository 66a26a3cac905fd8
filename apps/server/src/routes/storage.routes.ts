import type { Readable } from 'node:stream';
import { zErrorResponse, zToken } from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../lib/http-error.ts';
import { BlobTooLargeError, InvalidBlobKeyError } from '../storage/blob-store.ts';
import { BlobExistsError, type LocalDiskBlobStore } from '../storage/local-disk.blob-store.ts';
import { ensureDiskRoom } from '../storage/storage-full.ts';
import { InvalidUploadLinkError, type UploadGrant } from '../storage/upload-link-signer.ts';

const tooBig = (maxBytes: number) =>
  new HttpError(
    413,
    'upload_too_large',
    'File size must be less than 100MB.',
    { max_bytes: maxBytes },
    { connection: 'close' },
  );
const used = () =>
  new HttpError(
    409,
    'upload_link_used',
    'This upload link has already been used. Start the upload again.',
    {},
    { connection: 'close' },
  );
const closed = () =>
  new HttpError(
    410,
    'upload_link_closed',
    'This upload link is no longer open: the upload was finished or cancelled. Start the upload again.',
    {},
    { connection: 'close' },
  );

export interface StorageRoutesOptions {
  /**
   * Whether the item behind an upload key still waits for its bytes. A signed link is only the
   * first half of the permission: once its upload was checked, or its item deleted, the link is
   * dead even before it expires.
   */
  acceptsUpload(key: string): Promise<boolean>;
}

/**
 * The target of local-disk upload links: `PUT /api/v1/storage/blobs/<key>?expires&max&type&sig`.
 * The signature and the item's state are the authorization (like an S3 presigned URL), so no
 * bearer token is needed and the body is streamed to disk, never buffered. Each link stores at
 * most one upload.
 */
export function storageRoutes(
  store: LocalDiskBlobStore,
  options: StorageRoutesOptions,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Any body type: the bytes go to storage as they arrive, whatever the browser calls them.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    app.put(
      '/storage/blobs/*',
      {
        // The signed link is the credential (checked below), not a bearer token.
        config: { public: true },
        schema: {
          tags: ['storage'],
          summary: 'Upload target of a signed link from POST /audio/upload (local storage only)',
          description:
            'Each link stores one upload, and only while its item waits for it: a link whose upload was checked, or whose item was deleted, answers 410.',
          querystring: z.object({
            expires: zToken(20).optional(),
            max: zToken(20).optional(),
            type: zToken(100).optional(),
            sig: zToken(200).optional(),
          }),
          response: {
            200: z.object({ size: z.number().int() }),
            400: zErrorResponse,
            403: zErrorResponse,
            409: zErrorResponse,
            410: zErrorResponse,
            413: zErrorResponse,
            415: zErrorResponse,
            507: zErrorResponse,
          },
        },
      },
      async (request) => {
        // The router has already decoded the path once; decoding again would misread a `%`.
        const key = (request.params as { '*': string })['*'];
        const grant = verify(store, key, request.query);
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
        if (!(await options.acceptsUpload(key))) throw closed();
        await ensureDiskRoom(store.scratchDir, declared);
        let stored: { size: number };
        try {
          stored = await store.putOnce(key, request.body as Readable, { maxBytes: grant.maxBytes });
        } catch (err) {
          if (err instanceof BlobTooLargeError) throw tooBig(grant.maxBytes);
          if (err instanceof BlobExistsError) throw used();
          throw err;
        }
        // The item may have been deleted while the bytes arrived: then they must not stay.
        if (!(await options.acceptsUpload(key))) {
          await store.delete(key);
          throw closed();
        }
        return stored;
      },
    );
  };
}

function verify(
  store: LocalDiskBlobStore,
  key: string,
  query: Record<string, string | undefined>,
): UploadGrant {
  try {
    return store.verifyUpload(key, query);
  } catch (err) {
    if (err instanceof InvalidBlobKeyError)
      throw new HttpError(
        400,
        'upload_link_invalid',
        'The upload link is not valid. Start the upload again.',
      );
    if (err instanceof InvalidUploadLinkError) throw new HttpError(403, 'upload_link_invalid', err.message);
    throw err;
  }
}
