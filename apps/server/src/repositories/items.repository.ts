import { searchWords } from '@voxpress/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';
import { audio, transcriptions } from '../db/schema.ts';
import type { AudioRow, AudioStatus } from './audio.repository.ts';
import type { TranscriptionRow } from './transcriptions.repository.ts';

export type ItemRef = { kind: 'audio'; row: AudioRow } | { kind: 'document'; row: TranscriptionRow };

export interface ItemListOptions {
  page: number;
  limit: number;
  status?: AudioStatus | undefined;
  kind?: 'audio' | 'document' | undefined;
  q?: string | undefined;
}

const likeEscaped = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `text` holds every word of `q`, in any case (substring matching, so any language works). */
function holdsAll(text: SQL, q: string): SQL {
  const patterns = sql.join(
    searchWords(q).map((w) => sql`${likeEscaped(w)}`),
    sql`, `,
  );
  return sql`${text} ilike all (array[${patterns}]::text[])`;
}

/**
 * SQL for the library's items: audio (recordings and uploads) and written documents, one list
 * newest first. Every read names the owner.
 */
export class ItemsRepository {
  constructor(private readonly db: Db) {}

  /** The owner's audio item or document with this id. */
  async findOwned(userId: string, id: string): Promise<ItemRef | undefined> {
    const [a] = await this.db
      .select()
      .from(audio)
      .where(and(eq(audio.id, id), eq(audio.userId, userId)));
    if (a) return { kind: 'audio', row: a };
    const [d] = await this.db
      .select()
      .from(transcriptions)
      .where(
        and(
          eq(transcriptions.id, id),
          eq(transcriptions.userId, userId),
          eq(transcriptions.source, 'document'),
        ),
      );
    return d ? { kind: 'document', row: d } : undefined;
  }

  async list(userId: string, options: ItemListOptions): Promise<{ items: ItemRef[]; total: number }> {
    const parts: SQL[] = [];
    // A document is always ready: it shows under "all" and "completed" only.
    const documents = options.kind !== 'audio' && (!options.status || options.status === 'completed');
    if (options.kind !== 'document') {
      const text = sql`concat_ws(' ', a.title, a.description,
        (select coalesce(t.edited_text, t.original_text) from transcriptions t where t.id = a.transcription_id))`;
      parts.push(sql`select a.id, 'audio' as kind, a.created_at from audio a
        where a.user_id = ${userId}
          and ${options.status ? sql`a.status = ${options.status}` : sql`a.status <> 'pending_upload'`}
          ${options.q ? sql`and ${holdsAll(text, options.q)}` : sql``}`);
    }
    if (documents) {
      const text = sql`concat_ws(' ', d.title, d.description, coalesce(d.edited_text, d.original_text))`;
      parts.push(sql`select d.id, 'document' as kind, d.created_at from transcriptions d
        where d.user_id = ${userId} and d.source = 'document'
          ${options.q ? sql`and ${holdsAll(text, options.q)}` : sql``}`);
    }
    if (parts.length === 0) return { items: [], total: 0 };
    const union = sql.join(parts, sql` union all `);
    const page = await queryRows<{ id: string; kind: 'audio' | 'document'; total: string | number }>(
      this.db,
      sql`select id, kind, count(*) over () as total from (${union}) items
        order by created_at desc, id desc
        limit ${options.limit} offset ${(options.page - 1) * options.limit}`,
    );
    const total = page[0] ? Number(page[0].total) : options.page > 1 ? await this.count(union) : 0;
    const ids = (kind: 'audio' | 'document') => page.filter((r) => r.kind === kind).map((r) => r.id);
    const audioIds = ids('audio');
    const documentIds = ids('document');
    const audioRows = audioIds.length
      ? await this.db.select().from(audio).where(inArray(audio.id, audioIds))
      : [];
    const documentRows = documentIds.length
      ? await this.db.select().from(transcriptions).where(inArray(transcriptions.id, documentIds))
      : [];
    const byId = new Map<string, ItemRef>([
      ...audioRows.map((row): [string, ItemRef] => [row.id, { kind: 'audio', row }]),
      ...documentRows.map((row): [string, ItemRef] => [row.id, { kind: 'document', row }]),
    ]);
    return { items: page.flatMap((r) => byId.get(r.id) ?? []), total };
  }

  private async count(union: SQL): Promise<number> {
    const [row] = await queryRows<{ n: string | number }>(
      this.db,
      sql`select count(*) as n from (${union}) items`,
    );
    return Number(row?.n ?? 0);
  }
}
