import type { TestContext } from './harness.ts';
import { seedRecording } from './seed-recording.ts';

export interface SeedSegment {
  start: number;
  end: number;
  text: string;
  speaker?: string;
}

/**
 * A finished audio item with a transcript whose voices were found, written straight to the
 * database (no speech engine): for tests of what is made from a transcript.
 */
export async function seedVoicedItem(
  t: TestContext,
  token: string,
  item: {
    title: string;
    segments: SeedSegment[];
    speakers: { id: string; name: string | null; colour: string; voice?: number[] }[];
    language?: string;
  },
): Promise<{ userId: string; audioId: string; transcriptionId: string }> {
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: { authorization: `Bearer ${token}` },
  });
  const userId = me.json().id as string;
  const { itemId, transcriptionId } = await seedRecording(t.ctx.database.db, userId, {
    title: item.title,
    segments: item.segments,
    speakers: item.speakers,
    language: item.language,
    audio: { speakersStatus: 'completed' },
    transcription: { diarizer: 'builtin' },
  });
  return { userId, audioId: itemId, transcriptionId };
}
