import { concurrencyLimit, startWorker } from '../../lib/worker-thread.ts';
import type { TranscriptionRow } from '../../repositories/transcriptions.repository.ts';
import { type ExportFormat, exportTranscript, type TranscriptSource } from './subtitles.ts';
import { type TranscriptDocxSource, transcriptDocx } from './transcript-docx.ts';

/**
 * Past this many characters an export is rendered in a worker thread: captioning an hour of speech
 * takes long enough (hundreds of ms, seconds for the longest) to hold up every other request.
 */
export const INLINE_EXPORT_CHARS = 20_000;
/** Exports rendering at once; more wait their turn, so a burst of them cannot take every core. */
const MAX_PARALLEL = 2;

const turn = concurrencyLimit(MAX_PARALLEL);

/**
 * What the subtitle worker makes: a transcript export (`format`, a string back), a transcript's
 * record for the data export (`record`: its JSON as UTF-8 bytes back, see `transcript-record.ts`),
 * or a transcript as a Word document (`docx`: its bytes back).
 */
export type SubtitleJob =
  | { format: ExportFormat; source: TranscriptSource }
  | { record: TranscriptionRow; indent: number }
  | { docx: TranscriptDocxSource };

/**
 * Renders a transcript for download: a plain-text or short export at once, a long SRT or VTT in
 * a worker thread, so the API's event loop keeps answering while it is made.
 */
export async function renderExport(format: ExportFormat, source: TranscriptSource): Promise<string> {
  // Plain text is quick, unless an edit's turns must be laid against what was heard.
  if ((format === 'txt' && !source.html) || format === 'json' || source.text.length <= INLINE_EXPORT_CHARS)
    return exportTranscript(format, source);
  return runSubtitleWorker<string>({ format, source });
}

/** Writes a transcript as a Word document: a short one at once, a long one in a worker thread. */
export async function renderDocx(source: TranscriptDocxSource): Promise<Buffer> {
  if (source.text.length <= INLINE_EXPORT_CHARS) return transcriptDocx(source);
  return Buffer.from(await runSubtitleWorker<Uint8Array>({ docx: source }));
}

/** Runs one job in a subtitle worker, taking turns with the others (at most `MAX_PARALLEL` at once). */
export async function runSubtitleWorker<T>(job: SubtitleJob): Promise<T> {
  const done = await turn();
  try {
    const worker = startWorker(
      { built: 'subtitle-worker', source: 'services/transcription/subtitle-worker.ts' },
      { workerData: job },
    );
    return await new Promise<T>((resolve, reject) => {
      worker.once('message', (body: T) => {
        resolve(body);
        void worker.terminate();
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the subtitle worker stopped (exit code ${code})`)));
    });
  } finally {
    done();
  }
}
