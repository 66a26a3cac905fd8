import multipart from '@fastify/multipart';
import {
  zCuisineType,
  zDirectUploadFields,
  zErrorResponse,
  zInfographicContentType,
  zInfographicSaveRequest,
  zInfographicVariation,
  zSavedInfographic,
  zSavedList,
  zSavedListQuery,
  zTemplateCollection,
  zTemplateCollectionList,
  zTemplateCollectionRequest,
  zToken,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { HttpError, ValidationError } from '../../lib/http-error.ts';
import { MAX_IMAGE_BYTES } from '../../services/infographics/library/image-check.ts';
import { formError } from '../files.routes.ts';

const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
  413: zErrorResponse,
  415: zErrorResponse,
  422: zErrorResponse,
};
const zId = (message: string) => z.object({ id: z.uuid(message) });
const deleted = z.object({ message: z.string() });
/** A save may carry the image inline: about 1.5 MB as base64, plus the rest. */
const SAVE_BODY_LIMIT = 2_300_000;
const tags = ['infographic library'];

/** What users keep (saved images, collections), their own uploads, and the images themselves. */
export function libraryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const library = ctx.infographics.library;
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 4096 },
    });

    app.post(
      '/save',
      {
        bodyLimit: SAVE_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Save an image to your gallery: a variation’s link or id, or the image as data_url',
          description:
            "Without an image: 'No image URL found (missing infographic_url or data_url)'. Saving the same image again returns the first save. A saved image is kept until you delete it.",
          body: zInfographicSaveRequest,
          response: { 201: zSavedInfographic, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await library.save(request.userId, request.body)),
    );

    app.get(
      '/saved',
      {
        schema: {
          tags,
          summary: 'Your saved images, newest first, 50 to a page',
          querystring: zSavedListQuery,
          response: { 200: zSavedList, ...errors },
        },
      },
      async (request) => library.listSaved(request.userId, request.query),
    );

    app.get(
      '/saved/:id',
      {
        schema: {
          tags,
          summary: 'One saved image',
          params: zId('Infographic not found'),
          response: { 200: zSavedInfographic, ...errors },
        },
      },
      async (request) => library.getSaved(request.userId, request.params.id),
    );

    app.delete(
      '/saved/:id',
      {
        schema: {
          tags,
          summary: 'Take an image out of your gallery (an uploaded picture is deleted with it)',
          params: zId('Infographic not found'),
          response: { 200: deleted, ...errors },
        },
      },
      async (request) => {
        await library.unsave(request.userId, request.params.id);
        return { message: 'Removed from your gallery' };
      },
    );

    app.post(
      '/collections/create',
      {
        schema: {
          tags,
          summary: 'Save your favourite variations as a named collection',
          description:
            "Needs a name and at least one favourite: 'Please enter a collection name and select at least one favorite template.' Variations are the generated ones (or just their ids). Defaults: recipe, general, international.",
          querystring: z.object({ cuisine_type: zCuisineType.optional() }),
          body: zTemplateCollectionRequest,
          response: { 201: zTemplateCollection, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await library.createCollection(request.userId, request.body, request.query.cuisine_type)),
    );

    app.get(
      '/template-collections',
      {
        schema: {
          tags,
          summary: 'Your collections, newest first',
          querystring: z.object({ content_type: zInfographicContentType.optional() }),
          response: { 200: zTemplateCollectionList, ...errors },
        },
      },
      async (request) => {
        const items = await library.listCollections(request.userId, request.query.content_type);
        return { items, total: items.length };
      },
    );

    app.get(
      '/collections/:id',
      {
        schema: {
          tags,
          summary: 'One collection with its variations',
          params: zId('Collection not found'),
          response: { 200: zTemplateCollection, ...errors },
        },
      },
      async (request) => library.getCollection(request.userId, request.params.id),
    );

    app.delete(
      '/collections/:id',
      {
        schema: {
          tags,
          summary: 'Delete a collection (its images stay while saved or in another collection)',
          params: zId('Collection not found'),
          response: { 200: deleted, ...errors },
        },
      },
      async (request) => {
        await library.deleteCollection(request.userId, request.params.id);
        return { message: 'Collection deleted' };
      },
    );

    app.post(
      '/direct-upload',
      {
        schema: {
          tags,
          summary: 'Upload your own picture (multipart: file, template_id, size, content_id, title)',
          description:
            'PNG, JPEG or WebP, at most 20 MB, checked by its bytes and decoded to the end; it is stored upright without its metadata (no location). `size`, when given, must be the picture’s own.',
          consumes: ['multipart/form-data'],
          response: { 201: zInfographicVariation, ...errors },
        },
      },
      async (request, reply) => {
        if (Number(request.headers['content-length'] ?? 0) > MAX_IMAGE_BYTES + 64 * 1024)
          throw imageTooLarge();
        if (!request.isMultipart())
          throw new HttpError(415, 'multipart_required', 'Send the image as multipart/form-data.');
        const fields: Record<string, string> = {};
        let file: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || file) {
                part.file.resume();
                throw new HttpError(400, 'file_field_invalid', 'Send exactly one file, in the "file" field.');
              }
              file = await part.toBuffer().catch((err: unknown) => {
                if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
                throw err;
              });
            } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          }
        } catch (err) {
          throw formError(err);
        }
        const parsed = zDirectUploadFields.safeParse(fields);
        if (!parsed.success) throw ValidationError.fromZod(parsed.error, 'body');
        if (!file)
          throw new HttpError(400, 'file_missing', 'No file was uploaded. Choose an image and try again.');
        return reply.status(201).send(await library.upload(request.userId, file, parsed.data));
      },
    );

    app.get(
      '/images/:file',
      {
        config: { queryToken: true },
        schema: {
          tags,
          summary: 'An image (the `infographic_url` of a variation or saved image)',
          description:
            'Links carry a ticket for their own address that expires (see `url_expires_at`); with a bearer token any of your images opens. `download=1` names it for saving.',
          params: z.object({
            file: z.string().regex(/^[0-9a-f-]{36}\.(?:png|jpg|webp)$/i, 'Infographic not found'),
          }),
          querystring: z.object({
            ticket: zToken(4096).optional(),
            token: zToken(4096).optional(),
            download: z.enum(['0', '1', 'true', 'false']).optional(),
          }),
          response: { 200: z.unknown().describe('The image bytes'), ...errors },
        },
      },
      async (request, reply) => {
        const id = request.params.file.slice(0, 36).toLowerCase();
        const { row, stream, size } = await ctx.infographics.images.open(request.userId, id);
        const download = request.query.download === '1' || request.query.download === 'true';
        const stamp = row.createdAt.toISOString().replace(/[:.]/g, '-');
        const name = `${row.name} ${row.variationName}`
          .replace(/[^\p{L}\p{N}]+/gu, '-')
          .replace(/^-|-$/g, '');
        const fileName = `${name || 'infographic'}-${stamp}.${request.params.file.split('.').pop()}`;
        return reply
          .header('content-type', row.mimeType)
          .header('content-length', size)
          .header('cache-control', 'private, max-age=3600, immutable')
          .header(
            'content-disposition',
            `${download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          )
          .send(stream);
      },
    );

    app.delete(
      '/images/:id',
      {
        schema: {
          tags,
          summary: 'Delete an image for good, with its saves and collection entries',
          params: zId('Infographic not found'),
          response: { 200: deleted, ...errors },
        },
      },
      async (request) => {
        await library.deleteImage(request.userId, request.params.id);
        return { message: 'Image deleted' };
      },
    );
  };
}

const imageTooLarge = () =>
  new HttpError(413, 'image_too_large', 'Images must be smaller than 20 MB.', { max_bytes: MAX_IMAGE_BYTES });
