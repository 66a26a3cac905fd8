import { searchWords } from '@voxpress/contracts';
import { and, count, desc, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
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
    options: { page: number; limit: number; status?: AudioStatus | undefined; q?: string | undefined },
  ): Promise<{ items: AudioRow[]; total: number }> {
    // Uploads that never arrived are only listed when asked for by status.
    const where = and(
      eq(audio.userId, userId),
      options.status ? eq(audio.status, options.status) : ne(audio.status, 'pending_upload'),
      options.q ? this.matching(options.q) : undefined,
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

  /**
   * Audio whose title, description or current transcript (the edit where there is one) holds every
   * word of `q`, in any case. Substring matching, so it works for any language and partial words.
   */
  private matching(q: string): SQL {
    const words = searchWords(q);
    const text = sql`concat_ws(' ', ${audio.title}, ${audio.description},
      (select coalesce(${transcriptions.editedText}, ${transcriptions.originalText})
       from ${transcriptions} where ${transcriptions.id} = ${audio.transcriptionId}))`;
    const likeEscaped = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // One pass over the text for all the words.
    const patterns = sql.join(
      words.map((w) => sql`${likeEscaped(w)}`),
      sql`, `,
    );
    return sql`${text} ilike all (array[${patterns}]::text[])`;
  }

  /** The text later steps use (the edit where there is one) of the given transcripts, by id. */
  async transcriptTexts(transcriptionIds: string[]): Promise<Map<string, string>> {
    if (transcriptionIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: transcriptions.id,
        text: sql<string>`coalesce(${transcriptions.editedText}, ${transcriptions.originalText})`,
      })
      .from(transcriptions)
      .where(inArray(transcriptions.id, transcriptionIds));
    return new Map(rows.map((r) => [r.id, r.text]));
  }

  /**
   * Totals over the user's uploaded audio (pending uploads do not count), with what its
   * transcripts say about the engines: confidence, speed and turnaround.
   */
  async stats(userId: string, monthStart: Date) {
    const own = and(eq(audio.userId, userId), ne(audio.status, 'pending_upload'));
    const recent = sql`${audio.createdAt} >= ${monthStart.toISOString()}`;
    const [row] = await this.db
      .select({
        total: count(),
        duration: sql<number>`coalesce(sum(${audio.durationS}), 0)::float8`,
        bytes: sql<number>`coalesce(sum(${audio.sizeBytes}), 0)::float8`,
        transcribed: sql<number>`count(*) filter (where ${audio.transcriptionStatus} = 'completed')::int`,
        processing: sql<number>`count(*) filter (where ${audio.transcriptionStatus} in ('queued', 'processing'))::int`,
        failed: sql<number>`count(*) filter (where ${audio.status} = 'failed')::int`,
        monthTotal: sql<number>`count(*) filter (where ${recent})::int`,
        monthDuration: sql<number>`coalesce(sum(${audio.durationS}) filter (where ${recent}), 0)::float8`,
        monthTranscribed: sql<number>`count(*) filter (where ${recent} and ${audio.transcriptionStatus} = 'completed')::int`,
      })
      .from(audio)
      .where(own);
    // Confidence is weighted by length, so a long recording counts for more than a short one.
    const weight = sql`greatest(coalesce(${audio.durationS}, 0), 1)`;
    // Confidence and turnaround are about each item's current transcript; speed counts every run.
    const current = sql`${transcriptions.id} = ${audio.transcriptionId}`;
    const rated = sql`${current} and ${transcriptions.confidence} is not null`;
    const engineMs = sql`(select coalesce(sum((a->>'duration_ms')::float8), 0) from jsonb_array_elements(${transcriptions.attempts}) a)`;
    const [heard] = await this.db
      .select({
        confidence: sql<number | null>`(sum(${transcriptions.confidence} * ${weight}) filter (where ${rated})
          / nullif(sum(${weight}) filter (where ${rated}), 0))::float8`,
        speed: sql<number | null>`(sum(${audio.durationS}) / nullif(sum(${engineMs}) / 1000, 0))::float8`,
        turnaround: sql<
          number | null
        >`(avg(extract(epoch from ${transcriptions.createdAt} - ${audio.createdAt})) filter (where ${current}))::float8`,
      })
      .from(transcriptions)
      .innerJoin(audio, eq(audio.id, transcriptions.audioId))
      .where(eq(transcriptions.userId, userId));
    const engines = await this.db
      .select({ provider: transcriptions.provider, transcripts: sql<number>`count(*)::int` })
      .from(transcriptions)
      .where(eq(transcriptions.userId, userId))
      .groupBy(transcriptions.provider)
      .orderBy(sql`count(*) desc`, transcriptions.provider);
    return {
      total: row?.total ?? 0,
      duration: row?.duration ?? 0,
      bytes: row?.bytes ?? 0,
      transcribed: row?.transcribed ?? 0,
      processing: row?.processing ?? 0,
      failed: row?.failed ?? 0,
      month: {
        total: row?.monthTotal ?? 0,
        duration: row?.monthDuration ?? 0,
        transcribed: row?.monthTranscribed ?? 0,
      },
      confidence: heard?.confidence ?? null,
      speed: heard?.speed ?? null,
      turnaround: heard?.turnaround ?? null,
      engines,
    };
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

  /** Replaces a provisional title; a title the user gave in the meantime stays. */
  async replaceProvisionalTitle(id: string, title: string): Promise<void> {
    await this.db
      .update(audio)
      .set({ title, titleProvisional: false, updatedAt: new Date() })
      .where(and(eq(audio.id, id), eq(audio.titleProvisional, true)));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(audio).where(eq(audio.id, id));
  }
}
