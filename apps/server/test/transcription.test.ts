import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FIXTURE_PARAGRAPH, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { wordErrorRate } from '@voxpress/test-kit/wer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audio, transcriptions } from '../src/db/schema.ts';
import { createTestContext, drivers, type TestContext } from './harness.ts';
import { postAudioFile, signUp } from './http.ts';

interface Harness {
  t: TestContext;
  token: string;
  upload(file: Buffer, name: string, fields?: Record<string, string>): Promise<string>;
  get(url: string): Promise<{ statusCode: number; json(): Record<string, unknown> & { [k: string]: never } }>;
  until(id: string, done: (a: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<AudioBody>;
}
type AudioBody = Record<string, unknown> & {
  status: string;
  transcription_status: string;
  error: string | null;
  progress: { percent: number; message: string | null };
};

async function harness(driver: (typeof drivers)[number], env: Record<string, string>): Promise<Harness> {
  const t = await createTestContext(driver, { env: { AUTH_RATE_LIMIT: '1000', ...env } });
  const token = await signUp(t.app, `user${Math.random().toString(36).slice(2)}@example.com`);
  const headers = { authorization: `Bearer ${token}` };
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers }) as never;
  return {
    t,
    token,
    get,
    async upload(file, name, fields = {}) {
      const res = await postAudioFile(
        t.app,
        token,
        { name, content: file },
        { language: 'en-US', ...fields },
      );
      if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
      return res.json().data.audio_id as string;
    },
    async until(id, done, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const body = (await t.app.inject({ method: 'GET', url: `/api/v1/audio/${id}`, headers })).json();
        if (done(body)) return body as AudioBody;
        if (Date.now() > deadline) throw new Error(`timed out; last state ${JSON.stringify(body)}`);
        await sleep(100);
      }
    },
  };
}

const finished = (a: Record<string, unknown>) => a.status === 'completed' || a.status === 'failed';

