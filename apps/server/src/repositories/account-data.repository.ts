import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { audio, content, transcriptions, voiceProfiles } from '../db/schema.ts';

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
}
