import { primaryLanguage } from '@voxpress/contracts';
import { markdownToHtml } from '../../lib/markdown.ts';
import type { ContentRow } from '../../repositories/content.repository.ts';
import type { TranscriptionRow } from '../../repositories/transcriptions.repository.ts';
import { storedSpeakers } from '../speakers/speaker-model.ts';
import { toTranscription } from '../transcription/transcription.service.ts';
import type { SharePageData, SharePassage } from './share-page.ts';
import type { ShareTickets } from './share-tickets.ts';
import type { OpenShare, SharesService } from './shares.service.ts';
import { titleOf } from './shares.service.ts';

/**
 * The passages of a transcript as laid out for reading (its paragraphs, the user's edit included),
 * split where the voice changes once speakers are known, each with its first sentence's time.
 */
export function passagesOf(row: TranscriptionRow): SharePassage[] {
  const transcript = toTranscription(row);
  const colours = new Map(storedSpeakers(row.speakers).map((s) => [s.id, s.colour]));
  const passages: (SharePassage & { voice: string | null })[] = [];
  for (const paragraph of transcript.paragraphs) {
    let current: (typeof passages)[number] | undefined;
    for (const sentence of paragraph.sentences.length > 0 ? paragraph.sentences : [paragraph]) {
      const first = sentence.segment_ids[0];
      const segment = first === undefined ? undefined : transcript.segments[first];
      const voice = segment?.speaker ?? null;
      if (current && current.voice === voice) {
        current.text = `${current.text} ${sentence.text}`;
        continue;
      }
      current = {
        voice,
        start: sentence.start,
        speaker:
          voice && segment?.speaker_name
            ? { name: segment.speaker_name, colour: colours.get(voice) ?? '#888888' }
            : null,
        text: sentence.text,
      };
      passages.push(current);
    }
  }
  return passages.map(({ voice: _voice, ...passage }) => passage);
}

/** The engine that wrote a piece, as recorded on it. */
function writerOf(row: ContentRow): string | null {
  const writer = row.writer as { engine?: unknown } | null;
  return typeof writer?.engine === 'string' ? writer.engine : null;
}

/** A piece's headings two levels down: on the page they sit under its own title (h3). */
export function nestHeadings(html: string): string {
  return html.replace(
    /<(\/?)h([1-6])>/g,
    (_m, close: string, n: string) => `<${close}h${Math.min(6, Number(n) + 2)}>`,
  );
}

/** The piece's Markdown without a first heading that only repeats its title (the page shows the title). */
export function bodyWithoutTitle(markdown: string, title: string): string {
  const match = /^\s*#{1,2}\s+(.+?)\s*#*\s*(?:\n|$)/.exec(markdown);
  return match && match[1]?.trim().toLowerCase() === title.trim().toLowerCase()
    ? markdown.slice(match[0].length)
    : markdown;
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
    language: primaryLanguage(transcription?.language ?? item.row.language) || 'en',
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
    pieces: pieces.flatMap((p) => {
      if (p.status !== 'completed' || !p.body) return [];
      const title = p.body.title || p.title || 'Untitled';
      return [
        {
          title,
          html: nestHeadings(markdownToHtml(bodyWithoutTitle(p.body.text, title))),
          engine: writerOf(p),
        },
      ];
    }),
    images: images.map((img) => ({
      src: imageSrc(img.id),
      alt: img.title,
      width: img.width,
      height: img.height,
    })),
    previewImage: first ? `${deps.publicUrl ?? ''}${imageSrc(first.id)}` : null,
  };
}
