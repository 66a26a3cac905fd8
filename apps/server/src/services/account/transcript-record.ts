import type { TranscriptionRow } from '../../repositories/transcriptions.repository.ts';
import { speakerSummaries, storedSpeakers } from '../speakers/speaker-model.ts';
import { INLINE_EXPORT_CHARS, runSubtitleWorker } from '../transcription/subtitle-runner.ts';
import { toTranscription, transcriptVersions } from '../transcription/transcription.service.ts';

/**
 * The voices of a transcript as the export lists them: as `GET …/speakers` does, plus the voice
 * profile a named voice joined and its print when one was kept (Remember voices on).
 */
export function exportedSpeakers(row: TranscriptionRow) {
  const stored = storedSpeakers(row.speakers);
  const byId = new Map(stored.map((s) => [s.id, s]));
  return speakerSummaries(row.segments, stored).map(({ suggested_name: _, ...s }) => ({
    ...s,
    voice_profile_id: byId.get(s.id)?.profile ?? null,
    voice_print: byId.get(s.id)?.voice ?? null,
  }));
}

/**
 * A transcript as the data export's `transcripts.json` holds it: as the API describes it, with
 * every earlier version in full and its voices (with the engine that found them), as JSON indented
 * by `indent` more spaces (an item of the list).
 */
export function transcriptRecordBytes(row: TranscriptionRow, indent: number): Uint8Array<ArrayBuffer> {
  const record = {
    ...toTranscription(row),
    versions: transcriptVersions(row),
    speakers: exportedSpeakers(row),
    diarizer: row.diarizer,
  };
  const json = JSON.stringify(record, null, 2);
  return new TextEncoder().encode(indent ? json.replaceAll('\n', `\n${' '.repeat(indent)}`) : json);
}

/** How many characters of text a transcript holds: its texts and every earlier version's. */
function textChars(row: TranscriptionRow): number {
  let chars = row.originalText.length + (row.editedText?.length ?? 0) + (row.editedHtml?.length ?? 0);
  for (const v of row.versions) chars += v.text.length + (v.html?.length ?? 0);
  return chars;
}

/**
 * `transcriptRecordBytes`, made in a subtitle worker when the transcript is long (laying it out
 * for reading and writing megabytes of JSON would hold up the API), here when it is short.
 */
export async function renderTranscriptRecord(row: TranscriptionRow, indent: number): Promise<Uint8Array> {
  if (textChars(row) <= INLINE_EXPORT_CHARS) return transcriptRecordBytes(row, indent);
  return runSubtitleWorker<Uint8Array>({ record: row, indent });
}
