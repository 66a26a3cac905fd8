import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../../test/harness.ts';
import { postAudioFile, signUp } from '../../../../test/http.ts';
import { parseSse } from '../../../../test/sse.ts';
import { type Conversation, makeConversation } from '../conversation-fixture.ts';
import { writeToyModels } from './toy-models.ts';

interface Segment {
  start: number;
  end: number;
  speaker: string | null;
  speaker_name: string | null;
}

/** The speakers job through the router: sherpa-onnx serves once its models are in the models folder. */
describe.each(drivers)('speakers found by sherpa-onnx on %s', (driver) => {
  let t: TestContext;
  let token: string;
  let dir: string;
  let talk: Conversation;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxpress-sherpa-job-'));
    [t, talk] = await Promise.all([
      createTestContext(driver, { env: { AUTH_RATE_LIMIT: '1000', SPEECH_ENGINES: 'pocketsphinx' } }),
      makeConversation(dir, 'interview', [
        { voice: 'kal16', text: 'Welcome to the show. Today we talk about gardens.' },
        { voice: 'slt', text: 'Thank you for having me. I have grown roses for twenty years.' },
        { voice: 'kal16', text: 'What is the secret of a healthy rose?' },
        { voice: 'slt', text: 'Water in the morning, and plenty of sun in the afternoon.' },
      ]),
    ]);
    await writeToyModels(t.ctx.config.speech.whisper.modelsDir);
    token = await signUp(t.app, 'host@example.com');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('labels every segment with the voices sherpa-onnx found, and says which engine found them', async () => {
    const res = await postAudioFile(
      t.app,
      token,
      { name: 'interview.wav', content: await readFile(talk.wavPath) },
      { language: 'en-US', speakers: '2' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const audioId = res.json().data.audio_id as string;
    // The status stream ends once the speakers are found.
    const stream = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${audioId}/status?token=${token}`,
    });
    expect(parseSse(stream.body).data.at(-1)?.speakers_status).toBe('completed');

    const get = async (url: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/audio/${audioId}${url}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
    const found = await get('/speakers');
    expect(found).toMatchObject({ status: 'completed', error: null, engine: 'sherpa' });
    expect(found.speakers.map((s: { id: string }) => s.id)).toEqual(['S1', 'S2']);
    const segments = (await get('/transcription')).segments as Segment[];
    expect(segments.length).toBeGreaterThan(1);
    // Aligned as on the built-in path: every segment has a voice and its stand-in name.
    for (const s of segments) {
      expect(['S1', 'S2']).toContain(s.speaker);
      expect(s.speaker_name).toBe(s.speaker === 'S1' ? 'Speaker 1' : 'Speaker 2');
    }
  }, 120_000);
});
