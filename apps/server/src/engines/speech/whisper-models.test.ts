import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadVerified } from './verified-download.ts';
import {
  downloadModel,
  listModels,
  ModelDownloadError,
  modelPath,
  WHISPER_MODELS,
} from './whisper-models.ts';

let dir: string;
let server: Server;
let base: string;
const payload = Buffer.from('pretend model bytes '.repeat(5000));
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-models-'));
  server = createHttpServer((req, res) => {
    if (req.url === '/slow') {
      res.writeHead(200, { 'content-length': String(payload.length) });
      res.write(payload.subarray(0, 1000)); // then nothing more
      return;
    }
    res.writeHead(200, { 'content-length': String(payload.length) }).end(payload);
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
    const listed = await listModels(models);
    expect(listed.find((m) => m.name === 'base')).toMatchObject({
      downloaded: true,
      sizeOnDisk: 1,
      custom: false,
    });
    expect(listed.find((m) => m.name === 'tiny')).toMatchObject({ downloaded: false, sizeOnDisk: null });
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

describe('verified download', () => {
  const sha = createHash('sha256').update(payload).digest('hex');

  it('renames the file into place when size and checksum match, reporting progress', async () => {
    const target = path.join(dir, 'ok', 'file.bin');
    const seen: number[] = [];
    const result = await downloadVerified(`${base}/file`, target, {
      sha256: sha,
      bytes: payload.length,
      onProgress: (received, total) => {
        expect(total).toBe(payload.length);
        seen.push(received);
      },
    });
    expect(result).toEqual({ bytes: payload.length, sha256: sha });
    expect(readFileSync(target).equals(payload)).toBe(true);
    expect(seen.at(-1)).toBe(payload.length);
    expect(readdirSync(path.dirname(target))).toEqual(['file.bin']);
  });

  it('fails fast when the server accepts the connection but never answers', async () => {
    const silent = createTcpServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const target = path.join(dir, 'silent', 'file.bin');
    const started = performance.now();
    const err = await downloadVerified(`http://127.0.0.1:${port}/file`, target, {
      sha256: sha,
      bytes: null,
      connectTimeoutMs: 300,
    }).catch((e: unknown) => e);
    silent.close();
    expect(performance.now() - started).toBeLessThan(1500);
    expect(err).toMatchObject({ code: 'unreachable', message: 'no answer within 0.3 s' });
    expect(readdirSync(path.dirname(target))).toEqual([]);
  });

  it('gives up on a download that stalls, and keeps nothing', async () => {
    const target = path.join(dir, 'stall', 'file.bin');
    const err = await downloadVerified(`${base}/slow`, target, {
      sha256: sha,
      bytes: payload.length,
      stallTimeoutMs: 300,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'unreachable', message: 'the download stalled for 0.3 s' });
    expect(readdirSync(path.dirname(target))).toEqual([]);
  });

  it('stops when aborted, and keeps nothing', async () => {
    const target = path.join(dir, 'abort', 'file.bin');
    const controller = new AbortController();
    const pending = downloadVerified(`${base}/slow`, target, {
      sha256: sha,
      bytes: payload.length,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(readdirSync(path.dirname(target))).toEqual([]);
  });
});
