import type { TranscriptionsRepository } from '../../../repositories/transcriptions.repository.ts';
import { type StoredSegment, storedSpeakers } from '../../speakers/speaker-model.ts';
import type { InfographicMaterial } from './infographic-material.ts';

/**
 * Gives each quote the name of the voice that said it, when the transcript's voices are detected
 * and the user has named that one: the segment the quote starts in is looked up by its time. A
 * quote already naming its speaker keeps it; an unnamed voice ("Speaker 2") names no one.
 */
export async function nameQuoteSpeakers(
  material: InfographicMaterial,
  transcriptions: Pick<TranscriptionsRepository, 'findOwned'>,
  userId: string,
  transcriptionId: string | null,
): Promise<void> {
  if (!transcriptionId || !material.quotes.some((q) => q.start !== null && !q.speaker)) return;
  const row = await transcriptions.findOwned(userId, transcriptionId);
  if (!row) return;
  const named = new Map(
    storedSpeakers(row.speakers).flatMap((s) => (s.name?.trim() ? [[s.id, s.name.trim()]] : [])),
  );
  if (!named.size) return;
  const segments = (Array.isArray(row.segments) ? row.segments : []) as StoredSegment[];
  material.quotes = material.quotes.map((q) => {
    if (q.speaker || q.start === null) return q;
    const at = q.start;
    // The segment the quote starts in; a quote's time is its first segment's start.
    const seg =
      segments.find((s) => Math.abs(s.start - at) < 0.05) ??
      segments.find((s) => s.start <= at && at < s.end);
    const name = seg?.speaker ? named.get(seg.speaker) : undefined;
    return name ? { ...q, speaker: name } : q;
  });
}
