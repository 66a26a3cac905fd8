import { and, count, desc, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { audio, transcriptions } from '../db/schema.ts';

export type AudioRow = typeof audio.$inferSelect;
export type AudioStatus = AudioRow['status'];

/** SQL for the `audio` table. Every read and write names the owner, so ids never leak across users. */
export class AudioRepository {
  constructor(private readonly db: Db) {}

  async create(values: typeof audio.$inferInsert): Promise<AudioRow> {
    const [row] = await this.db.insert(audio).values(values).returning();
    if (!row) throw new Error('Insert returned no row');
    return row;
  }

  async findOwned(userId: string, id: string): Promise<AudioRow | undefined> {
    const [row] = await this.db
      .select()
      .from(audio)
      .where(and(eq(audio.id, id), eq(audio.userId, userId)));
    return row;
  }

  /** For workers, which act on behalf of the owner recorded on the job. */
  async findById(id: string): Promise<AudioRow | undefined> {
    const [row] = await this.db.select().from(audio).where(eq(audio.id, id));
    return row;
  }

  async list(
    userId: string,
    options: { page: number; limit: number; status?: AudioStatus | undefined },
  ): Promise<{ items: AudioRow[]; total: number }> {
    // Uploads that never arrived are only listed when asked for by status.
    const where = and(
      eq(audio.userId, userId),
      options.status ? eq(audio.status, options.status) : ne(audio.status, 'pending_upload'),
    );
    const items = await this.db
      .select()
      .from(audio)
      .where(where)
      .orderBy(desc(audio.createdAt), desc(audio.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit);
    const [total] = await this.db.select({ n: count() }).from(audio).where(where);
    return { items, total: total?.n ?? 0 };
  }

  /** Totals over the user's uploaded audio (pending uploads do not count). */
  async stats(userId: string) {
    const [row] = await this.db
      .select({
        total: count(),
        duration: sql<number>`coalesce(sum(${audio.durationS}), 0)::float8`,
        bytes: sql<number>`coalesce(sum(${audio.sizeBytes}), 0)::float8`,
        transcribed: sql<number>`count(*) filter (where ${audio.transcriptionStatus} = 'completed')::int`,
        processing: sql<number>`count(*) filter (where ${audio.transcriptionStatus} in ('queued', 'processing'))::int`,
        failed: sql<number>`count(*) filter (where ${audio.status} = 'failed')::int`,
      })
      .from(audio)
      .where(and(eq(audio.userId, userId), ne(audio.status, 'pending_upload')));
    // Weighted by length, so a long recording counts for more than a short one.
    const weight = sql`greatest(coalesce(${audio.durationS}, 0), 1)`;
    const [heard] = await this.db
      .select({
        confidence: sql<
          number | null
        >`(sum(${transcriptions.confidence} * ${weight}) / nullif(sum(${weight}), 0))::float8`,
      })
      .from(transcriptions)
      .innerJoin(audio, eq(audio.id, transcriptions.audioId))
      .where(and(eq(transcriptions.userId, userId), isNotNull(transcriptions.confidence)));
    const totals = row ?? { total: 0, duration: 0, bytes: 0, transcribed: 0, processing: 0, failed: 0 };
    return { ...totals, confidence: heard?.confidence ?? null };
  }

  /** Bytes the user's audio takes, counting uploads in progress at their announced size. */
  async bytesInUse(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ bytes: sql<number>`coalesce(sum(${audio.sizeBytes}), 0)::float8` })
      .from(audio)
      .where(eq(audio.userId, userId));
    return row?.bytes ?? 0;
  }

  /** Started uploads whose link expired before the bytes arrived. */
  async findAbandonedUploads(before: Date): Promise<AudioRow[]> {
    return this.db
      .select()
      .from(audio)
      .where(and(eq(audio.status, 'pending_upload'), lt(audio.uploadExpiresAt, before)));
  }

  async update(id: string, values: Partial<typeof audio.$inferInsert>): Promise<AudioRow | undefined> {
    const [row] = await this.db
      .update(audio)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(audio.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(audio).where(eq(audio.id, id));
  }
}
