import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Content,
  type GenerationResult,
  type InfographicJob,
  type InfographicVariation,
  zInfographicData,
} from '@voxpress/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from './harness.ts';
import { type Client, client } from './http.ts';
import { writtenContent } from './infographics-client.ts';

const API = '/api/v1/infographics';
/** Small images: the property is about texts, and a run draws many. */
const SIZE = '320x320';
/** The same pieces on every run; set FC_SEED to explore others. */
const SEED = Number(process.env.FC_SEED ?? 20261127);

type Res = Awaited<ReturnType<TestContext['app']['inject']>>;

/** 2xx, or a 4xx in the API's error shape with a stable code: never a 5xx. */
function expectAnswered(res: Res, what: string): void {
  const context = `${what}: ${res.statusCode} ${res.body.slice(0, 400)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json();
    expect(body, context).toEqual({
      detail: expect.anything(),
      code: expect.any(String),
      params: expect.any(Object),
    });
  }
}

/** Every variation answered has data the contract accepts back (`rerender` takes it as input). */
function expectContractData(variations: readonly InfographicVariation[]): void {
  for (const v of variations) if (v.data) expect(zInfographicData.safeParse(v.data).error).toBeUndefined();
}

const WORDS = [
  'so',
  'then',
  'we',
  'take',
  'the',
  'flour',
  'and',
  'mix',
  'it',
  'with',
  'butter',
  'until',
  'smooth',
];
const word = fc.constantFrom(...WORDS);
/** Speech-engine output: a long run with no punctuation and no capitals. */
const runOn = fc.array(word, { minLength: 80, maxLength: 700 }).map((w) => w.join(' '));
/** A word longer than any field: a pasted link, a hash, a run of one letter. */
const longWord = fc
  .tuple(fc.constantFrom('a', 'xyz', 'https://example.com/', 'κ', '字'), fc.integer({ min: 300, max: 1500 }))
  .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)));
const oneWord = word;
/** A heading with nothing under it. */
const emptySection = fc.constantFrom('Ingredients', 'Steps', 'Key points', 'Action items', '');
const sentence = fc.array(word, { minLength: 3, maxLength: 12 }).map((w) => `${w.join(' ')}.`);
/** Chinese without spaces or punctuation, as a speech engine writes it. */
const hanRun = fc
  .integer({ min: 200, max: 900 })
  .map((n) => '我们把面粉和黄油搅拌均匀然后放进烤箱'.repeat(n / 18 + 1));

/** Arabic, right to left, as unpunctuated as the rest. */
const arabicRun = fc
  .array(fc.constantFrom('نخلط', 'الدقيق', 'مع', 'الزبدة', 'حتى', 'يصبح', 'ناعما', 'ثم'), {
    minLength: 60,
    maxLength: 500,
  })
  .map((w) => w.join(' '));

const section = fc.oneof(runOn, longWord, oneWord, emptySection, sentence, hanRun, arabicRun);
const piece = fc.oneof(
  oneWord,
  fc.array(section, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('\n\n')),
);
const contentType = fc.constantFrom('enhanced', 'recipe', 'tutorial', 'meeting_notes', 'product_description');

/** The job's end state, read until it has one. */
async function finished(c: Client, id: string): Promise<InfographicJob> {
  for (;;) {
    const job = (await c.get(`${API}/queue/status/${id}`)).json() as InfographicJob;
    if (job.status === 'completed' || job.status === 'failed') return job;
    await sleep(20);
  }
}

describe.each(drivers)('infographics from any piece on %s', (driver) => {
  let t: TestContext;
  let ada: Client;

  beforeAll(async () => {
    t = await createTestContext(driver, { env: { AUTH_RATE_LIMIT: '1000', OLLAMA_DISCOVERY: 'false' } });
    ada = await client(t, 'ada@example.com');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers every generate, queue and save route with 2xx or a typed 4xx, and data within the contract', async () => {
    await fc.assert(
      fc.asyncProperty(piece, contentType, async (text, type) => {
        // The client's own text, drawn without being stored.
        const direct = await ada.send('POST', `${API}/react/generate`, {
          content_data: text,
          variation_count: 2,
          size: SIZE,
        });
        expectAnswered(direct, 'content_data generate');
        if (direct.statusCode === 200) expectContractData((direct.json() as GenerationResult).variations);

        // A real piece: the document upload and the built-in writer, as a recording's transcript takes.
        let content: Content;
        try {
          content = await writtenContent(ada, text, { type });
        } catch {
          return; // the upload or writer refused this text: not an infographic route
        }
        if (content.status !== 'completed') return;
        const source = { content_id: content.id, size: SIZE };

        const generate = await ada.send('POST', `${API}/react/generate`, { ...source, variation_count: 3 });
        expectAnswered(generate, 'generate');
        const variations =
          generate.statusCode === 200 ? (generate.json() as GenerationResult).variations : [];
        expectContractData(variations);

        const batch = await ada.send('POST', `${API}/react/generate-batch`, {
          content_id: content.id,
          sizes: [SIZE],
          variation_count: 1,
        });
        expectAnswered(batch, 'generate-batch');

        const custom = await ada.send('POST', `${API}/react/generate-custom`, source);
        expectAnswered(custom, 'generate-custom');
        if (custom.statusCode === 200) expectContractData([custom.json().variation].filter(Boolean));

        const quick = await ada.send('POST', `${API}/quick-generate`, {
          ...source,
          template_id: 'classic-recipe',
        });
        expectAnswered(quick, 'quick-generate');

        const submit = await ada.send('POST', `${API}/queue/submit`, { ...source, variation_count: 2 });
        expectAnswered(submit, 'queue/submit');
        if (submit.statusCode < 300) {
          const id = submit.json().job_id as string;
          const status = await ada.get(`${API}/queue/status/${id}`);
          expectAnswered(status, 'queue/status');
          const job = await finished(ada, id);
          expectContractData(job.results);
          expectAnswered(await ada.get(`${API}/queue/jobs?content_id=${content.id}`), 'queue/jobs');
        }

        const first = variations[0];
        if (!first) return;
        const again = await ada.send('POST', `${API}/quick-generate`, {
          image_id: first.id,
          size: '400x400',
        });
        expectAnswered(again, 'quick-generate again');
        // What the server answered is accepted back as the user's edit.
        const rerender = await ada.send('POST', `${API}/react/rerender`, {
          image_id: first.id,
          data: first.data,
        });
        expectAnswered(rerender, 'rerender');
        expect(rerender.statusCode).toBe(200);
        const saved = await ada.send('POST', `${API}/save`, {
          image_id: first.id,
          content_id: content.id,
          metadata: { title: first.data?.title ?? null, description: first.data?.subtitle ?? null },
        });
        expectAnswered(saved, 'save');
        expectAnswered(await ada.get(`${API}/saved?content_id=${content.id}`), 'saved');
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 10), seed: SEED, endOnFailure: true },
    );
  }, 600_000);

  it('draws a recording-like piece whose first sentence runs past 400 characters, cut at a word', async () => {
    const words = Array.from({ length: 160 }, (_, i) => WORDS[i % WORDS.length]).join(' ');
    const content = await writtenContent(ada, `Baking day\n\n${words}\n\n${words}`, { type: 'enhanced' });
    const res = await ada.send('POST', `${API}/react/generate`, { content_id: content.id, size: SIZE });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const variations = (res.json() as GenerationResult).variations;
    const subtitle = variations.map((v) => v.data?.subtitle).find(Boolean) ?? '';
    expect(subtitle.length).toBeGreaterThan(300);
    expect(subtitle.length).toBeLessThanOrEqual(400);
    expect(subtitle.endsWith('…')).toBe(true);
    // Whole words only: every word kept is one of the text's own, none cut short.
    const own = new Set(['Baking', 'day', ...WORDS]);
    const kept = subtitle.slice(0, -1).split(' ');
    expect(kept.filter((w) => !own.has(w))).toEqual([]);
  });

  it('says in the debug plan which characters no installed font could draw', async () => {
    const res = await ada.send('POST', `${API}/react/generate`, {
      content_data: { title: 'Reading 𓀀 hieroglyphs', text: 'Scribes wrote on papyrus.', language: 'en' },
      variation_count: 1,
      size: SIZE,
      enable_debugging: true,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const [variation] = (res.json() as GenerationResult).variations;
    expect(variation?.debug?.missing_glyphs).toEqual(['U+13000']);
    const arabic = await ada.send('POST', `${API}/react/generate`, {
      content_data: { title: 'معكرونة طازجة في خمس عشرة دقيقة', text: 'ملّحوا الماء جيدًا.', language: 'ar' },
      variation_count: 1,
      size: SIZE,
      enable_debugging: true,
    });
    const [drawn] = (arabic.json() as GenerationResult).variations;
    expect(drawn?.language).toBe('ar');
    expect(drawn?.debug).not.toHaveProperty('missing_glyphs');
  });
});
