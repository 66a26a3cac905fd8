import { and, asc, eq, inArray, isNotNull, isNull, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  infographicCollectionItems,
  infographicImages,
  infographicSaved,
} from '../../db/infographics.schema.ts';
import { content } from '../../db/schema.ts';

export type ImageRow = typeof infographicImages.$inferSelect;
export type ImageInsert = typeof infographicImages.$inferInsert;

/** SQL for infographic images. Reads for users name the owner, so ids never leak across users. */
export class ImagesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores a variation; when its set already has one at this index and size (a job that ran again
   * after a crash), keeps that one and returns undefined.
   */
  async insert(values: ImageInsert): Promise<ImageRow | undefined> {
    const [row] = await this.db.insert(infographicImages).values(values).onConflictDoNothing().returning();
    return row;
  }

  async findOwned(userId: string, id: string): Promise<ImageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(infographicImages)
      .where(and(eq(infographicImages.id, id), eq(infographicImages.userId, userId)));
    return row;
  }

  async findManyOwned(userId: string, ids: string[]): Promise<ImageRow[]> {
    if (!ids.length) return [];
    return this.db
      .select()
      .from(infographicImages)
      .where(and(eq(infographicImages.userId, userId), inArray(infographicImages.id, ids)));
  }

  /** The images a user keeps (saved, collected, uploaded, or every one when nothing expires). */
  async kept(userId: string): Promise<ImageRow[]> {
    return this.db
      .select()
      .from(infographicImages)
      .where(and(eq(infographicImages.userId, userId), isNull(infographicImages.expiresAt)))
      .orderBy(asc(infographicImages.createdAt));
  }

  /** A set's variations in order (sizes of one variation together). */
  async forSet(setId: string): Promise<ImageRow[]> {
    return this.db
      .select()
      .from(infographicImages)
      .where(eq(infographicImages.setId, setId))
      .orderBy(asc(infographicImages.variationIndex), asc(infographicImages.createdAt));
  }

  /** Keeps an image for good (saved, or put in a collection). */
  async keep(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.db
      .update(infographicImages)
      .set({ expiresAt: null })
      .where(and(inArray(infographicImages.id, ids), isNotNull(infographicImages.expiresAt)));
  }

  async setExpiry(id: string, expiresAt: Date | null): Promise<void> {
    await this.db.update(infographicImages).set({ expiresAt }).where(eq(infographicImages.id, id));
  }

  /**
   * Deletes the rows of images matching `where` and returns their blob keys, for the caller to
   * delete the files (rows first: a row never points at a missing file; a file left by a crash in
   * between is swept as an orphan).
   */
  async deleteWhere(where: SQL): Promise<string[]> {
    const rows = await this.db
      .delete(infographicImages)
      .where(where)
      .returning({ blobKey: infographicImages.blobKey });
    return rows.map((r) => r.blobKey);
  }

  deleteOwned(userId: string, id: string): Promise<string[]> {
    return this.deleteWhere(and(eq(infographicImages.id, id), eq(infographicImages.userId, userId)) as SQL);
  }

  /** Images of pieces of content (for content being deleted). */
  deleteForContent(contentIds: string[]): Promise<string[]> {
    if (!contentIds.length) return Promise.resolve([]);
    return this.deleteWhere(inArray(infographicImages.contentId, contentIds));
  }

  /** Images drawn from one source transcript, directly or through its content. */
  deleteForTranscriptions(transcriptionIds: string[]): Promise<string[]> {
    if (!transcriptionIds.length) return Promise.resolve([]);
    return this.deleteWhere(
      or(
        inArray(infographicImages.transcriptionId, transcriptionIds),
        inArray(
          infographicImages.contentId,
          this.db
            .select({ id: content.id })
            .from(content)
            .where(inArray(content.transcriptionId, transcriptionIds)),
        ),
      ) as SQL,
    );
  }

  deleteForUser(userId: string): Promise<string[]> {
    return this.deleteWhere(eq(infographicImages.userId, userId));
  }

  /** Unsaved images past their time that no collection holds. */
  deleteExpired(now: Date): Promise<string[]> {
    return this.deleteWhere(
      and(
        lt(infographicImages.expiresAt, now),
        notExists(
          this.db
            .select({ one: sql`1` })
            .from(infographicSaved)
            .where(eq(infographicSaved.imageId, infographicImages.id)),
        ),
        notExists(
          this.db
            .select({ one: sql`1` })
            .from(infographicCollectionItems)
            .where(eq(infographicCollectionItems.imageId, infographicImages.id)),
        ),
      ) as SQL,
    );
  }

  /** Which of these blob keys an image row still points at. */
  async knownKeys(keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.db
      .select({ key: infographicImages.blobKey })
      .from(infographicImages)
      .where(inArray(infographicImages.blobKey, keys));
    return new Set(rows.map((r) => r.key));
  }
}
