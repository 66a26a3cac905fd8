import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { brandKits } from '../db/infographics.schema.ts';
import { audio, content, shares, transcriptions, voiceProfiles } from '../db/schema.ts';

/** What the export needs to name a transcript's files before it reads the transcript itself. */
export interface TranscriptListing {
  id: string;
  audioId: string | null;
  title: string | null;
  /** Whether it has timed segments (and so an .srt file). */
  timed: boolean;
}

/**
 * Every record an account holds, oldest first, for the download of all its data. Transcripts are
 * listed first and read one at a time: each can hold a million characters and twenty earlier
 * versions, too much to hold all of them at once.
 */
export class AccountDataRepository {
  constructor(private readonly db: Db) {}

  audio(userId: string) {
    return this.db.select().from(audio).where(eq(audio.userId, userId)).orderBy(asc(audio.createdAt));
  }

  transcriptList(userId: string): Promise<TranscriptListing[]> {
    return this.db
      .select({
        id: transcriptions.id,
        audioId: transcriptions.audioId,
        title: transcriptions.title,
        timed: sql<boolean>`jsonb_array_length(${transcriptions.segments}) > 0`,
      })
      .from(transcriptions)
      .where(eq(transcriptions.userId, userId))
      .orderBy(asc(transcriptions.createdAt), asc(transcriptions.id));
  }

  /** One transcript in full, or undefined when it was deleted since it was listed. */
  async transcription(userId: string, id: string) {
    const [row] = await this.db
      .select()
      .from(transcriptions)
      .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, userId)));
    return row;
  }

  content(userId: string) {
    return this.db.select().from(content).where(eq(content.userId, userId)).orderBy(asc(content.createdAt));
  }

  /** The voices the user named and remembered, oldest first, each with its print. */
  voiceProfiles(userId: string) {
    return this.db
      .select()
      .from(voiceProfiles)
      .where(eq(voiceProfiles.userId, userId))
      .orderBy(asc(voiceProfiles.createdAt), asc(voiceProfiles.id));
  }

  /**
   * Every share link the user made, in force or not, oldest first, with its item's title. Only the
   * columns the export shows are read: never the token, sealed or hashed.
   */
  shares(userId: string) {
    return this.db
      .select({
        id: shares.id,
        audioId: shares.audioId,
        documentId: shares.documentId,
        itemTitle: sql<string | null>`coalesce(${audio.title}, ${transcriptions.title})`,
        parts: shares.parts,
        allowIndexing: shares.allowIndexing,
        expiresAt: shares.expiresAt,
        revokedAt: shares.revokedAt,
        createdAt: shares.createdAt,
      })
      .from(shares)
      .leftJoin(audio, eq(audio.id, shares.audioId))
      .leftJoin(transcriptions, eq(transcriptions.id, shares.documentId))
      .where(eq(shares.userId, userId))
      .orderBy(asc(shares.createdAt), asc(shares.id));
  }

  /** The user's brand kit, or undefined when none was saved. */
  async brandKit(userId: string) {
    const [row] = await this.db.select().from(brandKits).where(eq(brandKits.userId, userId));
    return row;
  }
}
