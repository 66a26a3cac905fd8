import {
  primaryLanguage,
  type Segment,
  type Transcription,
  type TranscriptVersion,
  type TranscriptVersions,
} from '@voxpress/contracts';
import { shapeTranscript } from '../../engines/writer/composer/index.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { AudioRepository, AudioRow } from '../../repositories/audio.repository.ts';
import type {
  TranscriptionRow,
  TranscriptionsRepository,
} from '../../repositories/transcriptions.repository.ts';
import { type StoredSegment, segmentsWithSpeakers, storedSpeakers } from '../speakers/speaker-model.ts';
import { editedLayout } from './edited-layout.ts';
import { renderDocx, renderExport } from './subtitle-runner.ts';
import type { ExportFormat } from './subtitles.ts';
import { sanitizeTranscriptHtml } from './transcript-html.ts';
import { checkTranscriptSize, maxTranscriptChars } from './transcript-limits.ts';

/** The formats a transcript downloads in: the text formats, and Word. */
export type TranscriptFileFormat = ExportFormat | 'docx';

const MAX_VERSIONS = 20;

type Version = TranscriptVersion;

/** Reading, editing and exporting transcripts. The engine's original text is never overwritten. */
export class TranscriptionService {
  constructor(
    private readonly audio: AudioRepository,
    private readonly transcriptions: TranscriptionsRepository,
  ) {}

  async forAudio(userId: string, audioId: string): Promise<Transcription> {
    return toTranscription((await this.owned(userId, audioId)).row);
  }

  /** Earlier versions, newest first, `pageSize` at a time (the transcript itself leaves them out). */
  async versions(
    userId: string,
    audioId: string,
    page: number,
    pageSize: number,
  ): Promise<TranscriptVersions> {
    const all = transcriptVersions((await this.owned(userId, audioId)).row);
    const from = (page - 1) * pageSize;
    return { items: all.slice(from, from + pageSize), total: all.length, page, page_size: pageSize };
  }

  /**
   * Saves an edit made from `version`; the version it replaces joins the history (newest first).
   * A transcript saved elsewhere since then is left as it is, with a 409.
   */
  async saveEdit(
    userId: string,
    audioId: string,
    edit: { text: string; html?: string | undefined },
    version: number,
  ): Promise<Transcription> {
    const { audio, row } = await this.owned(userId, audioId);
    if (row.version !== version) throw conflict(row.version);
    const segments = row.segments;
    const max = maxTranscriptChars(audio.durationS, segments, row.originalText.length);
    checkTranscriptSize(edit, max, audio.durationS);
    const current = row.editedText ?? row.originalText;
    const html = edit.html === undefined ? null : sanitizeTranscriptHtml(edit.html);
    if (edit.text === current && html === row.editedHtml) return toTranscription(row);
    const versions: Version[] = [
      { text: current, html: row.editedHtml, saved_at: row.updatedAt.toISOString() },
      ...row.versions,
    ].slice(0, MAX_VERSIONS);
    const backToOriginal = edit.text.trim() === row.originalText.trim();
    const updated = await this.transcriptions.updateAtVersion(row.id, version, {
      editedText: backToOriginal ? null : edit.text,
      editedHtml: backToOriginal ? null : html,
      versions,
    });
    // Another save landed between the read and the write.
    if (!updated) throw conflict((await this.owned(userId, audioId)).row.version);
    return toTranscription(updated);
  }

  async export(
    userId: string,
    audioId: string,
    format: TranscriptFileFormat,
  ): Promise<{ body: string | Buffer; fileName: string }> {
    const { audio, row } = await this.owned(userId, audioId);
    const base = (audio.title ?? 'transcript').replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'transcript';
    const source = {
      text: row.editedText ?? row.originalText,
      segments: segmentsWithSpeakers(row.segments, storedSpeakers(row.speakers)),
      language: row.language,
      edited: row.editedText !== null,
      html: row.editedText !== null ? row.editedHtml : null,
    };
    const body =
      format === 'docx'
        ? await renderDocx({
            ...source,
            title: audio.title,
            date: audio.createdAt.toISOString(),
            description: `Transcribed by ${row.provider}${row.diarizer ? `; speakers found by ${row.diarizer}` : ''}.`,
          })
        : await renderExport(format, source);
    return { body, fileName: `${base}.${format}` };
  }

