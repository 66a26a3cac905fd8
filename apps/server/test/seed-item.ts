import { eq } from 'drizzle-orm';
import { audio, transcriptions } from '../src/db/schema.ts';
import type { TestContext } from './harness.ts';

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
  const { db } = t.ctx.database;
  const [a] = await db
    .insert(audio)
    .values({
      userId,
      title: item.title,
      source: 'upload',
      blobKey: `audio/${userId}/${item.title}.wav`,
      status: 'completed',
      transcriptionStatus: 'completed',
      speakersStatus: 'completed',
    })
    .returning({ id: audio.id });
  if (!a) throw new Error('no audio row');
  const [tr] = await db
    .insert(transcriptions)
    .values({
      audioId: a.id,
      userId,
      originalText: item.segments.map((s) => s.text).join(' '),
      language: item.language ?? 'en-US',
      provider: 'pocketsphinx',
      diarizer: 'builtin',
      segments: item.segments,
      speakers: item.speakers,
    })
    .returning({ id: transcriptions.id });
  if (!tr) throw new Error('no transcription row');
  await db.update(audio).set({ transcriptionId: tr.id }).where(eq(audio.id, a.id));
  return { userId, audioId: a.id, transcriptionId: tr.id };
}
