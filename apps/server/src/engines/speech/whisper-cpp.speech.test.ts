import { createHash } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_PARAGRAPH, makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failure, speechRequest } from '../../../test/speech-requests.ts';
import { writeToyWhisperModel } from '../../../test/whisper-toy-model.ts';
import type { SpeechConfig } from '../../config/config.ts';
import { SpeechEngineUnavailableError, type SpeechRequest } from './speech-engine.ts';
import { silentLogger } from './speech-logger.ts';
import { readWavInfo } from './wav-file.ts';
import { type WhisperCppOptions, WhisperCppSpeechEngine } from './whisper-cpp.speech.ts';
import { findModel, type WhisperModelInfo } from './whisper-models.ts';

let root: string;
let wav: string;
let durationS: number;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'voxpress-whisper-'));
  wav = await makeSpeechWav(FIXTURE_PARAGRAPH, root);
  durationS = (await readWavInfo(wav)).durationS;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const engines: WhisperCppSpeechEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.close()));
});

function engine(config: Partial<SpeechConfig['whisper']> = {}, options: WhisperCppOptions = {}) {
  const modelsDir = mkdtempSync(path.join(root, 'models-'));
  const e = new WhisperCppSpeechEngine(
    {
      model: 'base',
      modelsDir,
      autoDownload: false,
      modelsUrl: 'http://127.0.0.1:9/unused',
      threads: 2,
      ...config,
    },
    silentLogger,
    options,
  );
  engines.push(e);
  return e;
}

const request = (overrides: Partial<SpeechRequest> = {}) => speechRequest(wav, durationS, overrides);