describe.each(drivers)('transcription with PocketSphinx on %s', (driver) => {
  let h: Harness;
  let fixtures: string;
  let speech: Buffer;
  let audioId: string;
  beforeAll(async () => {
    h = await harness(driver, { SPEECH_ENGINES: 'pocketsphinx' });
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-tx-'));
    speech = readFileSync(await makeAudioFile(FIXTURE_PARAGRAPH, 'mp3', fixtures));
  });
  afterAll(async () => {
    await h?.t.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  it('transcribes an upload on its own, with real progress, into an accurate timed transcript', async () => {
    audioId = await h.upload(speech, 'paragraph.mp3');
    const seen: number[] = [];
    const done = await h.until(audioId, (a) => {
      seen.push((a as AudioBody).progress.percent);
      return finished(a);
    });
    expect(done).toMatchObject({ status: 'completed', transcription_status: 'completed', error: null });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const res = await h.get(`/api/v1/audio/${audioId}/transcription`);
    expect(res.statusCode).toBe(200);
    const t = res.json() as unknown as {
      text: string;
      provider: string;
      language: string;
      edited: boolean;
      confidence_score: number | null;
      segments: { start: number; end: number; text: string }[];
      metadata: { transcriptions: { provider: string; reason: string }[] };
    };
    expect(wordErrorRate(FIXTURE_PARAGRAPH, t.text)).toBeLessThanOrEqual(0.15);
    expect(t).toMatchObject({ provider: 'pocketsphinx', edited: false });
    expect(t.language).toMatch(/^en/);
    expect(t.metadata.transcriptions[0]?.provider).toBe('pocketsphinx');
    expect(t.metadata.transcriptions[0]?.reason).toMatch(/pocketsphinx/i);
    expect(t.segments.length).toBeGreaterThan(0);
    for (let i = 1; i < t.segments.length; i++)
      expect(t.segments[i]?.start).toBeGreaterThanOrEqual(t.segments[i - 1]?.start ?? 0);

    // The engine's word confidences feed the dashboard's accuracy figure.
    expect(t.confidence_score).toBeGreaterThan(0.5);
    expect(t.confidence_score).toBeLessThanOrEqual(1);
    const stats = (await h.get('/api/v1/audio/stats')).json() as unknown as Record<string, unknown>;
    expect(stats).toMatchObject({ transcribed: 1, failed: 0, success_rate: 1 });
    expect(stats.accuracy_rate).toBeCloseTo(t.confidence_score ?? 0, 3);
    // The figures are measured, not assumed; how fast this machine is belongs in `npm run bench`.
    const performance = stats.performance as { speed: number; turnaround_s: number; engines: unknown };
    expect(performance.engines).toEqual([{ provider: 'pocketsphinx', transcripts: 1 }]);
    expect(performance.speed).toBeGreaterThan(0);
    expect(Number.isFinite(performance.speed)).toBe(true);
    expect(performance.turnaround_s).toBeGreaterThan(0);
    expect(stats.this_month).toMatchObject({ recordings: 1, transcribed: 1 });
  });

  it('lays the transcript out for reading: sentences where the speaker ended one, in paragraphs', async () => {
    const t = (await h.get(`/api/v1/audio/${audioId}/transcription`)).json() as unknown as {
      text: string;
      segments: { start: number; end: number; text: string }[];
      paragraphs: {
        text: string;
        segment_ids: number[];
        start: number | null;
        sentences: { text: string; segment_ids: number[]; start: number | null; end: number | null }[];
      }[];
    };
    const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
    expect(t.paragraphs.length).toBeGreaterThan(0);
    const sentences = t.paragraphs.flatMap((p) => p.sentences);
    // Every word the engine heard, once and in order.
    expect(sentences.flatMap((s) => words(s.text))).toEqual(words(t.text));
    expect(t.paragraphs.map((p) => p.text).join(' ')).toBe(sentences.map((s) => s.text).join(' '));
    // The engine closes every segment with a full stop ("every. Day"); reading, segments that follow
    // each other without a pause run on within one sentence.
    expect(sentences.length).toBeLessThanOrEqual(t.segments.length);
    const readWords = sentences.map((s) => ` ${words(s.text).join(' ')} `);
    let joins = 0;
    for (let i = 1; i < t.segments.length; i++) {
      const before = t.segments[i - 1];
      const after = t.segments[i];
      if (!before || !after || after.start - before.end >= 0.1) continue;
      const pair = ` ${words(before.text).at(-1)} ${words(after.text)[0]} `;
      expect(
        readWords.some((s) => s.includes(pair)),
        pair,
      ).toBe(true);
      joins++;
    }
    for (let i = 1; i < sentences.length; i++)
      expect(sentences[i]?.start ?? 0).toBeGreaterThanOrEqual(sentences[i - 1]?.end ?? 0);
    expect(joins, 'the recording has segments that follow without a pause').toBeGreaterThan(0);
    for (const s of sentences) {
      expect(s.text).toMatch(/^\p{Lu}/u);
      expect(s.text).toMatch(/[.!?]$/);
      expect(s.start).toBeLessThanOrEqual(s.end ?? 0);
    }
  });

  it('keeps the original when the transcript is edited, with a version history', async () => {
    const headers = { authorization: `Bearer ${h.token}` };
    const before = (await h.get(`/api/v1/audio/${audioId}/transcription`)).json() as unknown as {
      text: string;
      version: number;
    };
    const edit = await h.t.app.inject({
      method: 'PUT',
      url: `/api/v1/audio/${audioId}/transcription`,
      headers,
      payload: {
        text: 'An edited transcript.',
        html: '<p>An <strong>edited</strong> transcript.</p>',
        version: before.version,
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      text: 'An edited transcript.',
      html: '<p>An <strong>edited</strong> transcript.</p>',
      original_text: before.text,
      edited: true,
      versions_count: 1,
      // The reading layout follows the edit, not what the engine heard.
      paragraphs: [{ text: 'An edited transcript.', sentences: [{ text: 'An edited transcript.' }] }],
    });
    const txt = await h.t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${audioId}/transcription/export?format=txt`,
      headers,
    });
    expect(txt.body).toBe('An edited transcript.\n');
    expect(txt.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''paragraph\.txt$/);

    const back = await h.t.app.inject({
      method: 'PUT',
      url: `/api/v1/audio/${audioId}/transcription`,
      headers,
      payload: { text: before.text, version: edit.json().version },
    });
    expect(back.json()).toMatchObject({ text: before.text, edited: false, html: null });
    expect(back.json().versions_count).toBe(2);
    const versions = await h.t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${audioId}/transcription/versions`,
      headers,
    });
    expect(versions.json().items).toMatchObject([
      { text: 'An edited transcript.', html: '<p>An <strong>edited</strong> transcript.</p>' },
      { text: before.text, html: null },
    ]);
  });

  it('finds audio by the words of its title or transcript, only among the user’s own', async () => {
    const search = async (q: string, token = h.token) =>
      (
        await h.t.app.inject({
          method: 'GET',
          url: `/api/v1/audio?q=${encodeURIComponent(q)}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json() as { total: number; items: { audio_id: string; match?: string }[] };
    const ids = async (q: string) => (await search(q)).items.map((i) => i.audio_id);
    expect(await ids('MORNING everyone')).toEqual([audioId]);
    // An upload without a title is named after its file.
    expect(await ids('paragraph')).toEqual([audioId]);
    // Where the words are in the transcript, the passage around them comes along.
    expect((await search('morning')).items[0]?.match).toMatch(/^good morning everyone\b.*…$/i);
    expect((await search('paragraph')).items[0]?.match).toBeUndefined();
    expect(await ids('morning zebra')).toEqual([]);
    // Only the current transcript counts: an earlier one (a run replaced by Transcribe again) does not.
    const [row] = await h.t.ctx.database.db.select().from(audio).where(eq(audio.id, audioId));
    await h.t.ctx.database.db.insert(transcriptions).values({
      audioId,
      userId: row?.userId ?? '',
      originalText: 'An earlier run heard a zebra.',
      language: 'en-US',
      provider: 'pocketsphinx',
    });
    expect(await ids('zebra')).toEqual([]);
    // LIKE wildcards are plain characters here.
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    const stranger = await signUp(h.t.app, `stranger${Math.random().toString(36).slice(2)}@example.com`);
    expect((await search('morning', stranger)).total).toBe(0);
  });

  it('exports subtitles with the engine’s timing', async () => {
    const headers = { authorization: `Bearer ${h.token}` };
    const srt = await h.t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${audioId}/transcription/export?format=srt`,
      headers,
    });
    expect(srt.statusCode).toBe(200);
    expect(srt.body).toMatch(/^1\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\n\S/);
    const vtt = await h.t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${audioId}/transcription/export?format=vtt`,
      headers,
    });
    expect(vtt.body.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
  });

  it('pushes status over server-sent events and ends with a complete event', async () => {
    const id = await h.upload(speech, 'again.mp3');
    const base = await h.t.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${base}/api/v1/audio/${id}/status?token=${h.token}`);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await res.text();
    const events = text
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map((block) => ({
        event: /^event: (.+)$/m.exec(block)?.[1] ?? 'message',
        data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}'),
      }));
    const last = events.at(-1);
    expect(last?.event).toBe('complete');
    expect(last?.data).toMatchObject({
      audio_id: id,
      status: 'completed',
      transcription_status: 'completed',
    });
    expect(last?.data.transcription_id).toEqual(expect.any(String));
    const percents = events.map((e) => e.data.progress.percent as number);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(events.some((e) => /Transcribing/.test(e.data.progress.message ?? ''))).toBe(true);
  });

  it('fails clearly for a language no engine here can transcribe, and keeps the audio', async () => {
    const id = await h.upload(speech, 'spanish.mp3', { language: 'es-ES' });
    const done = await h.until(id, finished);
    expect(done).toMatchObject({ status: 'failed', transcription_status: 'failed' });
    expect(done.error).toBe(
      'Transcription in Spanish is not available on this server. Ask your administrator to enable a speech engine for it.',
    );
    const file = await h.t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${id}/download`,
      headers: { authorization: `Bearer ${h.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(speech.length);
    // Asking again in English works on the same audio.
    const again = await h.t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/${id}/transcribe?language=en-US`,
      headers: { authorization: `Bearer ${h.token}` },
    });
    expect(again.statusCode).toBe(202);
    expect(await h.until(id, finished)).toMatchObject({ status: 'completed' });
  });

  it('fails clearly when the stored audio turns out to be corrupt, keeping the item', async () => {
    await h.t.ctx.queue.stop(100);
    const id = await h.upload(speech, 'corrupt.mp3');
    const [row] = await h.t.ctx.database.db.select().from(audio).where(eq(audio.id, id));
    writeFileSync(path.join(h.t.dataDir, 'blobs', ...(row?.blobKey ?? '').split('/')), 'garbage'.repeat(100));
    await h.t.ctx.queue.start();
    const done = await h.until(id, finished);
    expect(done).toMatchObject({ status: 'failed', transcription_status: 'failed' });
    expect(done.error).toMatch(/could not be decoded/);
    expect((await h.get(`/api/v1/audio/${id}`)).statusCode).toBe(200);
  });

  it('titles a recording without a title by its first words once heard; a given title stays', async () => {
    const named = await h.upload(speech, 'recording.mp3', { source: 'recording', title: 'Team tips' });
    const unnamed = await h.upload(speech, 'recording.mp3', { source: 'recording' });
    const provisional = (await h.get(`/api/v1/audio/${unnamed}`)).json();
    expect(provisional.title).toMatch(/^Voice Recording \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(await h.until(named, finished)).toMatchObject({ status: 'completed', title: 'Team tips' });
    const done = await h.until(unnamed, finished);
    expect(done.status).toBe('completed');
    const text = String((await h.get(`/api/v1/audio/${unnamed}/transcription`)).json().text);
    const first = text.split(/\s+/).slice(0, 8).join(' ');
    expect(done.title).toBe(`${first.replace(/[,;:.!?-]+$/u, '')}…`);
    expect(done.title).toMatch(/^Good morning everyone/i);
  });
});

describe('speech engine error paths', () => {
  let fixtures: string;
  let speech: Buffer;
  beforeAll(async () => {
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-tx-err-'));
    speech = readFileSync(await makeAudioFile('Hello there, this is a short test.', 'wav', fixtures));
  });
  afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

  const failsWith = async (env: Record<string, string>, prepare?: (dataDir: string) => void) => {
    const h = await harness('pglite', env);
    try {
      prepare?.(h.t.dataDir);
      const id = await h.upload(speech, 'short.wav');
      const done = await h.until(id, finished, 60_000);
      expect(done).toMatchObject({ status: 'failed', transcription_status: 'failed' });
      expect((await h.get(`/api/v1/audio/${id}`)).statusCode).toBe(200);
      return done.error ?? '';
    } finally {
      await h.t.close();
    }
  };

  // Users are told plainly what is wrong; the paths, variables and commands that fix it are for
  // the administrator (logs and the engines view), never in a user's transcript error.
  const adminDetail = /\/|https?:|npm run|SPEECH_ENGINES|WHISPER_|OPENAI_STT_|apt-get/;

  it('whisper without its model file says so plainly', async () => {
    const error = await failsWith({ SPEECH_ENGINES: 'whisper', WHISPER_AUTO_DOWNLOAD: 'false' });
    expect(error).toBe(
      'Transcription in English is not available on this server. Ask your administrator to enable a speech engine for it.',
    );
  });

  it('whisper with a damaged model file says so', async () => {
    const error = await failsWith(
      { SPEECH_ENGINES: 'whisper', WHISPER_AUTO_DOWNLOAD: 'false' },
      (dataDir) => {
        mkdirSync(path.join(dataDir, 'models'), { recursive: true });
        writeFileSync(path.join(dataDir, 'models', 'ggml-base.bin'), 'not a model'.repeat(1000));
      },
    );
    expect(error).toBe('The whisper model on this server is damaged.');
    expect(error).not.toMatch(adminDetail);
  });

  it('an unreachable OpenAI-compatible server ends in the error state after its retries', async () => {
    const error = await failsWith({
      SPEECH_ENGINES: 'openai',
      OPENAI_STT_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    expect(error).toBe('The speech server could not be reached.');
    expect(error).not.toMatch(adminDetail);
  });
});
