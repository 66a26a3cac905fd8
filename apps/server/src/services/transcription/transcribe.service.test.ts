import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_PARAGRAPH, makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeToyWhisperModel } from '../../../test/whisper-toy-model.ts';
import { decodeToWav } from '../../engines/speech/ffmpeg.ts';
import { silentLogger } from '../../engines/speech/speech-logger.ts';
import { type RoutedTranscription, SpeechRouter } from '../../engines/speech/speech-router.ts';
import type { WhisperModelInfo } from '../../engines/speech/whisper-models.ts';
import type { ItemPipeline } from '../../pipeline/item-pipeline.ts';
import type { JobContext } from '../../queue/queue.ts';
import type { AudioRepository } from '../../repositories/audio.repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { AudioService } from '../audio/audio.service.ts';
import { TranscribeService } from './transcribe.service.ts';

let root: string;
let source: string;
let server: Server;
let toy: WhisperModelInfo;
let serving: 'model' | 'nothing' = 'model';

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'voxpress-first-use-'));
  source = await makeSpeechWav(FIXTURE_PARAGRAPH, root);
  const file = path.join(root, 'toy.bin');
  writeToyWhisperModel(file, { multilingual: true });
  const bytes = readFileSync(file);
  toy = {
    name: 'toy',
    file: 'ggml-toy.bin',
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    multilingual: true,
    description: 'random weights',
  };
  // The model host: the toy model in pieces, slowly enough for the item to show several steps.
  server = createServer((req, res) => {
    if (serving === 'nothing' || req.url !== '/models/ggml-toy.bin') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-length': String(bytes.length) });
    let at = 0;
    const next = () => {
      if (at >= bytes.length) return void res.end();
      const piece = bytes.subarray(at, at + 512 * 1024);
      at += piece.length;
      res.write(piece, () => setTimeout(next, 40));
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

/** One transcription job of an item, with a speech router whose whisper model is not there yet. */
async function runJob() {
  const modelsDir = mkdtempSync(path.join(root, 'models-'));
  const port = (server.address() as AddressInfo).port;
  const router = new SpeechRouter(
    {
      engines: ['whisper', 'pocketsphinx'],
      whisper: {
        model: 'toy',
        modelsDir,
        autoDownload: true,
        modelsUrl: `http://127.0.0.1:${port}/models`,
        threads: 2,
      },
      openai: undefined,
    },
    silentLogger,
    { whisper: { models: [toy] } },
  );
  const shown: Array<{ percent: number; message: string }> = [];
  const onJob: Array<{ percent: number; message: string | undefined }> = [];
  let heard: RoutedTranscription | undefined;
  const row = {
    id: 'a1',
    userId: 'u1',
    blobKey: 'k',
    durationS: null,
    language: 'en-US',
    useWhisperForEnglish: true,
  };
  const service = new TranscribeService({
    audio: { findById: async () => row, update: async () => row } as unknown as AudioRepository,
    audioService: {} as AudioService,
    pipeline: {
      progress: async (_id: string, percent: number, message: string) => {
        shown.push({ percent, message });
      },
      finish: async () => ({ transcriptionId: 't1' }),
      failed: async () => {},
      retrying: async () => {},
    } as unknown as ItemPipeline,
    blobs: { localFile: async () => ({ path: source, release: async () => {} }) } as unknown as BlobStore,
    speech: {
      decodeToWav,
      transcribe: async (request) => {
        heard = await router.transcribe(request);
        return heard;
      },
    },
    tmpDir: path.join(root, 'tmp'),
    logger: { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger,
  });
  const job: JobContext<{ audioId: string }> = {
    id: `job-${Math.random().toString(36).slice(2)}`,
    payload: { audioId: row.id },
    attempt: 1,
    maxAttempts: 3,
    signal: new AbortController().signal,
    progress: async (percent, message) => {
      onJob.push({ percent, message });
    },
    commit: async () => {
      throw new Error('not used');
    },
  };
  try {
    await service.run(job);
  } finally {
    await router.close();
  }
  return { shown, onJob, heard, modelsDir };
}

describe('the first transcription without a speech model', () => {
  it('shows the model download with its progress on the item, then transcribes with whisper', async () => {
    serving = 'model';
    const { shown, onJob, heard } = await runJob();
    const messages = shown.map((s) => s.message);
    const downloads = messages.filter((m) => m.startsWith('Downloading'));
    expect(downloads[0]).toBe(`Downloading the speech model toy (${Math.round(toy.bytes / 1e6)} MB): 0 %`);
    for (const m of downloads) expect(m).toMatch(/^Downloading the speech model toy \(\d+ MB\): \d{1,3} %$/);
    const percents = downloads.map((m) => Number(/(\d+) %$/.exec(m)?.[1]));
    expect(percents.length).toBeGreaterThan(2);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    // Then transcription: the download's messages stop, and the bar never went back meanwhile.
    const after = messages.slice(messages.lastIndexOf(downloads.at(-1) as string) + 1);
    expect(after[0]).toBe('Transcribing...');
    expect(after.every((m) => !m.startsWith('Downloading'))).toBe(true);
    const bar = shown.map((s) => s.percent);
    expect(bar).toEqual([...bar].sort((a, b) => a - b));
    expect(onJob.map((p) => p.message)).toEqual(messages);
    expect(heard?.provider).toBe('whisper');
    expect(heard?.result.model).toBe('toy');
  });

  it('transcribes with PocketSphinx when the download fails, and the transcript says why', async () => {
    serving = 'nothing';
    const { shown, heard } = await runJob();
    const messages = shown.map((s) => s.message);
    expect(messages).toContain(`Downloading the speech model toy (${Math.round(toy.bytes / 1e6)} MB): 0 %`);
    expect(messages.at(-1)).toMatch(/^Transcribing\.\.\./);
    expect(heard?.provider).toBe('pocketsphinx');
    const whisper = heard?.attempts.find((a) => a.provider === 'whisper');
    expect(whisper?.error).toBe('The whisper model toy could not be downloaded.');
    expect(heard?.result.text.length).toBeGreaterThan(20);
  });
});
