import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { postAudioFile, signUp } from '../../test/http.ts';
import { transcriptions, users, voiceProfiles } from '../db/schema.ts';
import { makeConversation } from '../engines/diarizer/conversation-fixture.ts';

interface SpeakersBody {
  speakers: { id: string; name: string; named: boolean; suggested_name?: string | null }[];
}
interface ProfilesBody {
  profiles: { id: string; name: string; recordings: number; updated_at: string }[];
}

/**
 * Voices remembered across recordings: named speakers keep a print while Remember voices is on, a
 * later recording suggests their names, and the prints go when the setting or the account does.
 */
describe.each(drivers)('voice profiles on %s', (driver) => {
  let t: TestContext;
  let ada: string;
  let bob: string;
  let dir: string;
  let first: Buffer;
  let second: Buffer;
  let firstId: string;
  let secondId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxpress-voice-profiles-'));
    const [context, one, two] = await Promise.all([
      createTestContext(driver, { env: { AUTH_RATE_LIMIT: '1000', SPEECH_ENGINES: 'pocketsphinx' } }),
      makeConversation(dir, 'first', [
        { voice: 'kal16', text: 'Welcome to the show. Today we talk about gardens and roses.' },
        { voice: 'slt', text: 'Thank you for having me. I have grown roses for twenty years.' },
        { voice: 'kal16', text: 'What is the secret of a healthy rose in a small garden?' },
        { voice: 'slt', text: 'Water in the morning, and plenty of sun in the afternoon.' },
      ]),
      // Other words, the same two voices in the other order, and a voice never named.
      makeConversation(dir, 'second', [
        { voice: 'slt', text: 'Last week I moved the apple trees to the sunny side of the yard.' },
        { voice: 'kal16', text: 'Did they take well to the move, or did they lose their leaves?' },
        { voice: 'awb', text: 'Apple trees usually sulk for a season and then they recover.' },
        { voice: 'slt', text: 'Mine are already flowering again, so I think they are happy.' },
        { voice: 'kal16', text: 'That is good news for the harvest in the autumn then.' },
        { voice: 'awb', text: 'Remember to thin the fruit, or the branches will break.' },
      ]),
    ]);
    t = context;
    first = await readFile(one.wavPath);
    second = await readFile(two.wavPath);
    ada = await signUp(t.app, 'ada@example.com');
    bob = await signUp(t.app, 'bob@example.com');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const as = (who: string) => ({ authorization: `Bearer ${who}` });
  const call = (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: as(who), ...(payload ? { payload } : {}) });
  const profiles = async (who: string) =>
    ((await call('GET', '/users/me/voice-profiles', who)).json() as ProfilesBody).profiles;
  const speakersOf = async (id: string, who = ada) =>
    ((await call('GET', `/audio/${id}/speakers`, who)).json() as SpeakersBody).speakers;

  async function upload(
    content: Buffer,
    name: string,
    speakers: number | 'auto',
    who = ada,
  ): Promise<string> {
    const res = await postAudioFile(
      t.app,
      who,
      { name, content },
      { language: 'en-US', speakers: String(speakers) },
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.audio_id as string;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const body = (await call('GET', `/audio/${id}`, who)).json();
      if (body.status === 'failed') throw new Error(JSON.stringify(body));
      if (body.status === 'completed' && body.speakers_status === 'completed') return id;
      if (Date.now() > deadline) throw new Error(`timed out; last state ${JSON.stringify(body)}`);
      await sleep(100);
    }
  }

  it('keeps a print of each voice named once the setting is on, and suggests the names in a later recording', async () => {
    expect((await call('GET', '/users/me/settings', ada)).json().remember_voices).toBe(false);
    const on = await call('PUT', '/users/me/settings', ada, { remember_voices: true });
    expect(on.json().remember_voices).toBe(true);
    firstId = await upload(first, 'first.wav', 'auto');
    expect((await speakersOf(firstId)).map((s) => s.suggested_name)).toEqual([null, null]);
    await call('PATCH', `/audio/${firstId}/speakers/S1`, ada, { name: 'Ana' });
    await call('PATCH', `/audio/${firstId}/speakers/S2`, ada, { name: 'Ben' });
    // Naming the same voice the same again does not count it twice.
    await call('PATCH', `/audio/${firstId}/speakers/S2`, ada, { name: 'Ben' });
    expect((await profiles(ada)).map((p) => [p.name, p.recordings])).toEqual([
      ['Ana', 1],
      ['Ben', 1],
    ]);
    expect(await profiles(bob)).toEqual([]);
    // The print itself never leaves the server.
    expect(JSON.stringify(await profiles(ada))).not.toMatch(/vector|voice/);

    secondId = await upload(second, 'second.wav', 3);
    const found = await speakersOf(secondId);
    expect(found.map((s) => [s.id, s.name, s.named, s.suggested_name])).toEqual([
      ['S1', 'Speaker 1', false, 'Ben'],
      ['S2', 'Speaker 2', false, 'Ana'],
      ['S3', 'Speaker 3', false, null],
    ]);
    // Segments keep the stand-in until the suggestion is accepted.
    const segments = (await call('GET', `/audio/${secondId}/transcription`, ada)).json().segments as {
      speaker_name: string;
    }[];
    expect(segments.some((s) => s.speaker_name === 'Ana' || s.speaker_name === 'Ben')).toBe(false);

    // Accepting is renaming: the print joins the profile, and the suggestion goes.
    const accepted = await call('PATCH', `/audio/${secondId}/speakers/S2`, ada, { name: 'Ana' });
    expect((accepted.json() as SpeakersBody).speakers[1]).toMatchObject({
      name: 'Ana',
      named: true,
      suggested_name: null,
    });
    expect((await profiles(ada)).map((p) => [p.name, p.recordings])).toEqual([
      ['Ana', 2],
      ['Ben', 1],
    ]);
    // A name given by mistake and put right takes the print out again.
    await call('PATCH', `/audio/${secondId}/speakers/S3`, ada, { name: 'Carl' });
    await call('PATCH', `/audio/${secondId}/speakers/S3`, ada, { name: 'Cara' });
    expect((await profiles(ada)).map((p) => [p.name, p.recordings])).toEqual([
      ['Ana', 2],
      ['Ben', 1],
      ['Cara', 1],
    ]);
  }, 150_000);

  it("never suggests another user's remembered voices, nor shows them the speakers", async () => {
    // Bob remembers voices too and records the same two voices Ada named: nothing of hers is offered.
    await call('PUT', '/users/me/settings', bob, { remember_voices: true });
    const bobsId = await upload(first, 'bob.wav', 'auto', bob);
    const his = await speakersOf(bobsId, bob);
    expect(his).toHaveLength(2);
    expect(his.map((s) => [s.name, s.suggested_name])).toEqual([
      ['Speaker 1', null],
      ['Speaker 2', null],
    ]);
    expect(await profiles(bob)).toEqual([]);
    // Neither sees the other's speakers.
    const theirs = await call('GET', `/audio/${secondId}/speakers`, bob);
    expect(theirs.statusCode).toBe(404);
    expect((await call('GET', `/audio/${bobsId}/speakers`, ada)).statusCode).toBe(404);
    await call('PUT', '/users/me/settings', bob, { remember_voices: false });
  }, 120_000);

  it('renames and deletes only my own profiles', async () => {
    const [ana, ben] = await profiles(ada);
    if (!ana || !ben) throw new Error('profiles missing');
    for (const [method, payload] of [
      ['PATCH', { name: 'Mallory' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/users/me/voice-profiles/${ana.id}`, bob, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('voice_profile_not_found');
    }
    expect((await call('GET', '/users/me/voice-profiles', 'not-a-token')).statusCode).toBe(401);
    const missing = await call(
      'DELETE',
      '/users/me/voice-profiles/00000000-0000-4000-8000-000000000000',
      ada,
    );
    expect(missing.statusCode).toBe(404);

    const renamed = await call('PATCH', `/users/me/voice-profiles/${ana.id}`, ada, { name: ' Ana Lima ' });
    expect(renamed.json()).toMatchObject({ id: ana.id, name: 'Ana Lima', recordings: 2 });
    const taken = await call('PATCH', `/users/me/voice-profiles/${ana.id}`, ada, { name: 'BEN' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('voice_profile_name_taken');
    const blank = await call('PATCH', `/users/me/voice-profiles/${ana.id}`, ada, { name: '  ' });
    expect(blank.statusCode).toBe(422);

    // Forgetting Ben: the second recording's unnamed Ben voice is no longer offered the name.
    expect((await speakersOf(secondId))[0]?.suggested_name).toBe('Ben');
    const gone = await call('DELETE', `/users/me/voice-profiles/${ben.id}`, ada);
    expect(gone.statusCode).toBe(200);
    expect((await profiles(ada)).map((p) => p.name)).toEqual(['Ana Lima', 'Cara']);
    expect((await speakersOf(secondId))[0]?.suggested_name).toBeNull();
  });

  it('keeps profiles when an item is deleted, and deletes every print when the setting is turned off', async () => {
    expect((await call('DELETE', `/audio/${firstId}`, ada)).statusCode).toBe(200);
    expect((await profiles(ada)).map((p) => p.name)).toEqual(['Ana Lima', 'Cara']);

    const off = await call('PUT', '/users/me/settings', ada, { remember_voices: false });
    expect(off.json().remember_voices).toBe(false);
    expect(await profiles(ada)).toEqual([]);
    const rows = await t.ctx.database.db
      .select({ speakers: transcriptions.speakers })
      .from(transcriptions)
      .where(eq(transcriptions.userId, await userId('ada@example.com')));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/"voice"|"profile"/);
    expect((await speakersOf(secondId)).map((s) => s.suggested_name ?? null)).toEqual([null, null, null]);
    // Naming while the setting is off keeps no print.
    const named = await call('PATCH', `/audio/${secondId}/speakers/S1`, ada, { name: 'Ben' });
    expect(named.statusCode).toBe(200);
    expect(await profiles(ada)).toEqual([]);
  });

  it('deletes the prints with the account', async () => {
    const carol = await signUp(t.app, 'carol@example.com');
    await call('PUT', '/users/me/settings', carol, { remember_voices: true });
    const id = await userId('carol@example.com');
    await t.ctx.database.db.insert(voiceProfiles).values({ userId: id, name: 'Dora', vector: [1, 2, 3, 4] });
    expect((await profiles(carol)).map((p) => p.name)).toEqual(['Dora']);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: as(carol),
      payload: { confirm_email: 'carol@example.com', current_password: 'correct horse battery' },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.ctx.database.db.select().from(voiceProfiles).where(eq(voiceProfiles.userId, id))).toEqual(
      [],
    );
  });

  async function userId(email: string): Promise<string> {
    const [row] = await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  }
});
