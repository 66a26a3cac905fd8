import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { postAudioFile, signUp } from '../../../test/http.ts';
import { readUntil } from '../../../test/wait.ts';
import { parseStreams } from '../../audio/video-inspect.ts';
import { startWorkers } from '../../boot.ts';
import { audio, transcriptions } from '../../db/schema.ts';

const run = promisify(execFile);
const SPEECH = 'Good morning everyone. Today I want to share a few ideas about working from home.';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A test picture for as long as the speech lasts, with the speech as its sound, in `container`. */
async function video(dir: string, name: string, wav: string | null, codecs: string[]): Promise<Buffer> {
  const out = path.join(dir, name);
  const picture = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10'];
  const sound = wav ? ['-i', wav, '-shortest'] : ['-t', '3'];
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    ...picture,
    ...sound,
    ...codecs,
    out,
  ]);
  return readFileSync(out);
}

const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

describe('video uploads: the sound is taken out and transcribed, the video and a poster frame are kept', () => {
  let t: TestContext;
  let token: string;
  let fixtures: string;
  let wav: string;
  beforeAll(async () => {
    t = await createTestContext('pglite', { startWorkers: false, env: { SPEECH_ENGINES: 'pocketsphinx' } });
    token = await signUp(t.app, 'video@example.com');
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-video-'));
    wav = await makeSpeechWav(SPEECH, fixtures);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  const rowOf = async (id: string) =>
    (await t.ctx.database.db.select().from(audio).where(eq(audio.id, id)))[0];

  it.each([
    ['H.264/AAC MP4', 'talk.mp4', [...H264, '-c:a', 'aac', '-f', 'mp4'], 'mp4', 'video/mp4'],
    ['phone MOV', 'IMG_0042.mov', [...H264, '-c:a', 'aac', '-f', 'mov'], 'mov', 'video/quicktime'],
    [
      'VP9/Opus WebM',
      'download.webm',
      ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', '-f', 'webm'],
      'webm',
      'video/webm',
    ],
    ['MKV', 'stream.mkv', [...H264, '-c:a', 'libvorbis', '-f', 'matroska'], 'mkv', 'video/x-matroska'],
    ['AVI', 'old.avi', ['-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-f', 'avi'], 'avi', 'video/x-msvideo'],
  ])(
    'accepts a %s by its bytes, keeps it with its poster frame and its sound',
    async (_label, name, codecs, format, mime) => {
      const bytes = await video(fixtures, name, wav, codecs);
      // The name says nothing: the bytes decide.
      const res = await postAudioFile(
        t.app,
        token,
        { name: `${name}.bin`, content: bytes },
        { language: 'en-US' },
      );
      expect(res.statusCode, res.body).toBe(201);
      const item = res.json().data;
      expect(item).toMatchObject({
        file_format: format,
        mime_type: mime,
        video: {
          poster_path: `/api/v1/audio/${item.id}/poster`,
          sound_path: `/api/v1/audio/${item.id}/sound`,
        },
      });
      // The speech lasts about 5 s; the item's length is its sound's.
      expect(item.duration_s).toBeGreaterThan(3.5);
      expect(item.duration_s).toBeLessThan(8);

      const poster = await t.app.inject({
        method: 'GET',
        url: `/api/v1/audio/${item.id}/poster`,
        headers: auth(token),
      });
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/jpeg');
      expect(poster.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      const sound = await t.app.inject({
        method: 'GET',
        url: `/api/v1/audio/${item.id}/sound`,
        headers: auth(token),
      });
      expect(sound.statusCode).toBe(200);
      expect(sound.headers['content-type']).toBe('audio/mp4');
      expect(sound.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/v1/audio/${item.id}/download`,
        headers: auth(token),
      });
      expect(download.headers['content-type']).toBe(mime);
      expect(download.rawPayload.equals(bytes)).toBe(true);
      // Only the owner reaches them.
      const eve = await signUp(t.app, `eve-${format}@example.com`);
      for (const part of ['poster', 'sound']) {
        const other = await t.app.inject({
          method: 'GET',
          url: `/api/v1/audio/${item.id}/${part}`,
          headers: auth(eve),
        });
        expect(other.statusCode).toBe(404);
      }
    },
  );

  it('refuses a video with no sound track with its own message and code, keeping nothing', async () => {
    const bytes = await video(fixtures, 'silent.mp4', null, [...H264, '-f', 'mp4']);
    const before = (await t.ctx.database.db.select().from(audio)).length;
    const res = await postAudioFile(t.app, token, { name: 'screen.mp4', content: bytes });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      detail:
        'This video has no sound track, so there is nothing to transcribe. Choose a video with sound, or upload its audio file.',
      code: 'video_no_audio',
    });
    expect((await t.ctx.database.db.select().from(audio)).length).toBe(before);
    expect(await t.ctx.scratch.files()).toEqual([]);
  });

  it('refuses a cut-off MP4 as damaged', async () => {
    // Written without faststart, the index sits at the end: a partial download has none.
    const whole = await video(fixtures, 'whole.mp4', wav, [...H264, '-c:a', 'aac', '-f', 'mp4']);
    const res = await postAudioFile(t.app, token, {
      name: 'partial.mp4',
      content: whole.subarray(0, Math.floor(whole.length * 0.6)),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      detail:
        'The video could not be read. The file may be damaged or incomplete; try exporting or downloading it again.',
      code: 'audio_undecodable',
    });
    expect(await t.ctx.scratch.files()).toEqual([]);
  });

  it('keeps the spec refusal for a file that is neither audio nor video', async () => {
    const res = await postAudioFile(t.app, token, {
      name: 'notes.mp4',
      content: Buffer.from('%PDF-1.7\n'.repeat(50)),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Please upload a valid audio file (MP3, WAV, M4A, or OGG).');
  });

  it('transcribes the speech a video carries', async () => {
    const bytes = await video(fixtures, 'talk2.mp4', wav, [...H264, '-c:a', 'aac', '-f', 'mp4']);
    const res = await postAudioFile(
      t.app,
      token,
      { name: 'talk.mp4', content: bytes },
      { language: 'en-US' },
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;
    await startWorkers(t.ctx);
    const done = await readUntil(
      () => rowOf(id),
      (row) => row?.status === 'completed' || row?.status === 'failed',
      { timeoutMs: 90_000 },
    );
    expect(done?.status, done?.error ?? '').toBe('completed');
    const [text] = await t.ctx.database.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.audioId, id));
    const said = (text?.originalText ?? '').toLowerCase();
    for (const word of ['morning', 'ideas', 'working', 'home']) expect(said).toContain(word);
  }, 120_000);

  it('takes a video through a signed upload link too, and removes its companions with it', async () => {
    const bytes = await video(fixtures, 'linked.mp4', wav, [...H264, '-c:a', 'aac', '-f', 'mp4']);
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(token),
      payload: { title: 'Linked', file_format: 'mp4', file_size_bytes: bytes.length },
    });
    expect(init.statusCode, init.body).toBe(200);
    const { audio_id, presigned_url, headers } = init.json();
    expect(
      (await t.app.inject({ method: 'PUT', url: presigned_url, headers, payload: bytes })).statusCode,
    ).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/${audio_id}/complete`,
      headers: auth(token),
    });
    expect(done.statusCode, done.body).toBeLessThan(300);
    const item = (
      await t.app.inject({ method: 'GET', url: `/api/v1/audio/${audio_id}`, headers: auth(token) })
    ).json();
    expect(item).toMatchObject({
      file_format: 'mp4',
      mime_type: 'video/mp4',
      video: { sound_path: expect.any(String) },
    });
    const userId = (await rowOf(audio_id))?.userId;
    const keys = async () => {
      const found: string[] = [];
      for await (const blob of t.ctx.blobs.list(`audio/${userId}/${audio_id}`)) found.push(blob.key);
      return found.sort();
    };
    expect((await keys()).map((k) => k.replace(/^.*\//, '').replace(audio_id, 'ID'))).toEqual([
      'ID.mp4',
      'ID.mp4.audio.m4a',
      'ID.mp4.poster.jpg',
    ]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/audio/${audio_id}`,
      headers: auth(token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await keys()).toEqual([]);
  });

  it('holds the sound of a video to MAX_AUDIO_MINUTES', async () => {
    const limited = await createTestContext('pglite', {
      startWorkers: false,
      env: { MAX_AUDIO_MINUTES: '1' },
    });
    try {
      const out = path.join(fixtures, 'long.mp4');
      await run('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
        ...[
          '-f',
          'lavfi',
          '-i',
          'testsrc=size=64x48:rate=1',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=300:sample_rate=8000',
        ],
        ...['-t', '75', ...H264, '-c:a', 'aac', '-b:a', '16k', '-f', 'mp4', out],
      ]);
      const owner = await signUp(limited.app, 'long@example.com');
      const res = await postAudioFile(limited.app, owner, { name: 'long.mp4', content: readFileSync(out) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'audio_too_long', params: { limit_s: 60 } });
      expect(await limited.ctx.scratch.files()).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it('reads ffmpeg stream lists: a cover picture is not a video', () => {
    expect(
      parseStreams(
        '  Stream #0:0: Audio: mp3, 44100 Hz, stereo\n  Stream #0:1: Video: mjpeg, yuvj420p, 500x500 (attached pic)\n',
      ),
    ).toEqual({ video: false, audio: true });
    expect(parseStreams('  Stream #0:0[0x1](und): Video: h264 (High), yuv420p, 320x240\n')).toEqual({
      video: true,
      audio: false,
    });
  });
});
