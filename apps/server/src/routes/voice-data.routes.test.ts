import { readZip } from '@voxpress/test-kit/zip';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { signUp } from '../../test/http.ts';
import { seedVoicedItem } from '../../test/seed-item.ts';
import { transcriptions, voiceProfiles } from '../db/schema.ts';

// Prints made of numbers a `real` column keeps exactly, so what comes back can be compared.
const ANA = [0.5, -0.25, 0.125, 1];
const GUEST = [-0.5, 0.75, 0, 0.0625];

/** A user's voices in "Download all my data", and what deleting an item or the account leaves. */
describe.each(drivers)('voice data on %s', (driver) => {
  let t: TestContext;
  let ada: string;
  let bob: string;
  let item: Awaited<ReturnType<typeof seedVoicedItem>>;

  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    ada = await signUp(t.app, 'ada@example.com');
    bob = await signUp(t.app, 'bob@example.com');
    for (const who of [ada, bob])
      await call('PUT', '/users/me/settings', who, { remember_voices: true }).then((r) =>
        expect(r.statusCode, r.body).toBe(200),
      );
    item = await seedVoicedItem(t, ada, {
      title: 'Garden interview',
      segments: [
        { start: 0, end: 3, text: 'Welcome to the garden.', speaker: 'S1' },
        { start: 3, end: 7, text: 'Thank you for having me here.', speaker: 'S2' },
      ],
      speakers: [
        { id: 'S1', name: null, colour: '#0072B2', voice: ANA },
        { id: 'S2', name: null, colour: '#D55E00', voice: GUEST },
      ],
    });
    const named = await call('PATCH', `/audio/${item.audioId}/speakers/S1`, ada, { name: 'Ana' });
    expect(named.statusCode, named.body).toBe(200);
    const bobs = await seedVoicedItem(t, bob, {
      title: 'Bob secret',
      segments: [{ start: 0, end: 2, text: 'Nobody else hears this.', speaker: 'S1' }],
      speakers: [{ id: 'S1', name: null, colour: '#0072B2', voice: GUEST }],
    });
    await call('PATCH', `/audio/${bobs.audioId}/speakers/S1`, bob, { name: 'Zed' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  function call(method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: string, payload?: object) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${who}` },
      ...(payload ? { payload } : {}),
    });
  }

  async function exported(who: string): Promise<Map<string, Buffer>> {
    const link = await call('GET', '/users/me/export/link', who);
    const res = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(res.statusCode).toBe(200);
    return readZip(res.rawPayload);
  }
  const json = (entries: Map<string, Buffer>, name: string) =>
    JSON.parse(entries.get(`voxpress-data/${name}`)?.toString() ?? 'null');

  it('holds my voice profiles with their prints, and each transcript’s speakers', async () => {
    const entries = await exported(ada);
    const profiles = json(entries, 'voice-profiles.json');
    expect(profiles).toEqual([
      {
        id: expect.any(String),
        name: 'Ana',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        recordings: 1,
        voice_print: ANA,
      },
    ]);
    const [transcript] = json(entries, 'transcripts.json');
    expect(transcript.diarizer).toBe('builtin');
    expect(transcript.speakers).toEqual([
      {
        id: 'S1',
        name: 'Ana',
        named: true,
        colour: '#0072B2',
        talk_time: 3,
        segments: 1,
        voice_profile_id: profiles[0].id,
        voice_print: ANA,
      },
      {
        id: 'S2',
        name: 'Speaker 2',
        named: false,
        colour: '#D55E00',
        talk_time: 4,
        segments: 1,
        voice_profile_id: null,
        voice_print: GUEST,
      },
    ]);
    expect(transcript.segments[0]).toMatchObject({ speaker: 'S1', speaker_name: 'Ana' });
    // The plain text and subtitles name the speakers too.
    expect(entries.get('voxpress-data/transcripts/Garden-interview.txt')?.toString()).toBe(
      'Ana (0:00)\nWelcome to the garden.\n\nSpeaker 2 (0:03)\nThank you for having me here.\n',
    );
    expect(entries.get('voxpress-data/transcripts/Garden-interview.srt')?.toString()).toContain(
      'Ana: Welcome to the garden.',
    );
    expect(entries.get('voxpress-data/README.txt')?.toString()).toContain('voice-profiles.json');
    // Nothing of another user's voices.
    expect([...entries.values()].some((b) => b.toString('latin1').match(/Zed|Bob secret/))).toBe(false);
    expect(json(await exported(bob), 'voice-profiles.json').map((p: { name: string }) => p.name)).toEqual([
      'Zed',
    ]);
  });

  it('deletes an item’s voice prints with the item', async () => {
    const printed = async () =>
      (await t.ctx.database.db.select({ speakers: transcriptions.speakers }).from(transcriptions)).filter(
        (r) => JSON.stringify(r.speakers).includes(JSON.stringify(ANA)),
      );
    expect(await printed()).toHaveLength(1);
    expect((await call('DELETE', `/audio/${item.audioId}`, ada)).statusCode).toBe(200);
    expect(await printed()).toEqual([]);
    const rows = await t.ctx.database.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.id, item.transcriptionId));
    expect(rows).toEqual([]);
    // The profile is the user's own record, listed in Settings, where it is deleted.
    expect(json(await exported(ada), 'voice-profiles.json')).toHaveLength(1);
  });

  it('deletes every voice profile and print with the account', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${ada}` },
      payload: { confirm_email: 'ada@example.com', current_password: 'correct horse battery' },
    });
    expect(del.statusCode, del.body).toBe(200);
    const left = await t.ctx.database.db.select().from(voiceProfiles);
    expect(left.map((p) => p.name)).toEqual(['Zed']);
    expect(
      await t.ctx.database.db.select().from(transcriptions).where(eq(transcriptions.userId, item.userId)),
    ).toEqual([]);
  });
});