  /** The user's audio item and its transcript; someone else's is not found. */
  private async owned(userId: string, audioId: string): Promise<{ audio: AudioRow; row: TranscriptionRow }> {
    const audio = await this.audio.findOwned(userId, audioId);
    if (!audio) throw notFound('Audio not found', 'audio_not_found');
    if (!audio.transcriptionId) throw notFound('No transcription available.', 'transcription_not_found');
    const row = await this.transcriptions.findOwned(userId, audio.transcriptionId);
    if (!row) throw notFound('No transcription available.', 'transcription_not_found');
    return { audio, row };
  }
}

function conflict(currentVersion: number): HttpError {
  return new HttpError(
    409,
    'conflict',
    'This transcript was changed elsewhere after you started editing. Reload it to see the saved version, or overwrite it with yours.',
    { current_version: currentVersion },
  );
}

/**
 * Shaping a transcript for reading grows faster than its length (about 0.3 s at 10,000 words, 15 s
 * at 40,000) and runs on the request thread: past this many words the text is laid out by its own
 * line breaks instead, untimed, so a very long transcript can never stall the server.
 */
const MAX_SHAPED_WORDS = 10_000;

/** Lines of text as untimed paragraphs of one sentence each. */
function untimedParagraphs(lines: string[]): Transcription['paragraphs'] {
  return lines
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const sentence = { text: line, segment_ids: [], start: null, end: null };
      return { ...sentence, sentences: [sentence] };
    });
}

function readingLayout(
  segments: Segment[],
  language: string,
  edited: string | null,
  text: string,
  document: boolean,
) {
  // A written document already has its paragraphs: each was stored as one segment.
  if (document) {
    if (edited !== null) return untimedParagraphs(edited.split(/\n\s*\n/));
    return untimedParagraphs(segments.map((s) => s.text)).map((p, i) => ({
      ...p,
      segment_ids: [i],
      sentences: p.sentences.map((s) => ({ ...s, segment_ids: [i] })),
    }));
  }
  if ((text.match(/\S+/g)?.length ?? 0) <= MAX_SHAPED_WORDS) {
    // An edit is laid out as the user typed it; the segments still give it timing where they match.
    if (edited !== null) return editedLayout(segments, language, edited);
    return shapeTranscript(segments, language).paragraphs;
  }
  return untimedParagraphs(text.split(/\n+/));
}

export function toTranscription(row: TranscriptionRow): Transcription {
  const primary = primaryLanguage(row.language);
  const segments = row.segments;
  const text = row.editedText ?? row.originalText;
  return {
    id: row.id,
    audio_id: row.audioId,
    text,
    html: row.editedHtml,
    original_text: row.originalText,
    edited: row.editedText !== null,
    language: row.language,
    primary_language: primary,
    languages: [primary],
    confidence_score: row.confidence,
    provider: row.provider,
    segments: segmentsWithSpeakers(segments as StoredSegment[], storedSpeakers(row.speakers)),
    paragraphs: readingLayout(segments, row.language, row.editedText, text, row.source === 'document'),
    metadata: { transcriptions: row.attempts },
    version: row.version,
    versions_count: row.versions.length,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A transcript's earlier versions, newest first (kept in full in the data export). */
export function transcriptVersions(row: TranscriptionRow): TranscriptVersion[] {
  return row.versions.map((v) => ({
    text: v.text,
    html: v.html ?? null,
    saved_at: v.saved_at,
  }));
}
