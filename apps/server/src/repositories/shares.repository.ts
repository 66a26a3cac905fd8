import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { infographicImages, infographicSaved } from '../db/infographics.schema.ts';
import { audio, content, shares, transcriptions } from '../db/schema.ts';

export type ShareRow = typeof shares.$inferSelect;
/** A link with its item's title (the audio's, or the document's). */
export type ShareWithTitle = ShareRow & { itemTitle: string };

const inForce = (now: Date) =>
  and(isNull(shares.revokedAt), or(isNull(shares.expiresAt), gt(shares.expiresAt, now)));

/** SQL for share links and for the few things a share page reads of its item. */
export class SharesRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof shares.$inferInsert): Promise<ShareRow> {
    const [row] = await this.db.insert(shares).values(values).returning();
    if (!row) throw new Error('share insert returned no row');
    return row;
  }

  async findByHash(tokenHash: string): Promise<ShareRow | undefined> {
    const [row] = await this.db.select().from(shares).where(eq(shares.tokenHash, tokenHash));
    return row;
  }

  /** The user's links in force, newest first; with `itemId`, that item's only. */
  listActive(userId: string, now: Date, itemId?: string): Promise<ShareWithTitle[]> {
    return this.db
      .select({
        share: shares,
        itemTitle: sql<string>`coalesce(${audio.title}, ${transcriptions.title}, 'Document')`,
      })
      .from(shares)
      .leftJoin(audio, eq(audio.id, shares.audioId))
      .leftJoin(transcriptions, eq(transcriptions.id, shares.documentId))
      .where(
        and(
          eq(shares.userId, userId),
          inForce(now),
          itemId ? or(eq(shares.audioId, itemId), eq(shares.documentId, itemId)) : undefined,
        ),
      )
      .orderBy(desc(shares.createdAt))
      .then((rows) => rows.map((r) => ({ ...r.share, itemTitle: r.itemTitle })));
  }

  /**
   * The newest of the user's links in force to the item `transcriptionId` belongs to: the
   * document itself, or the recording it transcribes.
   */
  async newestActiveFor(userId: string, transcriptionId: string, now: Date): Promise<ShareRow | undefined> {
    const [row] = await this.db
      .select({ share: shares })
      .from(shares)
      .leftJoin(audio, eq(audio.id, shares.audioId))
      .where(
        and(
          eq(shares.userId, userId),
          inForce(now),
          or(eq(shares.documentId, transcriptionId), eq(audio.transcriptionId, transcriptionId)),
        ),
      )
      .orderBy(desc(shares.createdAt))
      .limit(1);
    return row?.share;
  }

  async countActive(userId: string, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shares)
      .where(and(eq(shares.userId, userId), inForce(now)));
    return row?.n ?? 0;
  }

  /** Revokes one of the user's links not yet revoked, by its id or its token's hash. */
  async revoke(userId: string, by: { id: string } | { tokenHash: string }, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(shares)
      .set({ revokedAt: now })
      .where(
        and(
          'id' in by ? eq(shares.id, by.id) : eq(shares.tokenHash, by.tokenHash),
          eq(shares.userId, userId),
          isNull(shares.revokedAt),
        ),
      )
      .returning({ id: shares.id });
    return rows.length === 1;
  }

  /** The pieces written from `transcriptionId` among `ids`, the owner's only. */
  contentOf(userId: string, transcriptionId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(content)
      .where(
        and(
          eq(content.userId, userId),
          eq(content.transcriptionId, transcriptionId),
          inArray(content.id, [...ids]),
        ),
      );
  }

  /** The images among `ids` made from `transcriptionId` or from a piece written from it, the owner's only. */
  imagesOf(userId: string, transcriptionId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        id: infographicImages.id,
        /** The title the owner saved it under, else its template's name. */
        title: sql<string>`coalesce(${infographicSaved.title}, ${infographicImages.name})`,
        width: infographicImages.width,
        height: infographicImages.height,
        mimeType: infographicImages.mimeType,
        blobKey: infographicImages.blobKey,
        createdAt: infographicImages.createdAt,
      })
      .from(infographicImages)
      .leftJoin(content, eq(content.id, infographicImages.contentId))
      .leftJoin(infographicSaved, eq(infographicSaved.imageId, infographicImages.id))
      .where(
        and(
          eq(infographicImages.userId, userId),
          inArray(infographicImages.id, [...ids]),
          or(
            eq(infographicImages.transcriptionId, transcriptionId),
            eq(content.transcriptionId, transcriptionId),
          ),
        ),
      )
      .orderBy(infographicImages.createdAt);
  }
}
