// A subtitle worker: renders one long transcript export off the API's thread and posts it back.
import { parentPort, workerData } from 'node:worker_threads';
import { type ExportFormat, exportTranscript, type TranscriptSource } from './subtitles.ts';

if (!parentPort) throw new Error('subtitle-worker runs as a worker thread');
const { format, source } = workerData as { format: ExportFormat; source: TranscriptSource };
parentPort.postMessage(exportTranscript(format, source));
