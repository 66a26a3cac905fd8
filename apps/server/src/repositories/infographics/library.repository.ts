import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  infographicCollectionItems,
  infographicCollections,
  infographicImages,
  infographicSaved,
  infographicTemplates,
} from '../../db/infographics.schema.ts';
import type { ImageRow } from './images.repository.ts';

export type SavedRow = typeof infographicSaved.$inferSelect;
export type TemplateRow = typeof infographicTemplates.$inferSelect;
export type CollectionRow = typeof infographicCollections.$inferSelect;

/** What users keep: saved images, collections of favourites, their own templates. */
export class InfographicLibraryRepository {
  constructor(private readonly db: Db) {}

  /** Saves an image; saving the same image again returns the first save. */
  async save(values: typeof infographicSaved.$inferInsert): Promise<SavedRow> {
    const [row] = await this.db.insert(infographicSaved).values(values).onConflictDoNothing().returning();
    if (row) return row;
    const [existing] = await this.db
      .select()
      .from(infographicSaved)
      .where(eq(infographicSaved.imageId, values.imageId));
    if (!existing) throw new Error('Saved row vanished');
    return existing;
  }

  async listSaved(
    userId: string,
    options: {
      page: number;
      limit: number;
      transcriptionId?: string | undefined;
      contentId?: string | undefined;
      contentType?: string | undefined;
    },
  ): Promise<{ items: { saved: SavedRow; image: ImageRow }[]; total: number }> {
    const where = and(
      eq(infographicSaved.userId, userId),
      options.transcriptionId ? eq(infographicSaved.transcriptionId, options.transcriptionId) : undefined,
      options.contentId ? eq(infographicSaved.contentId, options.contentId) : undefined,
      options.contentType ? eq(infographicSaved.contentType, options.contentType) : undefined,
    );
    const items = await this.db
      .select({ saved: infographicSaved, image: infographicImages })
      .from(infographicSaved)
      .innerJoin(infographicImages, eq(infographicImages.id, infographicSaved.imageId))
      .where(where)
      .orderBy(desc(infographicSaved.createdAt), desc(infographicSaved.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit);
    const [total] = await this.db.select({ n: count() }).from(infographicSaved).where(where);
    return { items, total: total?.n ?? 0 };
  }

  async findSavedOwned(
    userId: string,
    id: string,
  ): Promise<{ saved: SavedRow; image: ImageRow } | undefined> {
    const [row] = await this.db
      .select({ saved: infographicSaved, image: infographicImages })
      .from(infographicSaved)
      .innerJoin(infographicImages, eq(infographicImages.id, infographicSaved.imageId))
      .where(and(eq(infographicSaved.id, id), eq(infographicSaved.userId, userId)));
    return row;
  }

  async deleteSaved(userId: string, id: string): Promise<SavedRow | undefined> {
    const [row] = await this.db
      .delete(infographicSaved)
      .where(and(eq(infographicSaved.id, id), eq(infographicSaved.userId, userId)))
      .returning();
    return row;
  }

  /**
   * The image the user saved most recently from a piece of content (saved against it, or drawn
   * from it), one in `language` before any other.
   */
  async newestSavedFor(userId: string, contentId: string, language: string): Promise<ImageRow | undefined> {
    const [row] = await this.db
      .select({ image: infographicImages })
      .from(infographicSaved)
      .innerJoin(infographicImages, eq(infographicImages.id, infographicSaved.imageId))
      .where(
        and(
          eq(infographicSaved.userId, userId),
          or(eq(infographicSaved.contentId, contentId), eq(infographicImages.contentId, contentId)),
        ),
      )
      .orderBy(
        sql`case when ${infographicImages.language} = ${language} then 0 else 1 end`,
        desc(infographicSaved.createdAt),
        desc(infographicSaved.id),
      )
      .limit(1);
    return row?.image;
  }

  /** Whether a collection or a save still holds the image. */
  async imageKept(imageId: string): Promise<boolean> {
    const [saved] = await this.db
      .select({ id: infographicSaved.id })
      .from(infographicSaved)
      .where(eq(infographicSaved.imageId, imageId));
    if (saved) return true;
    const [item] = await this.db
      .select({ id: infographicCollectionItems.collectionId })
      .from(infographicCollectionItems)
      .where(eq(infographicCollectionItems.imageId, imageId))
      .limit(1);
    return Boolean(item);
  }

  async insertTemplate(values: typeof infographicTemplates.$inferInsert): Promise<TemplateRow | undefined> {
    const [row] = await this.db.insert(infographicTemplates).values(values).onConflictDoNothing().returning();
    return row;
  }

  async findTemplateOwned(userId: string, id: string): Promise<TemplateRow | undefined> {
    const [row] = await this.db
      .select()
      .from(infographicTemplates)
      .where(and(eq(infographicTemplates.id, id), eq(infographicTemplates.userId, userId)));
    return row;
  }

  async listTemplates(userId: string, contentType?: string): Promise<TemplateRow[]> {
    return this.db
      .select()
      .from(infographicTemplates)
      .where(
        and(
          eq(infographicTemplates.userId, userId),
          contentType ? eq(infographicTemplates.contentType, contentType) : undefined,
        ),
      )
      .orderBy(desc(infographicTemplates.createdAt), desc(infographicTemplates.id));
  }

  async deleteTemplate(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(infographicTemplates)
      .where(and(eq(infographicTemplates.id, id), eq(infographicTemplates.userId, userId)))
      .returning({ id: infographicTemplates.id });
    return rows.length > 0;
  }

  /** A collection and its images in order, in one transaction. */
  async insertCollection(
    values: typeof infographicCollections.$inferInsert,
    imageIds: string[],
  ): Promise<CollectionRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(infographicCollections).values(values).returning();
      if (!row) throw new Error('Insert returned no row');
      if (imageIds.length)
        await tx
          .insert(infographicCollectionItems)
          .values(imageIds.map((imageId, position) => ({ collectionId: row.id, position, imageId })));
      return row;
    });
  }

  async findCollectionOwned(userId: string, id: string): Promise<CollectionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(infographicCollections)
      .where(and(eq(infographicCollections.id, id), eq(infographicCollections.userId, userId)));
    return row;
  }

  async listCollections(userId: string, contentType?: string): Promise<CollectionRow[]> {
    return this.db
      .select()
      .from(infographicCollections)
      .where(
        and(
          eq(infographicCollections.userId, userId),
          contentType ? eq(infographicCollections.contentType, contentType) : undefined,
        ),
      )
      .orderBy(desc(infographicCollections.createdAt), desc(infographicCollections.id));
  }

  /** The images of these collections, in each one's order. */
  async collectionImages(collectionIds: string[]): Promise<Map<string, ImageRow[]>> {
    const out = new Map<string, ImageRow[]>(collectionIds.map((id) => [id, []]));
    if (!collectionIds.length) return out;
    const rows = await this.db
      .select({ collectionId: infographicCollectionItems.collectionId, image: infographicImages })
      .from(infographicCollectionItems)
      .innerJoin(infographicImages, eq(infographicImages.id, infographicCollectionItems.imageId))
      .where(inArray(infographicCollectionItems.collectionId, collectionIds))
      .orderBy(asc(infographicCollectionItems.position));
    for (const row of rows) out.get(row.collectionId)?.push(row.image);
    return out;
  }

  async deleteCollection(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(infographicCollections)
      .where(and(eq(infographicCollections.id, id), eq(infographicCollections.userId, userId)))
      .returning({ id: infographicCollections.id });
    return rows.length > 0;
  }
}
