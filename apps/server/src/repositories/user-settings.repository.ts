import type { UserSettings, UserSettingsPatch } from '@voxpress/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { transcriptions, userSettings, users, voiceProfiles } from '../db/schema.ts';

type Row = typeof userSettings.$inferSelect;

/**
 * SQL for `user_settings` (one row per user, created on first save) and the voice note on `users`;
 * turning Remember voices off deletes the user's voice profiles.
 */
export class UserSettingsRepository {
  constructor(private readonly db: Db) {}

  async get(userId: string): Promise<UserSettings> {
    const [row] = await this.db
      .select({ settings: userSettings, voice: users.writingVoice })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, userId));
    return toSettings(row?.settings ?? null, row?.voice ?? null);
  }

  /** Saves the fields present in `patch` (null restores a default). */
  async update(userId: string, patch: UserSettingsPatch): Promise<UserSettings> {
    const values: Partial<typeof userSettings.$inferInsert> = {};
    if (patch.theme !== undefined) values.theme = patch.theme;
    if (patch.interface_language !== undefined) values.interfaceLanguage = patch.interface_language;
    if (patch.transcription_language !== undefined)
      values.transcriptionLanguage = patch.transcription_language;
    if (patch.content_languages !== undefined) values.contentLanguages = patch.content_languages;
    if (patch.content_type !== undefined) values.contentType = patch.content_type;
    if (patch.platforms !== undefined) values.platforms = patch.platforms;
    if (patch.remember_voices !== undefined) values.rememberVoices = patch.remember_voices;
    await this.db.transaction(async (tx) => {
      if (Object.keys(values).length) {
        const now = new Date();
        await tx
          .insert(userSettings)
          .values({ userId, ...values, updatedAt: now })
          .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: now } });
      }
      if (patch.writing_voice !== undefined)
        await tx
          .update(users)
          .set({ writingVoice: patch.writing_voice || null, updatedAt: new Date() })
          .where(eq(users.id, userId));
      // Voices are remembered only while the user wants them to be: off deletes every print, the
      // profiles' and those kept on transcripts' speakers for naming later.
      if (patch.remember_voices === false) {
        await tx.delete(voiceProfiles).where(eq(voiceProfiles.userId, userId));
        await tx
          .update(transcriptions)
          .set({
            speakers: sql`(select coalesce(jsonb_agg(s - 'voice' - 'profile'), '[]'::jsonb) from jsonb_array_elements(${transcriptions.speakers}) s)`,
          })
          .where(
            sql`${transcriptions.userId} = ${userId} and jsonb_typeof(${transcriptions.speakers}) = 'array' and jsonb_path_exists(${transcriptions.speakers}, '$[*].voice')`,
          );
      }
    });
    return this.get(userId);
  }
}

function toSettings(row: Row | null, voice: string | null): UserSettings {
  return {
    theme: row?.theme ?? null,
    interface_language: (row?.interfaceLanguage ?? null) as UserSettings['interface_language'],
    transcription_language: row?.transcriptionLanguage ?? null,
    content_languages: row?.contentLanguages ?? null,
    content_type: (row?.contentType ?? null) as UserSettings['content_type'],
    platforms: row?.platforms ?? null,
    writing_voice: voice,
    remember_voices: row?.rememberVoices ?? false,
  };
}
