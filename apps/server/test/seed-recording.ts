import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import type { StoredSegment, StoredSpeaker } from '../src/db/json-columns.ts';
import { audio, transcriptions } from '../src/db/schema.ts';

/** A recording to seed: its title, what was said and by whom, and any columns a test needs. */
export interface SeedRecording {
  title: string;
  segments: StoredSegment[];
  /** The voices the segments name (none unless given). */
  speakers?: StoredSpeaker[];
  /** The recording's language, on the item and on its transcript ('en-US' unless given). */
  language?: string;
  /** Further columns of the item, or other values for those set here (status, blobKey…). */
  audio?: Partial<Omit<typeof audio.$inferInsert, 'id' | 'userId' | 'title' | 'transcriptionId'>>;
  /** Further columns of the transcript, or other values for those set here (provider, diarizer…). */
  transcription?: Partial<
    Omit<typeof transcriptions.$inferInsert, 'id' | 'audioId' | 'userId' | 'segments' | 'speakers'>
  >;
}

/**
 * A transcribed recording of `owner`'s, written straight to the database as the pipeline leaves it
 * (no upload, no speech engine): an uploaded item, completed, whose current transcript holds
 * `segments`, its text their words in order.
 */
export async function seedRecording(
  db: Db,
  owner: string,
  item: SeedRecording,
): Promise<{ itemId: string; transcriptionId: string }> {
  const language = item.language ?? 'en-US';
  const [a] = await db
    .insert(audio)
    .values({
      userId: owner,
      title: item.title,
      source: 'upload',
      blobKey: `audio/${owner}/${item.title}.wav`,
      language,
      status: 'completed',
      transcriptionStatus: 'completed',
      ...item.audio,
    })
    .returning({ id: audio.id });
  if (!a) throw new Error('no audio row');
  const [tr] = await db
    .insert(transcriptions)
    .values({
      audioId: a.id,
      userId: owner,
      originalText: item.segments.map((s) => s.text).join(' '),
      language,
      provider: 'pocketsphinx',
      segments: item.segments,
      speakers: item.speakers ?? [],
      ...item.transcription,
    })
    .returning({ id: transcriptions.id });
  if (!tr) throw new Error('no transcription row');
  await db.update(audio).set({ transcriptionId: tr.id }).where(eq(audio.id, a.id));
  return { itemId: a.id, transcriptionId: tr.id };
}

/**
 * Segments of five seconds, each in a voice of its own (S1, S2…): a passage joins a voice's
 * neighbouring segments, so here each segment is a passage.
 */
export function voicePerSegment(...texts: string[]): StoredSegment[] {
  return texts.map((text, i) => ({ start: i * 5, end: i * 5 + 5, text, speaker: `S${i + 1}` }));
}
