import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { postAudioFile, signUp } from '../../test/http.ts';
import { parseSse } from '../../test/sse.ts';
import { audio } from '../db/schema.ts';
import {
  attribution,
  type Conversation,
  makeConversation,
} from '../engines/diarizer/conversation-fixture.ts';

type Body = Record<string, unknown> & { [k: string]: never };
interface Segment {
  start: number;
  end: number;
  text: string;
  speaker: string | null;
  speaker_name: string | null;
}
interface SpeakersBody {
  status: string;
  error: string | null;
  engine: string | null;
  speakers: {
    id: string;
    name: string;
    named: boolean;
    colour: string;
    talk_time: number;
    segments: number;
  }[];
}

/** Speakers end to end: upload, transcription, detection in its own job, then the owner's fixes. */
describe.each(drivers)('speakers on %s', (driver) => {
  let t: TestContext;
  let token: string;
  let other: string;
  let dir: string;
  let talk: Conversation;
  let file: Buffer;
  let short: Buffer;
  let audioId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxpress-speakers-'));
    [t, talk] = await Promise.all([
      createTestContext(driver, { env: { AUTH_RATE_LIMIT: '1000', SPEECH_ENGINES: 'pocketsphinx' } }),
      makeConversation(dir, 'interview', [
        { voice: 'kal16', text: 'Welcome to the show. Today we talk about gardens.' },
        { voice: 'slt', text: 'Thank you for having me. I have grown roses for twenty years.' },
        { voice: 'kal16', text: 'What is the secret of a healthy rose?' },
        { voice: 'slt', text: 'Water in the morning, and plenty of sun in the afternoon.' },
      ]),
    ]);
    file = await readFile(talk.wavPath);
    short = await readFile(
      (await makeConversation(dir, 'solo', [{ voice: 'rms', text: 'Hello there.' }])).wavPath,
    );
    token = await signUp(t.app, 'host@example.com');
    other = await signUp(t.app, 'stranger@example.com');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const as = (who: string) => ({ authorization: `Bearer ${who}` });
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, who = token) =>
    t.app.inject({
      method,
      url: `/api/v1/audio/${audioId}${url}`,
      headers: as(who),
      ...(payload ? { payload } : {}),
    });
  const speakers = async () => (await call('GET', '/speakers')).json() as SpeakersBody;
  const segments = async () =>
    ((await call('GET', '/transcription')).json() as { segments: Segment[] }).segments;
  async function settled(id: string): Promise<Body> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const body = (
        await t.app.inject({ method: 'GET', url: `/api/v1/audio/${id}`, headers: as(token) })
      ).json();
      if (
        body.status === 'failed' ||
        (body.status === 'completed' && !['queued', 'processing'].includes(body.speakers_status))
      )
        return body;
      if (Date.now() > deadline) throw new Error(`timed out; last state ${JSON.stringify(body)}`);
      await sleep(100);
    }
  }

  it('finds the two voices after transcription, in a job of its own, and labels every segment', async () => {
    const res = await postAudioFile(
      t.app,
      token,
      { name: 'interview.wav', content: file },
      { language: 'en-US', speakers: 'auto' },
    );
    expect(res.statusCode, res.body).toBe(201);
    audioId = res.json().data.audio_id;
    expect(res.json().data.speakers).toBe('auto');
    // The status stream stays open until the speakers are found, and says so.
    const stream = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${audioId}/status?token=${token}`,
    });
    const told = parseSse(stream.body).data.map((d) => d.speakers_status);
    expect(told).toContain('queued');
    expect(told.at(-1)).toBe('completed');
    const done = await settled(audioId);
    expect(done).toMatchObject({
      status: 'completed',
      transcription_status: 'completed',
      speakers_status: 'completed',
    });

    const found = await speakers();
    expect(found).toMatchObject({ status: 'completed', error: null, engine: 'builtin' });
    expect(found.speakers.map((s) => [s.id, s.name, s.named])).toEqual([
      ['S1', 'Speaker 1', false],
      ['S2', 'Speaker 2', false],
    ]);
    expect(found.speakers[0]?.colour).toMatch(/^#[0-9A-F]{6}$/i);
    expect(found.speakers[0]?.colour).not.toBe(found.speakers[1]?.colour);
    for (const s of found.speakers) expect(s.talk_time).toBeGreaterThan(3);

    const heard = await segments();
    expect(heard.length).toBeGreaterThan(1);
    for (const s of heard) expect(s.speaker_name).toBe(s.speaker === 'S1' ? 'Speaker 1' : 'Speaker 2');
    // The segments' voices match who really spoke, over most of the time.
    const score = attribution(
      talk.turns,
      heard.map((s) => ({ ...s, speaker: s.speaker ?? '' })),
    );
    expect(score.accuracy).toBeGreaterThanOrEqual(0.8);
  }, 120_000);

  it('names a voice in every turn, and gives the stand-in back for an empty name', async () => {
    const renamed = await call('PATCH', '/speakers/S2', { name: '  Rose Grower ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as SpeakersBody).speakers.find((s) => s.id === 'S2')).toMatchObject({
      name: 'Rose Grower',
      named: true,
    });
    const named = (await segments()).filter((s) => s.speaker === 'S2');
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((s) => s.speaker_name === 'Rose Grower')).toBe(true);
    await call('PATCH', '/speakers/S1', { name: 'Host' });
    const back = await call('PATCH', '/speakers/S1', { name: '' });
    expect((back.json() as SpeakersBody).speakers[0]).toMatchObject({
      id: 'S1',
      name: 'Speaker 1',
      named: false,
    });
    await call('PATCH', '/speakers/S1', { name: 'Host' });
  });

  it('gives one turn to another voice, and a turn to a new voice', async () => {
    const before = await segments();
    const index = before.findIndex((s) => s.speaker === 'S1');
    const moved = await call('PATCH', `/transcription/segments/${index}/speaker`, { speaker: 'S2' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as { segments: Segment[] }).segments[index]).toMatchObject({
      speaker: 'S2',
      speaker_name: 'Rose Grower',
    });
    const fresh = await call('PATCH', `/transcription/segments/${index}/speaker`, { speaker: 'new' });
    expect((fresh.json() as { segments: Segment[] }).segments[index]).toMatchObject({
      speaker: 'S3',
      speaker_name: 'Speaker 3',
    });
    expect((await speakers()).speakers.map((s) => s.id)).toEqual(['S1', 'S2', 'S3']);
    // Its only turn given back, the new voice is gone.
    await call('PATCH', `/transcription/segments/${index}/speaker`, { speaker: 'S1' });
    expect((await speakers()).speakers.map((s) => s.id)).toEqual(['S1', 'S2']);
  });

  it('splits a turn at a time inside it, the words after going to a new voice', async () => {
    const before = await segments();
    const index = before.findIndex((s) => s.text.split(' ').length >= 4);
    const target = before[index] as Segment;
    const at = Math.round(((target.start + target.end) / 2) * 100) / 100;
    const split = await call('POST', '/speakers/split', { segment_index: index, at_seconds: at });
    expect(split.statusCode, split.body).toBe(200);
    const after = (split.json() as { segments: Segment[] }).segments;
    expect(after).toHaveLength(before.length + 1);
    expect(after[index]).toMatchObject({ start: target.start, end: at, speaker: target.speaker });
    expect(after[index + 1]).toMatchObject({ start: at, end: target.end, speaker: 'S3' });
    expect(`${after[index]?.text} ${after[index + 1]?.text}`).toBe(target.text);

    const outside = await call('POST', '/speakers/split', {
      segment_index: index,
      at_seconds: target.end + 5,
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({ code: 'split_point_invalid' });
    const missing = await call('POST', '/speakers/split', { segment_index: 9999, at_seconds: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'segment_not_found' });
  });

  it('merges two voices into one', async () => {
    const merged = await call('POST', '/speakers/merge', { from: 'S3', into: 'S2' });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((merged.json() as SpeakersBody).speakers.map((s) => s.id)).toEqual(['S1', 'S2']);
    expect((await segments()).every((s) => s.speaker === 'S1' || s.speaker === 'S2')).toBe(true);
    const unknown = await call('POST', '/speakers/merge', { from: 'S7', into: 'S2' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'speaker_not_found' });
    const same = await call('POST', '/speakers/merge', { from: 'S2', into: 'S2' });
    expect(same.statusCode).toBe(422);
    const bad = await call('PATCH', '/speakers/Bob', { name: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
  });

  it("answers 404 for another user's item on every speakers route, and changes nothing", async () => {
    const before = await speakers();
    const attempts = [
      call('GET', '/speakers', undefined, other),
      call('POST', '/speakers/detect', { speakers: 2 }, other),
      call('PATCH', '/speakers/S1', { name: 'Mallory' }, other),
      call('POST', '/speakers/merge', { from: 'S1', into: 'S2' }, other),
      call('POST', '/speakers/split', { segment_index: 0, at_seconds: 0.5 }, other),
      call('PATCH', '/transcription/segments/0/speaker', { speaker: 'S2' }, other),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'audio_not_found' });
    }
    expect(await speakers()).toEqual(before);
  });

  it('detects again on request, keeping the names, and with one voice turns detection off', async () => {
    const again = await call('POST', '/speakers/detect', { speakers: 2 });
    expect(again.statusCode, again.body).toBe(202);
    expect((again.json() as SpeakersBody).status).toBe('queued');
    const busy = await call('PATCH', '/speakers/S1', { name: 'Too soon' });
    if (busy.statusCode !== 200) expect(busy.json()).toMatchObject({ code: 'speakers_busy' });
    await settled(audioId);
    const redone = await speakers();
    expect(redone.status).toBe('completed');
    expect(redone.speakers.map((s) => s.name)).toEqual(['Host', 'Rose Grower']);
    const [row] = await t.ctx.database.db.select().from(audio).where(eq(audio.id, audioId));
    expect(row?.speakersRequested).toBe(2);

    const off = await call('POST', '/speakers/detect', { speakers: 1 });
    expect(off.statusCode, off.body).toBe(202);
    expect(off.json()).toMatchObject({ status: 'off', speakers: [{ id: 'S1', name: 'Host' }] });
    expect((await segments()).every((s) => s.speaker === 'S1')).toBe(true);
    const wrong = await call('POST', '/speakers/detect', { speakers: 11 });
    expect(wrong.statusCode).toBe(422);
  }, 60_000);

  it('skips detection for an upload that asks for one voice', async () => {
    const res = await postAudioFile(
      t.app,
      token,
      { name: 'solo.wav', content: short },
      { language: 'en-US', speakers: '1' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.audio_id;
    const done = await settled(id);
    expect(done).toMatchObject({ status: 'completed', speakers: 1, speakers_status: 'off' });
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/v1/audio/${id}/speakers`, headers: as(token) })
    ).json();
    expect(list).toMatchObject({ status: 'off', speakers: [] });
    const refused = await postAudioFile(
      t.app,
      token,
      { name: 'x.wav', content: short },
      { speakers: 'many' },
    );
    expect(refused.statusCode).toBe(422);
  }, 120_000);
});
