import { concurrencyLimit, startWorker } from '../../lib/worker-thread.ts';
import { type ExportFormat, exportTranscript, type TranscriptSource } from './subtitles.ts';

/**
 * Past this many characters an export is rendered in a worker thread: captioning an hour of speech
 * takes long enough (hundreds of ms, seconds for the longest) to hold up every other request.
 */
export const INLINE_EXPORT_CHARS = 20_000;
/** Exports rendering at once; more wait their turn, so a burst of them cannot take every core. */
const MAX_PARALLEL = 2;

const turn = concurrencyLimit(MAX_PARALLEL);

/**
 * Renders a transcript for download: a plain-text or short export at once, a long SRT or VTT in
 * a worker thread, so the API's event loop keeps answering while it is made.
 */
export async function renderExport(format: ExportFormat, source: TranscriptSource): Promise<string> {
  if (format === 'txt' || source.text.length <= INLINE_EXPORT_CHARS) return exportTranscript(format, source);
  const done = await turn();
  try {
    const worker = startWorker(
      { built: 'subtitle-worker', source: 'services/transcription/subtitle-worker.ts' },
      { workerData: { format, source } },
    );
    return await new Promise<string>((resolve, reject) => {
      worker.once('message', (body: string) => {
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
