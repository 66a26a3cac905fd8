import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  downloadKey,
  downloadLocalModel,
  localDownloads,
  UnknownLocalModelError,
} from '../writer/local/local-download.ts';
import { LocalLlmProvider } from '../writer/local/local-provider.ts';
import { LocalLlmRuntime } from '../writer/local/local-runtime.ts';
import { downloadResumable, ModelFileError } from './resumable-download.ts';

/** Waits for the file's server to be asked: the download that asked holds the lock and is at work. */
async function atWork(server: FakeHttpServer): Promise<void> {
  while (server.received.length === 0) await new Promise((r) => setTimeout(r, 5));
}

const fake = new FakeHttpServer();
const file = randomBytes(300_000);
const sha256 = createHash('sha256').update(file).digest('hex');
let dir: string;
const plenty = async () => 1e12;

beforeAll(async () => {
  await fake.start();
  dir = await mkdtemp(path.join(os.tmpdir(), 'voxpress-resume-'));
});
afterAll(async () => {
  await fake.stop();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  fake.received.length = 0;
});

/** Serves `file`, honouring a Range; with `cutAt` the first answer breaks off after that many bytes. */
function serve(options: { cutAt?: number; ignoreRange?: boolean; body?: Buffer } = {}) {
  let cut = options.cutAt;
  const body = options.body ?? file;
  fake.handler = (req, res) => {
    const range = /^bytes=(\d+)-$/.exec(String(req.headers.range ?? ''));
    const from = range && !options.ignoreRange ? Number(range[1]) : 0;
    const rest = body.subarray(from);
    res.writeHead(from ? 206 : 200, {
      'content-length': String(rest.length),
      ...(from ? { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : {}),
    });
    if (cut !== undefined) {
      const at = cut;
      cut = undefined;
      res.write(rest.subarray(0, at), () => res.destroy());
      return;
    }
    res.end(rest);
  };
}

describe('resumable model download', () => {
  it('keeps what arrived when the connection breaks, and asks only for the rest next time', async () => {
    const target = path.join(dir, 'resumed.gguf');
    serve({ cutAt: 120_000 });
    const progress: number[] = [];
    const first = await downloadResumable(`${fake.url}/m.gguf`, target, {
      sha256,
      bytes: file.length,
      freeBytes: plenty,
    }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ModelFileError);
    expect((first as ModelFileError).code).toBe('unreachable');
    expect((first as Error).message).toMatch(/the next try resumes there/);
    const kept = (await stat(`${target}.part`)).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(file.length);

    const second = await downloadResumable(`${fake.url}/m.gguf`, target, {
      sha256,
      bytes: file.length,
      freeBytes: plenty,
      onProgress: (received) => progress.push(received),
    });
    expect(second).toEqual({ bytes: file.length, resumedFrom: kept });
    expect(fake.received[1]?.headers.range).toBe(`bytes=${kept}-`);
    expect(progress[0]).toBeGreaterThan(kept);
    expect(progress.at(-1)).toBe(file.length);
    expect((await readFile(target)).equals(file)).toBe(true);
    await expect(stat(`${target}.part`)).rejects.toThrow();
  });

  it('starts again from the first byte when the server ignores the range', async () => {
    const target = path.join(dir, 'restarted.gguf');
    serve({ cutAt: 50_000, ignoreRange: true });
    await downloadResumable(`${fake.url}/m.gguf`, target, {
      sha256,
      bytes: file.length,
      freeBytes: plenty,
    }).catch(() => undefined);
    const again = await downloadResumable(`${fake.url}/m.gguf`, target, {
      sha256,
      bytes: file.length,
      freeBytes: plenty,
    });
    expect(again.resumedFrom).toBe(0);
    expect((await readFile(target)).equals(file)).toBe(true);
  });

  it('deletes a file whose checksum does not match, and says so', async () => {
    const target = path.join(dir, 'wrong.gguf');
    serve({ body: randomBytes(file.length) });
    const error = await downloadResumable(`${fake.url}/m.gguf`, target, {
      sha256,
      bytes: file.length,
      freeBytes: plenty,
    }).catch((e: unknown) => e);
    expect((error as ModelFileError).code).toBe('checksum');
    expect((error as Error).message).toMatch(/expected [0-9a-f]{64}; the file was deleted$/);
    await expect(stat(`${target}.part`)).rejects.toThrow();
    await expect(stat(target)).rejects.toThrow();
  });

  it('checks the free disk space before fetching anything', async () => {
    serve();
    const error = await downloadResumable(`${fake.url}/m.gguf`, path.join(dir, 'full.gguf'), {
      sha256,
      bytes: file.length,
      freeBytes: async () => 1_000_000,
    }).catch((e: unknown) => e);
    expect((error as ModelFileError).code).toBe('no-space');
    expect((error as Error).message).toMatch(/not enough free disk space/);
    expect(fake.received).toHaveLength(0);
  });

  it('lets one process at a time fetch a file: another waits, told of the progress, and gets the file', async () => {
    const target = path.join(dir, 'shared.gguf');
    // Slowly, in pieces, so that the second caller finds the first at work.
    fake.handler = (_req, res) => {
      res.writeHead(200, { 'content-length': String(file.length) });
      let at = 0;
      const next = () => {
        if (at >= file.length) return void res.end();
        const piece = file.subarray(at, at + 30_000);
        at += piece.length;
        res.write(piece, () => setTimeout(next, 20));
      };
      next();
    };
    const options = { sha256, bytes: file.length, freeBytes: plenty, lockHeartbeatMs: 40 };
    const seen: number[] = [];
    const first = downloadResumable(`${fake.url}/m.gguf`, target, options);
    await atWork(fake);
    const second = downloadResumable(`${fake.url}/m.gguf`, target, {
      ...options,
      onProgress: (received) => seen.push(received),
    });
    expect(await first).toEqual({ bytes: file.length, resumedFrom: 0 });
    expect((await second).bytes).toBe(file.length);
    expect(fake.received).toHaveLength(1);
    expect(seen.some((n) => n > 0 && n < file.length)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect((await readFile(target)).equals(file)).toBe(true);
    await expect(stat(`${target}.part.lock`)).rejects.toThrow();
  });

  it('takes over when the process that was downloading stops, resuming from what it kept', async () => {
    const target = path.join(dir, 'taken-over.gguf');
    // The first answer comes slowly and breaks off after 120 000 bytes; later ones honour a range.
    let answers = 0;
    fake.handler = (req, res) => {
      const from = Number(/^bytes=(\d+)-$/.exec(String(req.headers.range ?? ''))?.[1] ?? 0);
      const rest = file.subarray(from);
      res.writeHead(from ? 206 : 200, {
        'content-length': String(rest.length),
        ...(from ? { 'content-range': `bytes ${from}-${file.length - 1}/${file.length}` } : {}),
      });
      if (answers++ > 0) return void res.end(rest);
      let at = 0;
      const next = () => {
        if (at >= 120_000) return void res.destroy();
        const piece = rest.subarray(at, at + 30_000);
        at += piece.length;
        res.write(piece, () => setTimeout(next, 20));
      };
      next();
    };
    const options = { sha256, bytes: file.length, freeBytes: plenty, lockHeartbeatMs: 40 };
    const first = downloadResumable(`${fake.url}/m.gguf`, target, options).catch((e: unknown) => e);
    await atWork(fake);
    // The second finds the first at work, and waits for it.
    await expect(stat(`${target}.part.lock`)).resolves.toBeTruthy();
    const second = await downloadResumable(`${fake.url}/m.gguf`, target, options);
    expect(await first).toMatchObject({ code: 'unreachable' });
    expect(second.bytes).toBe(file.length);
    expect(second.resumedFrom).toBeGreaterThan(0);
    expect(fake.received[1]?.headers.range).toBe(`bytes=${second.resumedFrom}-`);
    expect((await readFile(target)).equals(file)).toBe(true);
  });

  it('does not wait for a lock left behind by a process that is gone', async () => {
    serve();
    const dead = path.join(dir, 'dead-owner.gguf');
    await writeFile(`${dead}.part.lock`, JSON.stringify({ pid: 2 ** 22 + 4321, host: os.hostname() }));
    // Heartbeats of a minute: the dead owner's fresh lock would only go stale after six minutes,
    // while the other machine's lock was last renewed seven minutes ago.
    const lockHeartbeatMs = 60_000;
    const elsewhere = path.join(dir, 'old-lock.gguf');
    await writeFile(`${elsewhere}.part.lock`, JSON.stringify({ pid: 1, host: 'another-machine' }));
    const old = new Date(Date.now() - 7 * lockHeartbeatMs);
    await utimes(`${elsewhere}.part.lock`, old, old);
    for (const target of [dead, elsewhere]) {
      // Waiting for the lock's owner first reports the partial file's size, 0 bytes; taking the
      // lock over at once reports only bytes received. A wait stops the download, failing the test.
      const controller = new AbortController();
      const seen: number[] = [];
      const result = await downloadResumable(`${fake.url}/m.gguf`, target, {
        sha256,
        bytes: file.length,
        freeBytes: plenty,
        lockHeartbeatMs,
        signal: controller.signal,
        onProgress: (received) => {
          seen.push(received);
          if (received === 0) controller.abort(new Error(`waited for the lock of ${target}`));
        },
      });
      expect(result.bytes).toBe(file.length);
      expect(seen.at(-1)).toBe(file.length);
      expect(seen).not.toContain(0);
      await expect(stat(`${target}.part.lock`)).rejects.toThrow();
    }
    expect(fake.received).toHaveLength(2);
  });

  it('stops waiting for another process when aborted', async () => {
    const target = path.join(dir, 'wait-abort.gguf');
    await writeFile(`${target}.part.lock`, JSON.stringify({ pid: process.pid, host: os.hostname() }));
    const controller = new AbortController();
    const pending = downloadResumable(`${fake.url}/m.gguf`, target, {
      sha256,
      bytes: file.length,
      freeBytes: plenty,
      signal: controller.signal,
      lockHeartbeatMs: 1000,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.received).toHaveLength(0);
    await rm(`${target}.part.lock`);
  });

  it('fetches a catalogue model from the configured address and refuses an unknown name', async () => {
    serve({ body: Buffer.from('too short') });
    const error = await downloadLocalModel('qwen3-1.7b-q4', {
      modelsDir: dir,
      baseUrl: `${fake.url}/mirror/`,
      freeBytes: plenty,
    }).catch((e: unknown) => e);
    expect(fake.received[0]?.url).toBe(
      '/mirror/ggml-org/Qwen3-1.7B-GGUF/resolve/main/Qwen3-1.7B-Q4_K_M.gguf',
    );
    expect((error as ModelFileError).code).toBe('size');
    expect((error as Error).message).toMatch(
      /^The download of built-in model qwen3-1\.7b-q4 from .* was not the expected file/,
    );
    await expect(downloadLocalModel('gpt-9', { modelsDir: dir, baseUrl: fake.url })).rejects.toBeInstanceOf(
      UnknownLocalModelError,
    );
  });

  it('downloads the configured model in the background when asked to, and its status says how that went', async () => {
    fake.handler = (_req, res) => {
      res.writeHead(404).end('no such file');
    };
    const provider = new LocalLlmProvider(
      {
        model: 'qwen3-4b',
        modelChosen: false,
        modelsDir: path.join(dir, 'auto'),
        modelsUrl: fake.url,
        autoDownload: true,
        threads: 1,
        contextTokens: 4096,
        idleMs: 60_000,
        gpu: false,
        temperature: 0.3,
        maxTokens: 512,
        heapLimitMb: 256,
        parallel: 1,
      },
      new LocalLlmRuntime({ idleMs: 60_000 }),
      (model) => localDownloads.get(downloadKey(path.join(dir, 'auto'), model)),
    );
    const first = await provider.status();
    expect(first.state).toBe('missing');
    expect(first.reason).toMatch(/^Built-in model qwen3-4b: downloading 0 %$/);
    while (localDownloads.get(downloadKey(path.join(dir, 'auto'), 'qwen3-4b'))?.state !== 'failed')
      await new Promise((r) => setImmediate(r));
    const failed = await provider.status();
    expect(failed.state).toBe('misconfigured');
    expect(failed.detail).toMatch(
      /^failed: Could not download built-in model qwen3-4b from .*: the server answered 404/,
    );
    expect(fake.received).toHaveLength(1);
  });
});