describe('whisper.cpp engine without a usable model', () => {
  it('says how to get a missing model when it may not download it', async () => {
    const e = engine();
    expect(await e.status()).toEqual({
      state: 'missing',
      reason: 'Model base is not downloaded',
      detail: 'Model base is not downloaded',
      hint: 'npm run models -- pull base (or set WHISPER_AUTO_DOWNLOAD=true)',
      model: { name: 'base', state: 'not_downloaded', bytes: 147_951_465 },
    });
    const err = await failure(e.transcribe(request()));
    expect(err).toBeInstanceOf(SpeechEngineUnavailableError);
    expect(err).toMatchObject({ retryable: false });
    expect(err.message).toBe(
      'The whisper model base is not downloaded. Run `npm run models -- pull base` on the server (or set WHISPER_AUTO_DOWNLOAD=true).',
    );
    expect((err as SpeechEngineUnavailableError).userMessage).toBe(
      'The whisper model base is not downloaded on this server.',
    );
  });

  it('reports a damaged model file clearly and keeps the process alive', async () => {
    const e = engine();
    writeFileSync(e.modelFile, 'this is not a model'.repeat(500));
    expect(await e.status()).toMatchObject({ state: 'ready' });
    const err = await failure(e.transcribe(request()));
    expect(err).toBeInstanceOf(SpeechEngineUnavailableError);
    expect(err.message).toMatch(
      /^The whisper model file .*ggml-base\.bin could not be loaded: it is damaged or not a whisper\.cpp model \(.*bad magic.*\)\. Delete it and run `npm run models -- pull base`\.$/,
    );
    // Remembered: the status says so, and the next job fails at once without loading again.
    expect(await e.status()).toMatchObject({
      state: 'misconfigured',
      reason: 'The whisper model base is damaged',
      detail: err.message,
    });
    expect((err as SpeechEngineUnavailableError).userMessage).toBe(
      'The whisper model on this server is damaged.',
    );
    const again = await failure(e.transcribe(request()));
    expect(again.message).toBe(err.message);
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('refuses an unknown model name with the valid names', async () => {
    const e = engine({ model: 'huge', autoDownload: true });
    expect(await e.status()).toMatchObject({
      state: 'misconfigured',
      hint: expect.stringMatching(/tiny, tiny\.en, base/),
    });
    const err = await failure(e.transcribe(request()));
    expect(err.message).toMatch(
      /"huge" is not in .* and is not one Voxpress can download.*tiny, tiny\.en, base/,
    );
  });
});

describe('whisper.cpp engine downloading its model', () => {
  let server: Server;
  let baseUrl: string;
  let mode: 'zeros' | 'short' = 'zeros';
  let requests = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      const tiny = findModel('tiny');
      if (req.url !== '/models/ggml-tiny.bin' || !tiny) {
        res.writeHead(404).end('not found');
        return;
      }
      if (mode === 'short') {
        res.writeHead(200, { 'content-length': '1000' }).end(Buffer.alloc(1000));
        return;
      }
      // The right size, the wrong bytes: only the checksum can tell.
      res.writeHead(200, { 'content-length': String(tiny.bytes) });
      const chunk = Buffer.alloc(1024 * 1024);
      let left = tiny.bytes;
      const pump = () => {
        while (left > 0) {
          const piece = chunk.subarray(0, Math.min(chunk.length, left));
          left -= piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/models`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is available before the first use, and refuses a download whose checksum does not match', async () => {
    mode = 'zeros';
    requests = 0;
    let now = 1_000_000;
    const e = engine({ model: 'tiny', autoDownload: true, modelsUrl: baseUrl }, { now: () => now });
    // Ready to be tried (a request downloads it), but its model is reported as not there.
    expect(await e.status()).toEqual({
      state: 'ready',
      reason: 'Model tiny is not downloaded yet; it is downloaded on first use',
      detail: `Model tiny (74 MiB) is not in ${path.dirname(e.modelFile)}; it is downloaded from ${new URL(baseUrl).host} on first use`,
      hint: 'npm run models -- pull tiny',
      model: { name: 'tiny', state: 'not_downloaded', bytes: 77_691_713 },
    });
    const err = await failure(e.transcribe(request()));
    expect(err).toBeInstanceOf(SpeechEngineUnavailableError);
    expect(err.message).toMatch(
      /^The whisper model tiny could not be downloaded\. The download of whisper model tiny from http:\/\/127\.0\.0\.1:\d+\/models\/ggml-tiny\.bin was not the expected file \(its SHA-256 is [0-9a-f]{64}, expected be07e048/,
    );
    expect(err.message).toMatch(/Run `npm run models -- pull tiny` on the server/);
    expect(readdirSync(path.dirname(e.modelFile))).toEqual([]);
    // The failure is remembered for ten minutes: no new request, and the status says why.
    expect(await e.status()).toMatchObject({
      state: 'missing',
      detail: err.message,
      reason: 'The whisper model tiny could not be downloaded: the file received was not the expected model',
      model: {
        name: 'tiny',
        state: 'download_failed',
        reason: 'the file received was not the expected model',
      },
    });
    expect((err as SpeechEngineUnavailableError).userMessage).toBe(
      'The whisper model tiny could not be downloaded.',
    );
    expect((await failure(e.transcribe(request()))).message).toBe(err.message);
    expect(requests).toBe(1);
    now += 10 * 60_000 + 1;
    mode = 'short';
    const later = await failure(e.transcribe(request()));
    expect(requests).toBe(2);
    expect(later.message).toMatch(/offers 1000 bytes where 77691713 were expected/);
    expect(readdirSync(path.dirname(e.modelFile))).toEqual([]);
  });

  it('fails fast and clearly when the model server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const e = engine({ model: 'tiny', autoDownload: true, modelsUrl: `http://127.0.0.1:${port}` });
    // Fast: one connection attempt, not retried with backoff. Node's fetch announces each attempt
    // on this diagnostics channel (none seen would fail the test too).
    let attempts = 0;
    const onConnect = (message: unknown) => {
      if (Number((message as { connectParams?: { port?: unknown } }).connectParams?.port) === port)
        attempts++;
    };
    subscribe('undici:client:beforeConnect', onConnect);
    const err = await failure(e.transcribe(request())).finally(() =>
      unsubscribe('undici:client:beforeConnect', onConnect),
    );
    expect(attempts).toBe(1);
    expect(err).toBeInstanceOf(SpeechEngineUnavailableError);
    expect(err.message).toBe(
      `The whisper model tiny could not be downloaded. Could not download whisper model tiny from http://127.0.0.1:${port}/ggml-tiny.bin: connection refused (nothing is listening there). Run \`npm run models -- pull tiny\` on the server once it can reach the internet, or copy ggml-tiny.bin into ${path.dirname(e.modelFile)}.`,
    );
  });
});

describe('whisper.cpp engine downloading a (toy) model on first use', () => {
  let server: Server;
  let modelBytes: Buffer;
  let toy: WhisperModelInfo;
  let served = 0;
  beforeAll(async () => {
    const file = path.join(root, 'served-toy.bin');
    writeToyWhisperModel(file, { multilingual: true });
    modelBytes = readFileSync(file);
    toy = {
      name: 'toy',
      file: 'ggml-toy.bin',
      bytes: modelBytes.length,
      sha256: createHash('sha256').update(modelBytes).digest('hex'),
      multilingual: true,
      description: 'random weights',
    };
    server = createServer((req, res) => {
      if (req.url !== '/models/ggml-toy.bin') return void res.writeHead(404).end('not found');
      served++;
      res.writeHead(200, { 'content-length': String(modelBytes.length) });
      // In pieces, a little apart, as over a real network.
      let at = 0;
      const next = () => {
        if (at >= modelBytes.length) return void res.end();
        const piece = modelBytes.subarray(at, at + 1024 * 1024);
        at += piece.length;
        res.write(piece, () => setTimeout(next, 5));
      };
      next();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('tells every waiting job how the download goes, then transcribes with the model', async () => {
    const port = (server.address() as AddressInfo).port;
    const e = engine(
      { model: 'toy', autoDownload: true, modelsUrl: `http://127.0.0.1:${port}/models` },
      { models: [toy] },
    );
    type Seen = Parameters<NonNullable<SpeechRequest['onModelDownload']>>[0];
    const first: Seen[] = [];
    const second: Seen[] = [];
    const one = e.transcribe(request({ onModelDownload: (d) => first.push(d) }));
    const two = e.transcribe(request({ onModelDownload: (d) => second.push(d) }));
    while (!first.some((d) => d && d.receivedBytes > 0)) await new Promise((r) => setTimeout(r, 5));
    expect(await e.status()).toMatchObject({
      state: 'ready',
      reason: expect.stringMatching(/^Model toy is downloading: \d+ %$/),
      model: { name: 'toy', state: 'downloading', percent: expect.any(Number), bytes: modelBytes.length },
    });
    const [a, b] = await Promise.all([one, two]);
    expect(served).toBe(1);
    for (const seen of [first, second]) {
      expect(seen.at(-1)).toBeNull();
      const steps = seen.filter((d) => d !== null);
      expect(steps[0]).toMatchObject({ model: 'toy', totalBytes: modelBytes.length });
      expect(steps.at(-1)).toEqual({
        model: 'toy',
        receivedBytes: modelBytes.length,
        totalBytes: modelBytes.length,
      });
      const received = steps.map((d) => d.receivedBytes);
      expect(received).toEqual([...received].sort((x, y) => x - y));
      expect(steps.length).toBeGreaterThan(3);
    }
    expect(a).toMatchObject({ model: 'toy' });
    expect(b.segments.length).toBeGreaterThan(0);
    expect(readdirSync(path.dirname(e.modelFile))).toEqual(['ggml-toy.bin']);
    expect(await e.status()).toMatchObject({ state: 'ready', model: { name: 'toy', state: 'downloaded' } });
  });

  it('switches to the model the administrator chose, from the next job', async () => {
    const port = (server.address() as AddressInfo).port;
    let chosen: string | undefined;
    const e = engine(
      { model: 'base', autoDownload: false, modelsUrl: `http://127.0.0.1:${port}/models` },
      { models: [toy], chosenModel: async () => chosen },
    );
    writeToyWhisperModel(e.modelFile, { multilingual: true });
    expect((await e.transcribe(request())).model).toBe('base');
    chosen = 'toy';
    // Not downloaded, and downloads are off: it says so for the chosen model.
    expect(await e.status()).toMatchObject({ state: 'missing', reason: 'Model toy is not downloaded' });
    writeToyWhisperModel(path.join(path.dirname(e.modelFile), 'ggml-toy.bin'));
    expect(await e.status()).toMatchObject({
      state: 'ready',
      reason: 'Model toy (multilingual)',
      detail: expect.stringMatching(/; toy: chosen by the administrator$/),
    });
    const after = await e.transcribe(request());
    expect(after.model).toBe('toy');
    chosen = undefined;
    expect((await e.transcribe(request())).model).toBe('base');
  });
});

describe('whisper.cpp engine with a (toy) model', () => {
  it('supports every language with a multilingual model, English only with an .en model', () => {
    const multi = engine();
    expect(['en', 'en-US', 'es-ES', 'ta', 'zh-TW', 'nb-NO', 'auto'].map((l) => multi.supports(l))).toEqual(
      Array(7).fill(true),
    );
    expect(multi.supports('xx')).toBe(false);
    const english = engine({ model: 'base.en' });
    expect([english.supports('en-GB'), english.supports('es'), english.supports('auto')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('transcribes through whisper.cpp with timed segments and progress, loading the model once', async () => {
    const loads: string[] = [];
    const e = new WhisperCppSpeechEngine(
      {
        model: 'base',
        modelsDir: mkdtempSync(path.join(root, 'toy-')),
        autoDownload: false,
        modelsUrl: 'http://127.0.0.1:9',
        threads: 2,
      },
      { ...silentLogger, info: (_obj, msg) => loads.push(msg) },
    );
    engines.push(e);
    writeToyWhisperModel(e.modelFile, { multilingual: true });
    expect(await e.status()).toMatchObject({
      state: 'ready',
      detail: expect.stringMatching(/^Model base \(multilingual, \d+ MiB\) in /),
    });
    const progress: number[] = [];
    const result = await e.transcribe(request({ onProgress: (f) => progress.push(f) }));
    expect(result).toMatchObject({ language: 'en-US', model: 'base', confidence: null });
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.segments.length).toBeGreaterThan(0);
    for (const s of result.segments) {
      expect(s.start).toBeGreaterThanOrEqual(0);
      expect(s.end).toBeGreaterThanOrEqual(s.start);
      expect(s.end).toBeLessThanOrEqual(durationS);
    }
    // Seconds, not milliseconds: timings spread over the audio rather than piling up at its end.
    expect(result.segments[0]?.start).toBeLessThan(durationS / 2);
    expect(Math.max(...result.segments.map((s) => s.end - s.start))).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);

    const detected = await e.transcribe(request({ language: 'auto' }));
    expect(detected.language).toMatch(/^[a-z]{2,3}$/);
    expect(loads.filter((m) => m === 'whisper model loaded')).toHaveLength(1);
  });

  it('returns at once when aborted, and stays usable', async () => {
    const e = engine();
    mkdirSync(path.dirname(e.modelFile), { recursive: true });
    writeToyWhisperModel(e.modelFile);
    await e.transcribe(request()); // loads the model
    const controller = new AbortController();
    // On audio this short whisper.cpp reports progress only as its work ends: none seen when the
    // abort is answered shows that the answer did not wait for the native work to finish.
    const progress: number[] = [];
    const pending = e.transcribe(request({ signal: controller.signal, onProgress: (f) => progress.push(f) }));
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([]);
    const after = await e.transcribe(request());
    expect(after.segments.length).toBeGreaterThan(0);
  });
});
