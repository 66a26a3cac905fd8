// A subtitle worker: renders one long transcript export (or a transcript's record for the data
// export) off the API's thread and posts it back.
import { parentPort, workerData } from 'node:worker_threads';
import { transcriptRecordBytes } from '../account/transcript-record.ts';
import type { SubtitleJob } from './subtitle-runner.ts';
import { exportTranscript } from './subtitles.ts';

if (!parentPort) throw new Error('subtitle-worker runs as a worker thread');
const job = workerData as SubtitleJob;
if ('record' in job) {
  const bytes = transcriptRecordBytes(job.record, job.indent);
  parentPort.postMessage(bytes, [bytes.buffer]);
} else parentPort.postMessage(exportTranscript(job.format, job.source));
