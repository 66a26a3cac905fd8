import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { audio, transcriptions } from '../db/schema.ts';

export type TranscriptionRow = typeof transcriptions.$inferSelect;

/** SQL for the `transcriptions` table. */
export class TranscriptionsRepository {
  constructor(private readonly db: Db) {}

  async create(values: typeof transcriptions.$inferInsert): Promise<TranscriptionRow> {
    const [row] = await this.db.insert(transcriptions).values(values).returning();
    if (!row) throw new Error('Insert returned no row');
    return row;
  }

  /**
   * The item's title as its owner named it: a document's title, or the recording's unless it is
   * still the stand-in given before anything was heard. Null when there is none.
   */
  async itemTitle(row: TranscriptionRow): Promise<string | null> {
    if (row.title?.trim()) return row.title.trim();
    if (!row.audioId) return null;
    const [found] = await this.db
      .select({ title: audio.title, provisional: audio.titleProvisional })
      .from(audio)
      .where(eq(audio.id, row.audioId));
    return found && !found.provisional && found.title.trim() ? found.title.trim() : null;
  }

  async findOwned(userId: string, id: string): Promise<TranscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(transcriptions)
      .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, userId)));
    return row;
  }

  /**
   * Writes an edit only if the row is still at `version`, and moves it one version on; undefined
   * when someone else saved first.
   */
  async updateAtVersion(
    id: string,
    version: number,
    values: Partial<typeof transcriptions.$inferInsert>,
  ): Promise<TranscriptionRow | undefined> {
    const [row] = await this.db
      .update(transcriptions)
      .set({ ...values, version: version + 1, updatedAt: new Date() })
      .where(and(eq(transcriptions.id, id), eq(transcriptions.version, version)))
      .returning();
    return row;
  }

  /** For workers, which act for the owner recorded on the job. */
  async findById(id: string): Promise<TranscriptionRow | undefined> {
    const [row] = await this.db.select().from(transcriptions).where(eq(transcriptions.id, id));
    return row;
  }

  async update(
    id: string,
    values: Partial<typeof transcriptions.$inferInsert>,
  ): Promise<TranscriptionRow | undefined> {
    const [row] = await this.db
      .update(transcriptions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(transcriptions.id, id))
      .returning();
    return row;
  }

  /** Removes a transcript or document; content written from it goes with it (cascade). */
  async delete(id: string): Promise<void> {
    await this.db.delete(transcriptions).where(eq(transcriptions.id, id));
  }
}
