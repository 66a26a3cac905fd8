import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { audio, content, transcriptions } from '../db/schema.ts';

/** Every record an account holds, oldest first, for the download of all its data. */
export class AccountDataRepository {
  constructor(private readonly db: Db) {}

  audio(userId: string) {
    return this.db.select().from(audio).where(eq(audio.userId, userId)).orderBy(asc(audio.createdAt));
  }

  transcriptions(userId: string) {
    return this.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.userId, userId))
      .orderBy(asc(transcriptions.createdAt));
  }

  content(userId: string) {
    return this.db.select().from(content).where(eq(content.userId, userId)).orderBy(asc(content.createdAt));
  }
}
