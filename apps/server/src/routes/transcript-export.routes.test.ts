import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { signUp } from '../../test/http.ts';
import { seedVoicedItem } from '../../test/seed-item.ts';

/** `GET /audio/{id}/transcription/export?format=docx`: the transcript with its speakers, in Word. */
describe.each(drivers)('transcript DOCX export on %s', (driver) => {
  let t: TestContext;
  let token: string;
  let other: string;
  let audioId: string;

  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    token = await signUp(t.app, 'interviewer@example.com');
    other = await signUp(t.app, 'outsider@example.com');
    ({ audioId } = await seedVoicedItem(t, token, {
      title: 'Bakery interview',
      segments: [
        { start: 0, end: 3, text: 'Welcome to the bakery.', speaker: 'S1' },
        { start: 3, end: 6, text: 'We open at five every morning.', speaker: 'S2' },
        { start: 6, end: 8, text: 'Why so early?', speaker: 'S1' },
      ],
      speakers: [
        { id: 'S1', name: 'Ana', colour: '#0072B2' },
        { id: 'S2', name: null, colour: '#D55E00' },
      ],
    }));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const download = (who: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${audioId}/transcription/export?format=docx`,
      headers: { authorization: `Bearer ${who}` },
    });

  it('downloads a Word document with the title, the date and named turns', async () => {
    const res = await download(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Bakery%20interview.docx");
    const { value } = await mammoth.extractRawText({ buffer: res.rawPayload });
    const lines = value.split('\n').filter(Boolean);
    expect(lines[0]).toBe('Bakery interview');
    expect(lines[1]).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(lines.slice(2)).toEqual([
      'Ana — 0:00',
      'Welcome to the bakery.',
      'Speaker 2 — 0:03',
      'We open at five every morning.',
      'Ana — 0:06',
      'Why so early?',
    ]);
  });

  it("answers 404 for another user's transcript", async () => {
    const res = await download(other);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('audio_not_found');
  });
});
