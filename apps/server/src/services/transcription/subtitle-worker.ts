// A subtitle worker: renders one long transcript export (or a transcript's record for the data
// export, or its Word document) off the API's thread and posts it back.
import { parentPort, workerData } from 'node:worker_threads';
import { transcriptRecordBytes } from '../account/transcript-record.ts';
import type { SubtitleJob } from './subtitle-runner.ts';
import { exportTranscript } from './subtitles.ts';
import { transcriptDocx } from './transcript-docx.ts';

if (!parentPort) throw new Error('subtitle-worker runs as a worker thread');
const job = workerData as SubtitleJob;
if ('record' in job) {
  const bytes = transcriptRecordBytes(job.record, job.indent);
  parentPort.postMessage(bytes, [bytes.buffer]);
} else if ('docx' in job) {
  const port = parentPort;
  // A failure rejects, which stops the worker with the error the runner reports.
  void transcriptDocx(job.docx).then((file) => {
    // A copy of its own: a small Buffer may share its memory with others, which cannot move.
    const bytes = new Uint8Array(file);
    port.postMessage(bytes, [bytes.buffer]);
  });
} else parentPort.postMessage(exportTranscript(job.format, job.source));
