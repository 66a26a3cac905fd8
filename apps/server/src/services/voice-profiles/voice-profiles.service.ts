import type { VoiceProfile, VoiceProfiles } from '@voxpress/contracts';
import type { Db } from '../../db/database.ts';
import { VOICE_MATCH, voiceSimilarity } from '../../engines/diarizer/builtin/voice-print.ts';
import { HttpError } from '../../lib/http-error.ts';
import { UserSettingsRepository } from '../../repositories/user-settings.repository.ts';
import {
  type VoiceProfileRow,
  VoiceProfilesRepository,
} from '../../repositories/voice-profiles.repository.ts';
import type { StoredSpeaker } from '../speakers/speaker-model.ts';

/**
 * Voices remembered across recordings, for users who turned Remember voices on: naming a speaker
 * adds its print (numbers that describe how the voice sounds, never audio) to the profile of that
 * name, and a later recording's unnamed voices are offered the name of the profile they sound
 * like. Profiles outlive the recordings they came from (they hold no audio); turning the setting
 * off or deleting the account deletes them all.
 */
export class VoiceProfilesService {
  constructor(private readonly db: Db) {}

  /** Whether the user keeps voice prints. */
  async enabled(userId: string, db: Db = this.db): Promise<boolean> {
    return (await new UserSettingsRepository(db).get(userId)).remember_voices;
  }

  /** `GET /users/me/voice-profiles`. */
  async list(userId: string): Promise<VoiceProfiles> {
    const rows = await new VoiceProfilesRepository(this.db).list(userId);
    return { profiles: rows.map(toProfile) };
  }

  /** `PATCH /users/me/voice-profiles/{id}`: a new name; one already used by another profile is refused. */
  async rename(userId: string, id: string, name: string): Promise<VoiceProfile> {
    return this.db.transaction(async (tx) => {
      const repository = new VoiceProfilesRepository(tx);
      if (!(await repository.findOwned(userId, id))) throw profileNotFound();
      if (await repository.findByName(userId, name, id))
        throw new HttpError(409, 'voice_profile_name_taken', `You already have a voice named ${name}.`, {
          name,
        });
      const row = await repository.update(userId, id, { name });
      if (!row) throw profileNotFound();
      return toProfile(row);
    });
  }

  /** `DELETE /users/me/voice-profiles/{id}`: the profile and its print are gone. */
  async delete(userId: string, id: string): Promise<void> {
    if (!(await new VoiceProfilesRepository(this.db).delete(userId, id))) throw profileNotFound();
  }

  /**
   * A speaker was (re)named in a transcript (inside its transaction, `db`): with Remember voices on
   * and a print kept for the voice, the print joins the profile of its new name (a running mean; a
   * new profile if none) and leaves the one it joined under an earlier name.
   */
  async named(db: Db, userId: string, speaker: StoredSpeaker): Promise<void> {
    const voice = speaker.voice;
    if (!voice?.length || !(await this.enabled(userId, db))) return;
    const repository = new VoiceProfilesRepository(db);
    const name = speaker.name;
    if (speaker.profile) {
      const earlier = await repository.findOwned(userId, speaker.profile);
      if (earlier && name && earlier.name.toLowerCase() === name.toLowerCase()) return;
      if (earlier) await this.withdraw(repository, userId, earlier, voice);
      delete speaker.profile;
    }
    if (!name) return;
    const existing = await repository.findByName(userId, name);
    if (!existing) {
      speaker.profile = (await repository.insert(userId, name, voice)).id;
      return;
    }
    if (existing.vector.length === voice.length) {
      const n = existing.recordings;
      const vector = existing.vector.map((x, d) => (x * n + (voice[d] ?? 0)) / (n + 1));
      await repository.update(userId, existing.id, { vector, recordings: n + 1 });
    }
    speaker.profile = existing.id;
  }

  /**
   * The profile name each unnamed voice of a transcript sounds like (by speaker id): the most
   * similar profile above `VOICE_MATCH`, each profile offered to one voice at most, and never a
   * name another voice of the transcript already has.
   */
  async suggestions(userId: string, speakers: readonly StoredSpeaker[]): Promise<Map<string, string>> {
    const suggested = new Map<string, string>();
    const open = speakers.filter((s) => s.name === null && s.voice?.length);
    if (!open.length || !(await this.enabled(userId))) return suggested;
    const taken = new Set(speakers.flatMap((s) => (s.name ? [s.name.toLowerCase()] : [])));
    const profiles = (await new VoiceProfilesRepository(this.db).list(userId)).filter(
      (p) => !taken.has(p.name.toLowerCase()),
    );
    const pairs = open
      .flatMap((speaker) =>
        profiles.map((profile) => ({
          speaker: speaker.id,
          profile,
          similarity:
            profile.vector.length === speaker.voice?.length
              ? voiceSimilarity(speaker.voice, profile.vector)
              : 0,
        })),
      )
      .filter((p) => p.similarity >= VOICE_MATCH)
      .sort((a, b) => b.similarity - a.similarity);
    const used = new Set<string>();
    for (const pair of pairs) {
      if (suggested.has(pair.speaker) || used.has(pair.profile.id)) continue;
      suggested.set(pair.speaker, pair.profile.name);
      used.add(pair.profile.id);
    }
    return suggested;
  }

  /** Takes one voice's print back out of a profile; the profile goes when it was the only one. */
  private async withdraw(
    repository: VoiceProfilesRepository,
    userId: string,
    profile: VoiceProfileRow,
    voice: number[],
  ): Promise<void> {
    const n = profile.recordings;
    if (n <= 1) {
      await repository.delete(userId, profile.id);
      return;
    }
    if (profile.vector.length !== voice.length) return;
    const vector = profile.vector.map((x, d) => (x * n - (voice[d] ?? 0)) / (n - 1));
    await repository.update(userId, profile.id, { vector, recordings: n - 1 });
  }
}

function toProfile(row: VoiceProfileRow): VoiceProfile {
  return { id: row.id, name: row.name, recordings: row.recordings, updated_at: row.updatedAt.toISOString() };
}

function profileNotFound(): HttpError {
  return new HttpError(404, 'voice_profile_not_found', 'Voice profile not found.');
}
