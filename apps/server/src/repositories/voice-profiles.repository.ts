import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { voiceProfiles } from '../db/schema.ts';

export type VoiceProfileRow = typeof voiceProfiles.$inferSelect;

/** SQL for `voice_profiles`: a user's remembered voices, each read only through its owner. */
export class VoiceProfilesRepository {
  constructor(private readonly db: Db) {}

  /** The user's profiles by name. */
  list(userId: string): Promise<VoiceProfileRow[]> {
    return this.db
      .select()
      .from(voiceProfiles)
      .where(eq(voiceProfiles.userId, userId))
      .orderBy(asc(sql`lower(${voiceProfiles.name})`), asc(voiceProfiles.createdAt));
  }

  /** One of the user's profiles; another user's is not found. */
  async findOwned(userId: string, id: string): Promise<VoiceProfileRow | null> {
    const [row] = await this.db
      .select()
      .from(voiceProfiles)
      .where(and(eq(voiceProfiles.id, id), eq(voiceProfiles.userId, userId)));
    return row ?? null;
  }

  /** The user's profile of this name, case aside, leaving out `except`. */
  async findByName(userId: string, name: string, except?: string): Promise<VoiceProfileRow | null> {
    const [row] = await this.db
      .select()
      .from(voiceProfiles)
      .where(
        and(
          eq(voiceProfiles.userId, userId),
          sql`lower(${voiceProfiles.name}) = lower(${name})`,
          except ? ne(voiceProfiles.id, except) : undefined,
        ),
      );
    return row ?? null;
  }

  async insert(userId: string, name: string, vector: number[]): Promise<VoiceProfileRow> {
    const [row] = await this.db.insert(voiceProfiles).values({ userId, name, vector }).returning();
    if (!row) throw new Error('the voice profile was not saved');
    return row;
  }

  async update(
    userId: string,
    id: string,
    values: Partial<Pick<VoiceProfileRow, 'name' | 'vector' | 'recordings'>>,
  ): Promise<VoiceProfileRow | null> {
    const [row] = await this.db
      .update(voiceProfiles)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(voiceProfiles.id, id), eq(voiceProfiles.userId, userId)))
      .returning();
    return row ?? null;
  }

  /** Deletes one of the user's profiles; false when it is not theirs or not there. */
  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(voiceProfiles)
      .where(and(eq(voiceProfiles.id, id), eq(voiceProfiles.userId, userId)))
      .returning({ id: voiceProfiles.id });
    return rows.length > 0;
  }
}
