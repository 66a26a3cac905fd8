import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentWhisperHardware,
  defaultWhisperModel,
  downloadModel,
  downloadProgress,
  findModel,
  listModels,
  ModelDownloadError,
  modelPath,
  WHISPER_MODELS,
  type WhisperModelInfo,
} from './whisper-models.ts';

let dir: string;
let server: Server;
let base: string;
const payload = Buffer.from('pretend model bytes '.repeat(5000));
let requests = 0;
let lastRange: string | undefined;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-models-'));
  server = createHttpServer((req, res) => {
    requests++;
    lastRange = req.headers.range;
    if (req.url?.startsWith('/slow/')) {
      res.writeHead(200, { 'content-length': String(payload.length) });
      res.write(payload.subarray(0, 1000)); // then nothing more
      return;
    }
    // Honours a range, as the model host does.
    const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const rest = payload.subarray(from);
    res
      .writeHead(from ? 206 : 200, {
        'content-length': String(rest.length),
        ...(from ? { 'content-range': `bytes ${from}-${payload.length - 1}/${payload.length}` } : {}),
      })
      .end(rest);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('whisper model catalogue', () => {
  it('knows the usual models with exact sizes and SHA-256 sums', () => {
    expect(WHISPER_MODELS.map((m) => m.name)).toEqual(
      expect.arrayContaining([
        'tiny',
        'tiny.en',
        'base',
        'base.en',
        'small',
        'small.en',
        'medium',
        'medium.en',
        'large-v3-turbo',
      ]),
    );
    for (const m of WHISPER_MODELS) {
      expect(m.file).toBe(`ggml-${m.name}.bin`);
      expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(m.multilingual).toBe(!m.name.endsWith('.en'));
    }
    expect(modelPath('/data/models', 'base.en')).toBe('/data/models/ggml-base.en.bin');
  });

  it('lists what is downloaded, and model files the user brought', async () => {
    const models = path.join(dir, 'list');
    mkdirSync(models);
    writeFileSync(path.join(models, 'ggml-base.bin'), 'x');
    writeFileSync(path.join(models, 'ggml-my-finetune.bin'), 'xyz');
    writeFileSync(path.join(models, 'notes.txt'), 'not a model');
    writeFileSync(path.join(models, 'ggml-small.bin.part'), 'half');
    const listed = await listModels(models);
    expect(listed.find((m) => m.name === 'base')).toMatchObject({
      downloaded: true,
      sizeOnDisk: 1,
      custom: false,
    });
    expect(listed.find((m) => m.name === 'tiny')).toMatchObject({
      downloaded: false,
      sizeOnDisk: null,
      partialBytes: null,
    });
    // What an interrupted download kept is shown; the next pull resumes there.
    expect(listed.find((m) => m.name === 'small')).toMatchObject({ downloaded: false, partialBytes: 4 });
    expect(listed.at(-1)).toMatchObject({
      name: 'my-finetune',
      bytes: 3,
      sha256: null,
      downloaded: true,
      custom: true,
    });
    expect(listed).toHaveLength(WHISPER_MODELS.length + 1);
    expect(await listModels(path.join(dir, 'absent'))).toHaveLength(WHISPER_MODELS.length);
  });

  it('refuses an unknown model name, listing the valid ones', async () => {
    const err = await downloadModel('gigantic', { modelsDir: dir, baseUrl: base }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelDownloadError);
    expect(err).toMatchObject({ code: 'unknown-model' });
    expect((err as Error).message).toBe(
      `Unknown whisper model "gigantic". Valid names: ${WHISPER_MODELS.map((m) => m.name).join(', ')}.`,
    );
  });
});

describe('hardware-based default model', () => {
  const GB = 1024 ** 3;

  it('picks base on fewer than 8 cores, whatever the memory', () => {
    expect(defaultWhisperModel({ cores: 2, totalBytes: 4 * GB, freeBytes: 2 * GB })).toEqual({
      name: 'base',
      why: 'base: chosen for 2 cores',
    });
    expect(defaultWhisperModel({ cores: 1, totalBytes: 64 * GB, freeBytes: 60 * GB }).why).toBe(
      'base: chosen for 1 core',
    );
    expect(defaultWhisperModel({ cores: 7, totalBytes: 64 * GB, freeBytes: 60 * GB }).name).toBe('base');
  });

  it('picks base on 8 cores or more with little memory, and says so', () => {
    expect(defaultWhisperModel({ cores: 8, totalBytes: 16 * GB, freeBytes: 1.5 * GB })).toEqual({
      name: 'base',
      why: 'base: chosen for 1.5 GB free of 16.0 GB (small needs 2 GB free and 8 GB in all)',
    });
    expect(defaultWhisperModel({ cores: 12, totalBytes: 4 * GB, freeBytes: 3 * GB }).name).toBe('base');
  });

  it('picks small on 8 or more cores with enough memory, the quantised large-v3-turbo on 16 or more', () => {
    expect(defaultWhisperModel({ cores: 8, totalBytes: 8 * GB, freeBytes: 2 * GB })).toEqual({
      name: 'small',
      why: 'small: chosen for 8 cores and 2.0 GB free of 8.0 GB',
    });
    expect(defaultWhisperModel({ cores: 16, totalBytes: 16 * GB, freeBytes: 3 * GB }).name).toBe('small');
    expect(defaultWhisperModel({ cores: 16, totalBytes: 32 * GB, freeBytes: 12 * GB })).toEqual({
      name: 'large-v3-turbo-q5_0',
      why: 'large-v3-turbo-q5_0: chosen for 16 cores and 12.0 GB free of 32.0 GB',
    });
  });

  it('only ever picks catalogue models, and reads this machine sensibly', () => {
    for (const cores of [1, 2, 4, 8, 16, 64])
      for (const total of [1, 8, 16, 64])
        for (const free of [0.5, 2, 4, 32]) {
          const { name } = defaultWhisperModel({ cores, totalBytes: total * GB, freeBytes: free * GB });
          expect(findModel(name)?.sha256).toMatch(/^[0-9a-f]{64}$/);
        }
    const here = currentWhisperHardware();
    expect(here.cores).toBeGreaterThanOrEqual(1);
    expect(here.freeBytes).toBeGreaterThan(0);
    expect(here.freeBytes).toBeLessThanOrEqual(here.totalBytes);
  });
});

describe('model download (resumable, checked)', () => {
  const sha256 = createHash('sha256').update(payload).digest('hex');
  const toy: WhisperModelInfo = {
    name: 'toy',
    file: 'ggml-toy.bin',
    bytes: payload.length,
    sha256,
    multilingual: true,
    description: 'a test file',
  };
  const models = [toy];
  const plenty = async () => 1e12;
  const folder = (name: string) => path.join(dir, name);

  it('puts the file in place when size and checksum match, reporting progress', async () => {
    const seen: number[] = [];
    const result = await downloadModel('toy', {
      modelsDir: folder('ok'),
      baseUrl: base,
      models,
      freeBytes: plenty,
      onProgress: (received, total) => {
        expect(total).toBe(payload.length);
        seen.push(received);
      },
    });
    expect(result).toEqual({
      path: path.join(folder('ok'), 'ggml-toy.bin'),
      bytes: payload.length,
      alreadyPresent: false,
      resumedFrom: 0,
    });
    expect(readFileSync(result.path).equals(payload)).toBe(true);
    expect(seen.at(-1)).toBe(payload.length);
    expect(readdirSync(folder('ok'))).toEqual(['ggml-toy.bin']);
    const again = await downloadModel('toy', { modelsDir: folder('ok'), baseUrl: base, models });
    expect(again.alreadyPresent).toBe(true);
  });

  it('shares one download between callers, each told of its progress', async () => {
    const before = requests;
    const first: number[] = [];
    const second: number[] = [];
    const a = downloadModel('toy', {
      modelsDir: folder('shared'),
      baseUrl: base,
      models,
      freeBytes: plenty,
      onProgress: (received) => first.push(received),
    });
    expect(downloadProgress(folder('shared'), 'toy')).toEqual({
      receivedBytes: 0,
      totalBytes: payload.length,
    });
    const b = downloadModel('toy', {
      modelsDir: folder('shared'),
      baseUrl: base,
      models,
      onProgress: (received) => second.push(received),
    });
    expect(await a).toEqual(await b);
    expect(requests - before).toBe(1);
    expect(first.at(-1)).toBe(payload.length);
    expect(second.at(-1)).toBe(payload.length);
    expect(downloadProgress(folder('shared'), 'toy')).toBeUndefined();
  });

  it('fails fast when the server accepts the connection but never answers', async () => {
    // Requests asked, not connections made: undici opens a spare connection when one is aborted.
    let asked = 0;
    const silent = createTcpServer((socket) => {
      socket.once('data', () => asked++);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const err = await downloadModel('toy', {
      modelsDir: folder('silent'),
      baseUrl: `http://127.0.0.1:${port}`,
      models,
      freeBytes: plenty,
      connectTimeoutMs: 300,
    }).catch((e: unknown) => e);
    silent.close();
    // Fast: it gives up when its one request goes unanswered, without trying again.
    expect(asked).toBe(1);
    expect(err).toBeInstanceOf(ModelDownloadError);
    expect(err).toMatchObject({ code: 'unreachable' });
    expect((err as Error).message).toBe(
      `Could not download whisper model toy from http://127.0.0.1:${port}/ggml-toy.bin: no answer within 0.3 s.`,
    );
    expect(readdirSync(folder('silent'))).toEqual([]);
  });

  it('gives up on a download that stalls, keeps what arrived, and the next try resumes there', async () => {
    const err = await downloadModel('toy', {
      modelsDir: folder('stall'),
      baseUrl: `${base}/slow`,
      models,
      freeBytes: plenty,
      stallTimeoutMs: 300,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'unreachable' });
    expect((err as Error).message).toMatch(
      /: the download stalled for 0\.3 s \(0 MB kept; the next try resumes there\)\.$/,
    );
    expect(readdirSync(folder('stall'))).toEqual(['ggml-toy.bin.part']);
    const done = await downloadModel('toy', {
      modelsDir: folder('stall'),
      baseUrl: base,
      models,
      freeBytes: plenty,
    });
    expect(done.resumedFrom).toBe(1000);
    expect(lastRange).toBe('bytes=1000-');
    expect(readFileSync(done.path).equals(payload)).toBe(true);
    expect(readdirSync(folder('stall'))).toEqual(['ggml-toy.bin']);
  });

  it('stops when aborted, keeping what arrived for the next try', async () => {
    const controller = new AbortController();
    const pending = downloadModel('toy', {
      modelsDir: folder('abort'),
      baseUrl: `${base}/slow`,
      models,
      freeBytes: plenty,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(readdirSync(folder('abort'))).toEqual(['ggml-toy.bin.part']);
  });

  it('deletes a file whose checksum does not match, and says so', async () => {
    const err = await downloadModel('toy', {
      modelsDir: folder('wrong'),
      baseUrl: base,
      models: [{ ...toy, sha256: 'ab'.repeat(32) }],
      freeBytes: plenty,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'checksum' });
    expect((err as Error).message).toMatch(
      /^The download of whisper model toy from .*\/ggml-toy\.bin was not the expected file \(its SHA-256 is [0-9a-f]{64}, expected (ab){32}; the file was deleted\)\.$/,
    );
    expect(readdirSync(folder('wrong'))).toEqual([]);
  });

  it('checks the free disk space before fetching anything', async () => {
    const before = requests;
    const err = await downloadModel('toy', {
      modelsDir: folder('full'),
      baseUrl: base,
      models,
      freeBytes: async () => 1_000_000,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'no-space' });
    expect((err as Error).message).toMatch(/not enough free disk space/);
    expect(requests).toBe(before);
  });
});
