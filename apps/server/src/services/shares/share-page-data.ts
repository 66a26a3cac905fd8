import { markdownToHtml } from '../../lib/markdown.ts';
import type { ContentRow } from '../../repositories/content.repository.ts';
import type { TranscriptionRow } from '../../repositories/transcriptions.repository.ts';
import { type StoredSegment, segmentsWithSpeakers, storedSpeakers } from '../speakers/speaker-model.ts';
import { toTranscription } from '../transcription/transcription.service.ts';
import type { SharePageData, SharePassage } from './share-page.ts';
import type { ShareTickets } from './share-tickets.ts';
import type { OpenShare, SharesService } from './shares.service.ts';
import { titleOf } from './shares.service.ts';

/** The passages of a transcript: turns of speech by voice when known, else its paragraphs. */
export function passagesOf(row: TranscriptionRow): SharePassage[] {
  const speakers = storedSpeakers(row.speakers);
  const segments = row.segments as StoredSegment[];
  // An edited transcript no longer matches its segments word for word: show the edit as laid out.
  if (row.editedText === null && segments.some((s) => s.speaker)) {
    const colours = new Map(speakers.map((s) => [s.id, s.colour]));
    const turns: (SharePassage & { id: string | null })[] = [];
    for (const s of segmentsWithSpeakers(segments, speakers)) {
      const last = turns.at(-1);
      if (last && last.id === s.speaker) last.text = `${last.text} ${s.text.trim()}`;
      else
        turns.push({
          id: s.speaker,
          start: s.start,
          speaker:
            s.speaker && s.speaker_name
              ? { name: s.speaker_name, colour: colours.get(s.speaker) ?? '#888' }
              : null,
          text: s.text.trim(),
        });
    }
    return turns.map(({ id: _id, ...turn }) => turn);
  }
  return toTranscription(row).paragraphs.map((p) => ({ start: p.start, speaker: null, text: p.text }));
}

/** The engine that wrote a piece, as recorded on it. */
function writerOf(row: ContentRow): string | null {
  const writer = row.writer as { engine?: unknown } | null;
  return typeof writer?.engine === 'string' ? writer.engine : null;
}

/** What the page of `open` shows, with its files' addresses under the token (the player's with a ticket). */
export async function sharePageData(
  open: OpenShare,
  token: string,
  deps: { shares: SharesService; tickets: ShareTickets; publicUrl: string | null },
): Promise<SharePageData> {
  const { share, item, transcription } = open;
  const { pieces, images } = await deps.shares.partsOf(open);
  const base = `/s/${token}`;
  const playable =
    share.parts.audio &&
    item.kind === 'audio' &&
    (item.row.status === 'completed' || item.row.status === 'uploaded');
  const imageSrc = (id: string) => `${base}/images/${id}`;
  const first = images[0];
  return {
    kind: item.kind,
    title: titleOf(item),
    description: item.row.description,
    date: item.row.createdAt.toISOString(),
    language: (transcription?.language ?? item.row.language).split('-')[0] ?? 'en',
    pageUrl: deps.publicUrl ? `${deps.publicUrl}${base}` : null,
    indexable: share.allowIndexing,
    audio:
      playable && item.kind === 'audio'
        ? {
            src: `${base}/audio?ticket=${deps.tickets.sign(share.id, `audio:${item.row.id}`)}`,
            mime: item.row.mimeType,
          }
        : null,
    transcript:
      share.parts.transcript && transcription
        ? {
            engine: item.kind === 'document' ? null : transcription.provider,
            passages: passagesOf(transcription),
          }
        : null,
    pieces: pieces
      .filter((p) => p.status === 'completed' && p.body)
      .map((p) => {
        const body = p.body as { title?: string; text?: string };
        return {
          title: body.title || p.title || 'Untitled',
          html: markdownToHtml(body.text ?? ''),
          engine: writerOf(p),
        };
      }),
    images: images.map((img) => ({
      src: imageSrc(img.id),
      alt: img.name,
      width: img.width,
      height: img.height,
    })),
    previewImage: first ? `${deps.publicUrl ?? ''}${imageSrc(first.id)}` : null,
  };
}
