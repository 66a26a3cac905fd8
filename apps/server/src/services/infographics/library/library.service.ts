import { randomUUID } from 'node:crypto';
import type {
  CuisineType,
  InfographicContentType,
  InfographicVariation,
  LayoutStyleKey,
  SavedInfographic,
  SavedList,
  TemplateCollection,
  zInfographicSaveRequest,
  zSavedListQuery,
  zTemplateCollectionRequest,
} from '@voxpress/contracts';
import type { z } from 'zod';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import type { ImageRow, ImagesRepository } from '../../../repositories/infographics/images.repository.ts';
import type {
  CollectionRow,
  InfographicLibraryRepository,
} from '../../../repositories/infographics/library.repository.ts';
import type { TranscriptionsRepository } from '../../../repositories/transcriptions.repository.ts';
import type { ExportedImages } from '../../account/data-export.service.ts';
import type { ContentService } from '../../content/content.service.ts';
import { bestForOf, parseBuiltInId } from '../planning/built-in-templates.ts';
import type { TemplatesService } from '../planning/templates.service.ts';
import { checkImage, decodeDataUrl, UNSUPPORTED_IMAGE } from './image-check.ts';
import { extensionOf, type ImageStore, imageNotFound } from './image-store.ts';
import { sizeOf, toSaved, toVariation } from './infographic-mapper.ts';

