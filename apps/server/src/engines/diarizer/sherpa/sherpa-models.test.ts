import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { speakerModelDownloadWorker } from '../../../jobs/speaker-model-download.job.ts';
import type { JobContext } from '../../../queue/queue.ts';
import { makeConversation, meetingScript } from '../conversation-fixture.ts';
import { SherpaDiarizer } from './sherpa.diarizer.ts';
import {
  downloadSpeakerModel,
  listSpeakerModels,
  SPEAKER_MODELS,
  type SpeakerModelInfo,
  speakerModelFiles,
} from './sherpa-models.ts';

const run = promisify(execFile);
const fake = new FakeHttpServer();
let dir: string;
/** What the fake publisher serves, by path. */
const files = new Map<string, Buffer>();
const plenty = async () => 1e12;

/** The real catalogue, served from the fake server, with the given SHA-256 and sizes. */
function catalogue(overrides: Partial<Record<SpeakerModelInfo['role'], Partial<SpeakerModelInfo>>> = {}) {
  return SPEAKER_MODELS.map((m) => ({
    ...m,
    url: `${fake.url}/${path.basename(new URL(m.url).pathname)}`,
    ...overrides[m.role],
  }));
}

let cutAt: number | undefined;
/** A server that answers HEAD with 405, as some do. */
let refuseHead = false;

