import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2, makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, speechRequest } from '../../../test/speech-requests.ts';
import { OpenAiCompatibleSpeechEngine } from './openai-compatible.speech.ts';
import { SpeechEngineError, SpeechEngineUnavailableError, type SpeechRequest } from './speech-engine.ts';
import { silentLogger } from './speech-logger.ts';
import { readWavInfo } from './wav-file.ts';

/** One request as the fake server understood it. */
interface Received {
  authorization: string | undefined;
  fields: Record<string, string>;
  fileName: string;
  wav: Buffer;
}

type Handler = (req: Received, res: ServerResponse) => void;

let dir: string;
let wav: string;
let durationS: number;
let server: Server;
let baseUrl: string;
let handler: Handler;
const received: Received[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-openai-'));
  wav = await makeSpeechWav(`${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2}`, dir);
  durationS = (await readWavInfo(wav)).durationS;
  server = createServer((req, res) => {
    void parse(req).then(
      (r) => {
        received.push(r);
        handler(r, res);
      },
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** Reads the multipart body the way a real server does (undici's FormData parser). */
async function parse(req: IncomingMessage): Promise<Received> {
  expect(req.method).toBe('POST');
  expect(req.url).toBe('/v1/audio/transcriptions');
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const form = await new Request('http://local/', {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type'] ?? '' },
    body: Buffer.concat(chunks),
  }).formData();
  const fields: Record<string, string> = {};
  let file: File | undefined;
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else file = value;
  }
  if (!file) throw new Error('no file part');
  return {
    authorization: req.headers.authorization,
    fields,
    fileName: file.name,
    wav: Buffer.from(await file.arrayBuffer()),
  };
}

/** Seconds of audio in a WAV the server received, checking it is 16 kHz mono 16-bit. */
function wavSeconds(file: Buffer): number {
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.toString('ascii', 8, 12)).toBe('WAVE');
  expect(file.readUInt16LE(22)).toBe(1);
  expect(file.readUInt32LE(24)).toBe(16_000);
  expect(file.readUInt16LE(34)).toBe(16);
  expect(file.readUInt32LE(40)).toBe(file.length - 44);
  return (file.length - 44) / 32_000;
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function engine(overrides: { maxBytes?: number; apiKey?: string; url?: string } = {}) {
  return new OpenAiCompatibleSpeechEngine(
    {
      baseUrl: overrides.url ?? baseUrl,
      apiKey: overrides.apiKey,
      model: 'whisper-1',
      maxBytes: overrides.maxBytes ?? 24 * 1024 * 1024,
    },
    silentLogger,
    { retryDelaysMs: [10, 10] },
  );
}

const request = (overrides: Partial<SpeechRequest> = {}) => speechRequest(wav, durationS, overrides);

describe('OpenAI-compatible engine', () => {
  it('is missing until configured, and never calls the server for its status', async () => {
    const off = new OpenAiCompatibleSpeechEngine(undefined, silentLogger);
    expect(await off.status()).toMatchObject({
      state: 'missing',
      reason: 'No OpenAI-compatible speech server is configured',
      hint: expect.stringMatching(/^Set OPENAI_STT_BASE_URL/),
    });
    received.length = 0;
    const on = engine({ apiKey: 'sk-test' });
    expect(await on.status()).toEqual({
      state: 'ready',
      reason: 'Model whisper-1 on the configured speech server',
      detail: `Model whisper-1 at ${baseUrl}, with an API key`,
    });
    expect(on.supports('ta-IN')).toBe(true);
    expect(received).toHaveLength(0);
  });

  it('sends the WAV with model, language and verbose_json, and reads timed segments', async () => {
    received.length = 0;
    handler = (_r, res) =>
      json(res, 200, {
        task: 'transcribe',
        language: 'english',
        duration: durationS,
        text: ' Good morning everyone. Today I want to share. ',
        segments: [
          { id: 0, start: 0, end: 2.4, text: ' Good morning everyone.', avg_logprob: -0.1 },
          { id: 1, start: 2.4, end: 5, text: ' Today I want to share.', avg_logprob: -0.3 },
        ],
      });
    const progress: number[] = [];
    const result = await engine({ apiKey: 'sk-test' }).transcribe(
      request({ onProgress: (f) => progress.push(f) }),
    );
    expect(received).toHaveLength(1);
    const [sent] = received;
    expect(sent?.authorization).toBe('Bearer sk-test');
    expect(sent?.fields).toEqual({ model: 'whisper-1', language: 'en', response_format: 'verbose_json' });
    expect(wavSeconds(sent?.wav ?? Buffer.alloc(0))).toBeCloseTo(durationS, 3);
    expect(sent?.wav.subarray(44).equals(readFileSync(wav).subarray(44))).toBe(true);
    expect(result).toEqual({
      text: 'Good morning everyone. Today I want to share.',
      language: 'en-US',
      segments: [
        { start: 0, end: 2.4, text: 'Good morning everyone.' },
        { start: 2.4, end: 5, text: 'Today I want to share.' },
      ],
      // exp(avg_logprob) weighted by duration: (e^-0.1 × 2.4 + e^-0.3 × 2.6) / 5
      confidence: 0.82,
      model: 'whisper-1',
    });
    expect(progress).toEqual([1]);
  });

  it('leaves the language out for auto-detection and reports what the server detected', async () => {
    received.length = 0;
    handler = (_r, res) => json(res, 200, { text: 'Hola.', language: 'spanish', segments: [] });
    const result = await engine().transcribe(request({ language: 'auto' }));
    expect(received[0]?.fields).toEqual({ model: 'whisper-1', response_format: 'verbose_json' });
    expect(received[0]?.authorization).toBeUndefined();
    expect(result.language).toBe('es');
  });

  it('splits long audio into WAV pieces under the size limit and shifts their segments', async () => {
    received.length = 0;
    handler = (r, res) => {
      const seconds = wavSeconds(r.wav);
      const n = received.length;
      json(res, 200, {
        text: `piece ${n}`,
        segments: [{ start: 0.1, end: seconds - 0.1, text: `piece ${n}` }],
      });
    };
    const maxBytes = 16 * 1024 + 44 + 5 * 32_000; // 5 s of audio per request
    const progress: number[] = [];
    const result = await engine({ maxBytes }).transcribe(request({ onProgress: (f) => progress.push(f) }));
    const n = received.length;
    expect(n).toBeGreaterThanOrEqual(Math.ceil(durationS / 5));
    const lengths = received.map((r) => wavSeconds(r.wav));
    for (const r of received) expect(r.wav.length).toBeLessThanOrEqual(maxBytes - 16 * 1024);
    expect(lengths.reduce((a, b) => a + b, 0)).toBeCloseTo(durationS, 3);
    // The pieces are the original samples, in order, with nothing lost or doubled.
    expect(
      Buffer.concat(received.map((r) => r.wav.subarray(44))).equals(readFileSync(wav).subarray(44)),
    ).toBe(true);
    let start = 0;
    expect(result.segments).toEqual(
      lengths.map((seconds, i) => {
        const segment = { start: start + 0.1, end: start + seconds - 0.1, text: `piece ${i + 1}` };
        start += seconds;
        return expect.objectContaining({
          start: expect.closeTo(segment.start, 6),
          end: expect.closeTo(segment.end, 6),
          text: segment.text,
        });
      }),
    );
    expect(result.text).toBe(lengths.map((_, i) => `piece ${i + 1}`).join(' '));
    expect(progress).toEqual(lengths.map((_, i) => (i + 1) / n));
    // Cuts land in the quietest moment near the limit, not mid-word.
    const samples = readFileSync(wav).subarray(44);
    const rms = (from: number, to: number) => {
      let sum = 0;
      for (let i = from; i < to; i++) sum += samples.readInt16LE(i * 2) ** 2;
      return Math.sqrt(sum / Math.max(1, to - from));
    };
    const overall = rms(0, samples.length / 2);
    let at = 0;
    for (const seconds of lengths.slice(0, -1)) {
      at += Math.round(seconds * 16_000);
      expect(rms(at - 160, at + 160)).toBeLessThan(overall / 4);
    }
  });

  it('falls back to plain json when the server refuses verbose_json, and remembers', async () => {
    received.length = 0;
    handler = (r, res) =>
      r.fields.response_format === 'verbose_json'
        ? json(res, 400, {
            error: {
              message: "response_format 'verbose_json' is not supported",
              type: 'invalid_request_error',
            },
          })
        : json(res, 200, { text: 'Good morning everyone.' });
    const e = engine();
    const result = await e.transcribe(request());
    expect(received.map((r) => r.fields.response_format)).toEqual(['verbose_json', 'json']);
    expect(result.text).toBe('Good morning everyone.');
    expect(result.segments).toEqual([{ start: 0, end: durationS, text: 'Good morning everyone.' }]);
    expect(result.confidence).toBeNull();
    await e.transcribe(request());
    expect(received.map((r) => r.fields.response_format)).toEqual(['verbose_json', 'json', 'json']);
  });

  it('says a refused key is not worth retrying', async () => {
    handler = (_r, res) => json(res, 401, { error: { message: 'Incorrect API key provided: sk-wrong.' } });
    const err = await failure(engine({ apiKey: 'sk-wrong' }).transcribe(request()));
    expect(err).toBeInstanceOf(SpeechEngineUnavailableError);
    expect(err).toMatchObject({
      retryable: false,
      message: `The speech server at ${baseUrl} refused the API key (401: Incorrect API key provided: sk-wrong.). Check OPENAI_STT_API_KEY.`,
    });
  });

  it('passes on what the server says about audio it rejects, without retrying', async () => {
    handler = (_r, res) => json(res, 400, { error: { message: 'Audio file is too short.' } });
    const err = await failure(engine().transcribe(request()));
    expect(err).toBeInstanceOf(SpeechEngineError);
    expect(err).not.toBeInstanceOf(SpeechEngineUnavailableError);
    expect(err).toMatchObject({
      retryable: false,
      message: `The speech server at ${baseUrl} rejected the audio (400: Audio file is too short.).`,
    });
    handler = (_r, res) => res.writeHead(413).end('Request Entity Too Large');
    expect(await failure(engine().transcribe(request()))).toMatchObject({
      retryable: false,
      message: expect.stringMatching(
        /too large \(413: Request Entity Too Large\)\. Lower OPENAI_STT_MAX_BYTES\.$/,
      ),
    });
  });

  it('calls a busy or failing server retryable', async () => {
    handler = (_r, res) => json(res, 503, { detail: 'Model is loading' });
    expect(await failure(engine().transcribe(request()))).toMatchObject({
      retryable: true,
      message: `The speech server at ${baseUrl} is busy or failing (503: Model is loading).`,
    });
  });

  it('retries a piece after a transient failure once earlier pieces went through', async () => {
    received.length = 0;
    let calls = 0;
    handler = (_r, res) => {
      calls++;
      if (calls === 2) json(res, 429, { error: { message: 'Rate limit reached' } });
      else json(res, 200, { text: `ok ${calls}`, segments: [] });
    };
    const result = await engine({ maxBytes: 16 * 1024 + 44 + 10 * 32_000 }).transcribe(request());
    // Every piece made it once: the refused second call was retried as the third.
    expect(calls).toBeGreaterThan(3);
    expect(result.text.match(/ok \d+/g)).toHaveLength(calls - 1);
    expect(result.text).not.toMatch(/ok 2\b/);
  });

  it('calls an unreachable server retryable, with the reason', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const url = `http://127.0.0.1:${port}/v1`;
    const err = await failure(engine({ url }).transcribe(request()));
    expect(err).toBeInstanceOf(SpeechEngineError);
    expect(err).toMatchObject({
      retryable: true,
      message: `The speech server at ${url} could not be reached: connection refused (nothing is listening there)`,
    });
  });

  it('stops when aborted', async () => {
    handler = () => {}; // never answers
    const controller = new AbortController();
    const pending = engine().transcribe(request({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