export const NO_IMAGE_URL = 'No image URL found (missing infographic_url or data_url)';
export const COLLECTION_RULE = 'Please enter a collection name and select at least one favorite template.';
const IMAGE_PATH = /\/api\/v1\/infographics\/images\/([0-9a-f-]{36})\.(?:png|jpg|webp)(?:[?#]|$)/i;

const collectionNotFound = () => notFound('Collection not found', 'infographic_collection_not_found');

export interface LibraryDeps {
  library: InfographicLibraryRepository;
  imageRows: ImagesRepository;
  images: ImageStore;
  content: ContentService;
  transcriptions: TranscriptionsRepository;
  templates: TemplatesService;
}

/** The image id in a link this server gave, whatever host or query it carries. */
export function imageIdOf(url: string): string | undefined {
  return IMAGE_PATH.exec(url)?.[1]?.toLowerCase();
}

/**
 * What users keep: saved images (the gallery), collections of favourites, and their own
 * pictures uploaded directly. Saving or collecting an image keeps it for good; unsaving lets it
 * expire again like any unsaved variation.
 */
export class LibraryService {
  constructor(private readonly deps: LibraryDeps) {}

  /** `POST /save`: an image made here (its link or id), or one given inline as a data URL. */
  async save(userId: string, request: z.output<typeof zInfographicSaveRequest>): Promise<SavedInfographic> {
    const image = await this.imageFor(userId, request);
    const contentId = request.content_id ?? image.contentId;
    const transcriptionId = request.transcription_id ?? image.transcriptionId;
    if (request.content_id) await this.deps.content.owned(userId, request.content_id);
    if (
      request.transcription_id &&
      !(await this.deps.transcriptions.findOwned(userId, request.transcription_id))
    )
      throw notFound('No transcription available', 'transcription_not_found');
    const meta = request.metadata;
    const saved = await this.deps.library.save({
      userId,
      imageId: image.id,
      contentId,
      transcriptionId,
      contentType: request.content_type ?? image.contentType,
      templateId: request.template_id ?? image.templateId,
      title: meta.title ?? null,
      description: meta.description ?? null,
      style: meta.style ?? image.style,
      audience: meta.audience ?? image.audience,
      culturalContext: meta.cultural_context ?? image.culturalContext,
      generatedAt: request.generated_at ? new Date(request.generated_at) : image.createdAt,
    });
    await this.deps.imageRows.keep([image.id]);
    return toSaved(saved, image, await this.deps.images.link(image));
  }

  private async imageFor(
    userId: string,
    request: z.output<typeof zInfographicSaveRequest>,
  ): Promise<ImageRow> {
    const id = request.image_id ?? (request.infographic_url ? imageIdOf(request.infographic_url) : undefined);
    if (id) return this.deps.images.owned(userId, id);
    if (request.infographic_url)
      throw new HttpError(
        400,
        'infographic_image_foreign',
        'Only images made or uploaded here can be saved by link. Upload your own picture with direct upload, or send it as data_url.',
      );
    if (!request.data_url) throw new HttpError(400, 'infographic_image_missing', NO_IMAGE_URL);
    const bytes = decodeDataUrl(request.data_url);
    if (!bytes) throw new HttpError(415, 'image_unsupported', UNSUPPORTED_IMAGE);
    return this.storeUpload(userId, await checkImage(bytes), {
      title: request.metadata.title ?? null,
      templateId: request.template_id ?? null,
      contentType: request.content_type,
      contentId: request.content_id ?? null,
      transcriptionId: request.transcription_id ?? null,
      style: request.metadata.style ?? undefined,
    });
  }

  /**
   * `POST /direct-upload`: the user's own picture, checked by its bytes, stored as a variation
   * of type `upload` (kept until deleted). `template_id` and `content_id` file it; `size` must
   * match the picture when given.
   */
  async upload(
    userId: string,
    file: Buffer,
    fields: {
      template_id?: string | undefined;
      size?: string | undefined;
      content_id?: string | undefined;
      title?: string | undefined;
    },
  ): Promise<InfographicVariation> {
    const content = fields.content_id ? await this.deps.content.owned(userId, fields.content_id) : undefined;
    const template = fields.template_id
      ? await this.deps.templates.get(userId, fields.template_id)
      : undefined;
    const checked = await checkImage(file);
    if (fields.size && fields.size !== sizeOf(checked.width, checked.height))
      throw new HttpError(
        400,
        'bad_request',
        `This image is ${sizeOf(checked.width, checked.height)}, not ${fields.size}. Choose an image of that size, or leave the size out.`,
        { width: checked.width, height: checked.height, size: fields.size },
      );
    const row = await this.storeUpload(userId, checked, {
      title: fields.title ?? null,
      templateId: template?.id ?? null,
      contentType: template?.content_type,
      contentId: content?.id ?? null,
      transcriptionId: content?.transcriptionId ?? null,
      style: template?.layout_style,
    });
    return toVariation(row, await this.deps.images.link(row));
  }

  private async storeUpload(
    userId: string,
    image: Awaited<ReturnType<typeof checkImage>>,
    meta: {
      title: string | null;
      templateId: string | null;
      contentType?: InfographicContentType | undefined;
      contentId: string | null;
      transcriptionId: string | null;
      style?: LayoutStyleKey | undefined;
    },
  ): Promise<ImageRow> {
    const style =
      meta.style ?? (meta.templateId ? parseBuiltInId(meta.templateId)?.style : undefined) ?? 'modern';
    const row = await this.deps.images.put(image.bytes, {
      userId,
      contentId: meta.contentId,
      transcriptionId: meta.transcriptionId,
      jobId: null,
      setId: randomUUID(),
      name: meta.title ?? 'Uploaded image',
      variationIndex: 0,
      variationType: 'upload',
      variationName: meta.title ?? 'Uploaded image',
      templateId: meta.templateId ?? 'upload',
      style,
      emphasis: 'key_points',
      bestFor: bestForOf(style),
      contentType: meta.contentType ?? 'enhanced',
      audience: 'general',
      culturalContext: 'international',
      language: 'und',
      width: image.width,
      height: image.height,
      mimeType: image.mime,
      data: null,
      plan: null,
      generationTimeMs: 0,
      keep: true,
    });
    if (!row) throw new Error('A new upload collided with a stored image');
    return row;
  }

  async listSaved(userId: string, query: z.output<typeof zSavedListQuery>): Promise<SavedList> {
    const { items, total } = await this.deps.library.listSaved(userId, {
      page: query.page,
      limit: query.limit,
      transcriptionId: query.transcription_id,
      contentId: query.content_id,
      contentType: query.content_type,
    });
    return {
      items: await Promise.all(
        items.map(async ({ saved, image }) => toSaved(saved, image, await this.deps.images.link(image))),
      ),
      total,
      page: query.page,
      limit: query.limit,
      pages: Math.ceil(total / query.limit),
    };
  }

  async getSaved(userId: string, id: string): Promise<SavedInfographic> {
    const found = await this.deps.library.findSavedOwned(userId, id);
    if (!found) throw imageNotFound();
    return toSaved(found.saved, found.image, await this.deps.images.link(found.image));
  }

  /**
   * Takes an image out of the gallery. An uploaded picture is deleted with it; a generated one
   * expires like any unsaved variation unless a collection holds it.
   */
  async unsave(userId: string, id: string): Promise<void> {
    const found = await this.deps.library.findSavedOwned(userId, id);
    if (!found) throw imageNotFound();
    await this.deps.library.deleteSaved(userId, id);
    if (found.image.variationType === 'upload' && !(await this.deps.library.imageKept(found.image.id)))
      await this.deleteImage(userId, found.image.id);
    else if (!(await this.deps.library.imageKept(found.image.id)))
      await this.deps.images.expireSoon(found.image.id);
  }

  /** Deletes one image, its file, and every save and collection entry of it. */
  async deleteImage(userId: string, id: string): Promise<void> {
    const keys = await this.deps.imageRows.deleteOwned(userId, id);
    if (!keys.length) throw imageNotFound();
    await this.deps.images.removeFiles(keys);
  }

  /**
   * What "download all my data" holds of infographics: saved images, collections and templates as
   * records (without links, which expire), and every kept image as a file.
   */
  async exportFor(userId: string): Promise<ExportedImages> {
    const images = await this.deps.imageRows.kept(userId);
    const fileOf = new Map(
      images.map((i) => [
        i.id,
        `${i.name} ${i.variationName} ${i.id.slice(0, 8)}.${extensionOf(i.mimeType)}`,
      ]),
    );
    const { items } = await this.deps.library.listSaved(userId, { page: 1, limit: 100_000 });
    const collections = await this.deps.library.listCollections(userId);
    const members = await this.deps.library.collectionImages(collections.map((c) => c.id));
    const strip = ({ infographic_url: _u, url_expires_at: _e, ...rest }: SavedInfographic) => rest;
    return {
      records: {
        saved: await Promise.all(
          items.map(async ({ saved, image }) => ({
            ...strip(toSaved(saved, image, { url: '', expiresAt: new Date(0) })),
            file: fileOf.get(image.id) ?? null,
          })),
        ),
        collections: collections.map((c) => ({
          id: c.id,
          collection_name: c.name,
          content_type: c.contentType,
          target_audience: c.targetAudience,
          cultural_context: c.culturalContext,
          cuisine_type: c.cuisineType,
          created_at: c.createdAt.toISOString(),
          files: (members.get(c.id) ?? []).map((i) => fileOf.get(i.id) ?? null),
        })),
        templates: await this.deps.templates.userTemplates(userId),
      },
      files: images.map((i) => ({ name: fileOf.get(i.id) as string, blobKey: i.blobKey })),
    };
  }

  /** `POST /collections/create`: a named set of favourites (spec §5: a name and a favourite). */
  async createCollection(
    userId: string,
    request: z.output<typeof zTemplateCollectionRequest>,
    cuisineType: CuisineType | undefined,
  ): Promise<TemplateCollection> {
    const name = request.collection_name.trim();
    if (!name || request.variations.length === 0)
      throw new HttpError(400, 'infographic_collection_invalid', COLLECTION_RULE);
    const ids = request.variations.map((v) => {
      const id = v.image_id ?? v.id ?? (v.infographic_url ? imageIdOf(v.infographic_url) : undefined);
      if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw imageNotFound();
      return id.toLowerCase();
    });
    const unique = [...new Set(ids)];
    const rows = await this.deps.imageRows.findManyOwned(userId, unique);
    if (rows.length !== unique.length) throw imageNotFound();
    if (request.content_id) await this.deps.content.owned(userId, request.content_id);
    const collection = await this.deps.library.insertCollection(
      {
        userId,
        name,
        contentType: request.content_type,
        targetAudience: request.target_audience,
        culturalContext: request.cultural_context,
        cuisineType: cuisineType ?? null,
        contentId: request.content_id ?? rows[0]?.contentId ?? null,
      },
      unique,
    );
    await this.deps.imageRows.keep(unique);
    return this.toCollection(
      collection,
      rows.sort((a, b) => unique.indexOf(a.id) - unique.indexOf(b.id)),
    );
  }

  async listCollections(userId: string, contentType?: InfographicContentType): Promise<TemplateCollection[]> {
    const rows = await this.deps.library.listCollections(userId, contentType);
    const images = await this.deps.library.collectionImages(rows.map((r) => r.id));
    return Promise.all(rows.map((row) => this.toCollection(row, images.get(row.id) ?? [])));
  }

  async getCollection(userId: string, id: string): Promise<TemplateCollection> {
    const row = await this.deps.library.findCollectionOwned(userId, id);
    if (!row) throw collectionNotFound();
    const images = await this.deps.library.collectionImages([row.id]);
    return this.toCollection(row, images.get(row.id) ?? []);
  }

  async deleteCollection(userId: string, id: string): Promise<void> {
    const row = await this.deps.library.findCollectionOwned(userId, id);
    if (!row) throw collectionNotFound();
    const images = (await this.deps.library.collectionImages([row.id])).get(row.id) ?? [];
    await this.deps.library.deleteCollection(userId, id);
    for (const image of images)
      if (!(await this.deps.library.imageKept(image.id))) await this.deps.images.expireSoon(image.id);
  }

  private async toCollection(row: CollectionRow, images: ImageRow[]): Promise<TemplateCollection> {
    return {
      id: row.id,
      collection_name: row.name,
      content_type: row.contentType as InfographicContentType,
      target_audience: row.targetAudience as TemplateCollection['target_audience'],
      cultural_context: row.culturalContext as TemplateCollection['cultural_context'],
      cuisine_type: (row.cuisineType as CuisineType | null) ?? null,
      content_id: row.contentId,
      variations: await Promise.all(images.map(async (i) => toVariation(i, await this.deps.images.link(i)))),
      created_at: row.createdAt.toISOString(),
    };
  }
}