beforeAll(async () => {
  await fake.start();
  dir = await mkdtemp(path.join(os.tmpdir(), 'voxpress-speaker-models-'));
  // The toy models, packed as the publisher packs the real ones: the segmentation model in a
  // .tar.bz2 under its folder, the embedding model as a bare .onnx.
  const toy = path.join(dir, 'toy');
  await run('/usr/bin/python3', [path.join(import.meta.dirname, 'toy-models.py'), toy]);
  const folder = path.join(dir, 'pack', 'sherpa-onnx-pyannote-segmentation-3-0');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'model.onnx'), await readFile(path.join(toy, 'segmentation.onnx')));
  await writeFile(path.join(folder, 'LICENSE'), 'MIT License (toy)\n');
  const archive = path.join(dir, 'seg.tar.bz2');
  await run('tar', ['-cjf', archive, '-C', path.join(dir, 'pack'), 'sherpa-onnx-pyannote-segmentation-3-0']);
  files.set('/sherpa-onnx-pyannote-segmentation-3-0.tar.bz2', await readFile(archive));
  files.set(
    '/3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx',
    await readFile(path.join(toy, 'embedding.onnx')),
  );
  fake.handler = (req, res) => {
    const body = files.get(req.url.split('?')[0] ?? '');
    if (req.method === 'HEAD' && refuseHead) {
      res.writeHead(405).end();
      return;
    }
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    if (String(req.headers.range) === 'bytes=0-0') {
      res.writeHead(206, {
        'content-length': '1',
        'content-range': `bytes 0-0/${body.length}`,
      });
      res.end(body.subarray(0, 1));
      return;
    }
    const range = /^bytes=(\d+)-$/.exec(String(req.headers.range ?? ''));
    const from = range ? Number(range[1]) : 0;
    const rest = body.subarray(from);
    res.writeHead(from ? 206 : 200, {
      'content-length': String(rest.length),
      ...(from ? { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (cutAt !== undefined) {
      const at = cutAt;
      cutAt = undefined;
      res.write(rest.subarray(0, at), () => res.destroy());
      return;
    }
    res.end(rest);
  };
}, 60_000);

afterAll(async () => {
  await fake.stop();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  fake.received.length = 0;
  cutAt = undefined;
  refuseHead = false;
});

const progressOf = () => {
  const seen: number[] = [];
  return { seen, progress: async (percent: number) => void seen.push(percent) };
};

function jobContext(
  model: string,
  progress: (percent: number) => Promise<void>,
): JobContext<{ model: string }> {
  return {
    id: 'job-1',
    payload: { model },
    attempt: 1,
    maxAttempts: 1,
    signal: new AbortController().signal,
    progress,
  } as unknown as JobContext<{ model: string }>;
}

describe('speaker model downloads', () => {
  it('lists both models as not downloaded in an empty folder, with their licences', async () => {
    const listed = await listSpeakerModels(path.join(dir, 'empty'));
    expect(listed.map((m) => [m.name, m.role, m.downloaded, m.licence])).toEqual([
      ['pyannote-segmentation-3-0', 'segmentation', false, 'MIT'],
      ['3dspeaker-eres2net-base', 'embedding', false, 'Apache-2.0'],
    ]);
    // Nothing unconfirmed is written down as if it were.
    expect(SPEAKER_MODELS.every((m) => m.sha256 === null && m.bytes === null)).toBe(true);
    // The bounds leave room above the publisher's rounded figures (model.onnx 5.7M and
    // model.int8.onnx 1.5M inside the archive; the embedding model 39.6 MB) without being open-ended.
    const bound = Object.fromEntries(SPEAKER_MODELS.map((m) => [m.role, m.maxBytes]));
    expect(bound.segmentation).toBeGreaterThan((5.7 + 1.5) * 1024 * 1024);
    expect(bound.segmentation).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(bound.embedding).toBeGreaterThan(39.6e6);
    expect(bound.embedding).toBeLessThanOrEqual(48 * 1024 * 1024);
  });

  it('downloads both through the durable job, unpacks the archive, and the engine then runs on them', async () => {
    const modelsDir = path.join(dir, 'job');
    const models = catalogue();
    const job = speakerModelDownloadWorker({ modelsDir, models });
    const seg = progressOf();
    const first = await job.handler(jobContext('pyannote-segmentation-3-0', seg.progress));
    expect(first).toMatchObject({ model: 'pyannote-segmentation-3-0', alreadyPresent: false });
    expect(seg.seen.length).toBeGreaterThan(0);
    expect(await speakerModelFiles(modelsDir, models)).toBeNull();
    await job.handler(jobContext('3dspeaker-eres2net-base', progressOf().progress));
    const onDisk = await speakerModelFiles(modelsDir, models);
    expect(onDisk).not.toBeNull();
    // The archive is gone once its model is out; only the model and nothing partial is left.
    const listed = await listSpeakerModels(modelsDir, models);
    expect(listed.every((m) => m.downloaded && m.partialBytes === null)).toBe(true);
    await expect(
      stat(path.join(modelsDir, 'sherpa-onnx', 'sherpa-onnx-pyannote-segmentation-3-0.tar.bz2')),
    ).rejects.toThrow();
    // A second request finds it there and fetches nothing.
    fake.received.length = 0;
    const again = await job.handler(jobContext('pyannote-segmentation-3-0', progressOf().progress));
    expect(again.alreadyPresent).toBe(true);
    expect(fake.received).toHaveLength(0);

    const conversation = await makeConversation(
      dir,
      'job-two',
      meetingScript(['kal16', 'slt'], [0, 1, 0, 1]),
    );
    const result = await new SherpaDiarizer({ modelsDir, models }).diarize({
      wavPath: conversation.wavPath,
      durationS: conversation.durationS,
      speakers: 2,
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    expect(result.speakers).toBe(2);
  }, 60_000);

  it('resumes an interrupted download from where it stopped', async () => {
    const modelsDir = path.join(dir, 'resume');
    const models = catalogue();
    const body = files.get('/3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx') as Buffer;
    cutAt = 4000;
    await expect(
      downloadSpeakerModel('3dspeaker-eres2net-base', { modelsDir, models, freeBytes: plenty }),
    ).rejects.toMatchObject({ code: 'unreachable' });
    const [, embedding] = await listSpeakerModels(modelsDir, models);
    expect(embedding?.partialBytes).toBe(4000);
    fake.received.length = 0;
    const done = await downloadSpeakerModel('3dspeaker-eres2net-base', {
      modelsDir,
      models,
      freeBytes: plenty,
    });
    expect(done.resumedFrom).toBe(4000);
    expect(fake.received.find((r) => r.method === 'GET')?.headers.range).toBe('bytes=4000-');
    expect(await readFile(done.path)).toEqual(body);
  });

  it('deletes a file whose SHA-256 does not match where one is published, and says so', async () => {
    const modelsDir = path.join(dir, 'checksum');
    const models = catalogue({ embedding: { sha256: 'ab'.repeat(32) } });
    const job = speakerModelDownloadWorker({ modelsDir, models });
    await expect(
      job.handler(jobContext('3dspeaker-eres2net-base', progressOf().progress)),
    ).rejects.toMatchObject({
      name: 'PermanentJobError',
      message: expect.stringContaining('was not the expected file'),
    });
    expect(await listSpeakerModels(modelsDir, models)).toMatchObject([
      { downloaded: false, partialBytes: null },
      { downloaded: false, partialBytes: null },
    ]);
    // With the right one it is accepted.
    const body = files.get('/3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx') as Buffer;
    const right = catalogue({
      embedding: { sha256: createHash('sha256').update(body).digest('hex'), bytes: body.length },
    });
    await expect(
      downloadSpeakerModel('3dspeaker-eres2net-base', { modelsDir, models: right }),
    ).resolves.toMatchObject({ bytes: body.length, alreadyPresent: false });
  });

  it('learns the size from the first byte when the server will not answer HEAD', async () => {
    refuseHead = true;
    const modelsDir = path.join(dir, 'no-head');
    const models = catalogue();
    const body = files.get('/3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx') as Buffer;
    const done = await downloadSpeakerModel('3dspeaker-eres2net-base', { modelsDir, models });
    expect(done.bytes).toBe(body.length);
    expect(fake.received.map((r) => [r.method, r.headers.range])).toEqual([
      ['HEAD', undefined],
      ['GET', 'bytes=0-0'],
      ['GET', undefined],
    ]);
  });

  it('refuses a file larger than the catalogue allows before fetching it', async () => {
    const modelsDir = path.join(dir, 'too-big');
    const models = catalogue({ embedding: { maxBytes: 1000 } });
    await expect(
      downloadSpeakerModel('3dspeaker-eres2net-base', { modelsDir, models }),
    ).rejects.toMatchObject({
      code: 'size',
      message: expect.stringContaining('more than the 1000 expected at most'),
    });
    expect(fake.received.map((r) => r.method)).toEqual(['HEAD']);
  });

  it('fails fast and plainly when the publisher cannot be reached', async () => {
    const models = SPEAKER_MODELS.map((m) => ({ ...m, url: 'http://127.0.0.1:9/nothing.onnx' }));
    await expect(
      downloadSpeakerModel('3dspeaker-eres2net-base', { modelsDir: path.join(dir, 'offline'), models }),
    ).rejects.toMatchObject({
      code: 'unreachable',
      message: expect.stringContaining('Could not download speaker model'),
    });
    await expect(downloadSpeakerModel('nope', { modelsDir: dir })).rejects.toMatchObject({
      code: 'unknown-model',
    });
  });

  it('says so when the archive does not hold the model', async () => {
    const modelsDir = path.join(dir, 'bad-archive');
    const models = catalogue({
      segmentation: {
        archive: { format: 'tar.bz2', member: 'sherpa-onnx-pyannote-segmentation-3-0/other.onnx' },
      },
    });
    await expect(
      downloadSpeakerModel('pyannote-segmentation-3-0', { modelsDir, models }),
    ).rejects.toMatchObject({
      code: 'archive',
    });
    expect((await listSpeakerModels(modelsDir, models))[0]).toMatchObject({
      downloaded: false,
      partialBytes: null,
    });
  });
});
