// Content in the browser: flite speech is uploaded and heard by PocketSphinx, a blog post is written
// from its transcript in English and translated to Spanish by Apertium (offline), for two platforms;
// a paragraph plays the recording from where it was said. A Word document made at test time becomes
// an item that content is written from too.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeDocx } from '@voxpress/test-kit/docx-fixture';
import { FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2, makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import { wordErrorRate } from '@voxpress/test-kit/wer';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './lib/auth-steps.ts';
import { launchBrowser, openPage, type TrackedPage, withScreenshotOnFailure } from './lib/browser.ts';

const baseUrl = inject('baseUrl');
/**
 * Two topics said slowly: a short breath after each sentence and a long pause between the topics,
 * as a speaker leaves them. PocketSphinx writes no punctuation: the pauses are what tell sentences
 * and paragraphs apart, so the blog post gets more than one paragraph, each with its own time.
 */
const TOPICS = [FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2].map((p) => p.match(/[^.]+\./g) ?? []);
const SPOKEN = `${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2}`;
const SENTENCE_PAUSE_S = 0.7;
const TOPIC_PAUSE_S = 2.5;
const DOCUMENT = [
  'Good bread needs time more than it needs skill. Let the dough rise slowly overnight in a cool kitchen, and the flavour deepens while you sleep.',
  'Use a heavy pot with a lid. Heat it in the oven for half an hour before the dough goes in, so the crust sets fast and the loaf springs up.',
  'Bake it hot for twenty minutes with the lid on, then twenty more without it. Let it cool for an hour before you cut it.',
];
/** PocketSphinx hears 30 s of speech in about 6 s; a loaded two-core machine can be several times slower. */
const HEARD_WITHIN_MS = 150_000;
/** The built-in composer writes in well under a second; Apertium translates in a fraction of one. */
const WRITTEN_WITHIN_MS = 60_000;

let dir: string;
let speechWav: string;
/** Where the second topic starts in the recording (seconds). */
let secondTopicAt: number;
let docxFile: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-content-'));
  ({ wav: speechWav, secondTopicAt } = await speakSlowly(TOPICS, dir));
  docxFile = path.join(dir, 'slow-bread.docx');
  writeFileSync(docxFile, await makeDocx('Slow bread', DOCUMENT));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Silence of `seconds` as a 16 kHz mono WAV in `dir`. */
function silence(seconds: number, dir: string): string {
  const file = path.join(dir, `silence-${seconds}.wav`);
  execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', file, 'trim', '0', String(seconds)]);
  return file;
}

/** The topics' sentences spoken one by one with pauses between them; where the second topic starts. */
async function speakSlowly(topics: string[][], dir: string): Promise<{ wav: string; secondTopicAt: number }> {
  const parts: string[][] = [];
  for (const sentences of topics) {
    const spoken: string[] = [];
    for (const sentence of sentences) spoken.push(await makeSpeechWav(sentence.trim(), dir));
    parts.push(spoken.flatMap((wav, i) => (i > 0 ? [silence(SENTENCE_PAUSE_S, dir), wav] : [wav])));
  }
  const first = path.join(dir, 'first-topic.wav');
  execFileSync('sox', [...(parts[0] ?? []), silence(TOPIC_PAUSE_S, dir), first]);
  const wav = path.join(dir, 'two-topics.wav');
  execFileSync('sox', [first, ...parts.slice(1).flat(), wav]);
  return { wav, secondTopicAt: Number(execFileSync('soxi', ['-D', first]).toString()) };
}

/**
 * Media events the page's `<audio>` fires (`play`, `playing`, `seeked`), each with the element's
 * position at that moment, kept in `window.__media` from the first script on.
 */
const RECORD_MEDIA_EVENTS = `
  window.__media = [];
  for (const type of ['play', 'playing', 'seeked']) {
    document.addEventListener(type, (e) => window.__media.push({ type, t: e.target.currentTime }), true);
  }`;

interface MediaEvent {
  type: 'play' | 'playing' | 'seeked';
  t: number;
}

const mediaEvents = (page: Page) => page.evaluate<MediaEvent[]>('window.__media');

async function signedIn(name: string, body: (t: TrackedPage) => Promise<void>): Promise<void> {
  const tracked = await openPage(browser, baseUrl, { width: 1280, height: 900 });
  await tracked.context.addInitScript({ content: RECORD_MEDIA_EVENTS });
  try {
    await withScreenshotOnFailure(tracked.page, name, async () => {
      await tracked.page.goto('/');
      await signUpThroughApi(tracked.page, 'Ada Writer');
      await body(tracked);
    });
    expect(tracked.problems.consoleErrors).toEqual([]);
    expect(tracked.problems.failedRequests).toEqual([]);
  } finally {
    await tracked.context.close();
  }
}

/** Picks a file through the button or area that opens the browser's file chooser. */
async function chooseFile(page: Page, opener: Locator, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await opener.click();
  await (await chooser).setFiles(file);
}

/**
 * Fills the Enhance Content panel: the type, the languages (the first one is written, the others
 * translated) and the platforms, then starts writing.
 */
async function enhance(
  page: Page,
  options: { type: string; languages: string[]; platforms: string[] },
): Promise<void> {
  const panel = page.getByRole('region', { name: 'Enhance Content', exact: true });
  await panel.getByLabel('Content type').click();
  await page.getByRole('option', { name: options.type, exact: true }).click();
  expect(await panel.getByLabel('Content type').inputValue()).toBe(options.type);
  for (const group of [options.languages, options.platforms]) {
    for (const name of group) {
      const chip = panel.getByRole('checkbox', { name, exact: true });
      if (!(await chip.isChecked())) await panel.getByText(name, { exact: true }).click();
      await expect.poll(() => chip.isChecked()).toBe(true);
    }
  }
  await panel.getByRole('button', { name: 'Enhance Content' }).click();
}

/** The content viewer once every language in `languages` has its tab marked Completed. */
async function writtenPiece(page: Page, languages: string[]): Promise<Locator> {
  const viewer = page.getByTestId('content-viewer');
  for (const language of languages) {
    await viewer.getByRole('tab', { name: `${language} Completed` }).waitFor({ timeout: WRITTEN_WITHIN_MS });
  }
  return viewer;
}

describe('content in the browser', () => {
  it('writes a blog post in English and Spanish from a recording, and its paragraphs play their source', async () => {
    await signedIn('content-recording', async ({ page }) => {
      await page.goto('/home/audio?mode=upload');
      await page.getByLabel('Title').fill('Home and project notes');
      await chooseFile(
        page,
        page.getByRole('button', { name: 'Choose an audio file, or drop one here' }),
        speechWav,
      );
      await page.waitForURL(/\/items\/[0-9a-f-]{36}$/, { timeout: 60_000 });
      const transcript = page.getByTestId('transcript-text');
      await transcript.waitFor({ timeout: HEARD_WITHIN_MS });
      expect(wordErrorRate(SPOKEN, await transcript.innerText())).toBeLessThanOrEqual(0.15);

      await enhance(page, {
        type: 'Blog post',
        languages: ['English', 'Spanish'],
        platforms: ['WordPress', 'LinkedIn'],
      });
      const viewer = await writtenPiece(page, ['English', 'Spanish']);
      await page
        .getByRole('tablist', { name: 'Pieces written from this source' })
        .getByText('Blog post')
        .waitFor();
      expect(await viewer.getByTestId('platform-badge').allInnerTexts()).toEqual(['WordPress', 'LinkedIn']);

      // English first, written from the speaker's own sentences.
      const text = viewer.getByTestId('content-text');
      expect(await viewer.getByRole('tab', { name: /^English/ }).getAttribute('aria-selected')).toBe('true');
      const english = await text.innerText();
      expect(english).toMatch(/regular schedule|breaks|water|team|design|report|customer/i);
      // Each part has a heading of its own, and each sentence is written once: the opening lead
      // is not said again below it.
      const headings = await text.getByRole('heading').allInnerTexts();
      expect(headings.length).toBeGreaterThan(1);
      expect(headings.filter((h, i) => headings.indexOf(h) !== i)).toEqual([]);
      const sentences = (await text.locator('p, li').allInnerTexts())
        .flatMap((block) => block.replace(/^\s*\d+:\d\d\s*/, '').split(/(?<=[.!?])\s+/))
        .map((s) =>
          s
            .toLowerCase()
            .replace(/[^\p{L}\p{N}' ]/gu, '')
            .trim(),
        )
        .filter(Boolean);
      expect(sentences.length).toBeGreaterThan(5);
      expect(sentences.filter((s, i) => sentences.indexOf(s) !== i)).toEqual([]);

      // Only the chosen tab's text shows: Spanish is Apertium's translation of the English.
      await viewer.getByRole('tab', { name: /^Spanish/ }).click();
      await expect.poll(() => text.innerText()).not.toBe(english);
      const spanish = await text.innerText();
      expect(spanish).toMatch(/\b(el|la|los|las|de|del|y|que|para|con)\b/i);
      expect(spanish).not.toContain(english.slice(0, 40));
      await viewer.getByRole('tab', { name: /^English/ }).click();
      await expect.poll(() => text.innerText()).toBe(english);

      // Each paragraph carries the time it was said; the latest one is clicked to play from there.
      const paragraphs = text.locator('p[data-start]');
      const starts = (await paragraphs.evaluateAll((ps) => ps.map((p) => p.getAttribute('data-start')))).map(
        Number,
      );
      expect(starts.length).toBeGreaterThan(1);
      const index = starts.indexOf(Math.max(...starts));
      const start = starts[index] ?? 0;
      // The latest paragraph rests on the second topic, said after the long pause.
      expect(start).toBeGreaterThan(secondTopicAt - 1);
      const paragraph = paragraphs.nth(index);
      const [, mm = '', ss = ''] =
        /^Play the recording from (\d\d):(\d\d)$/.exec(
          (await paragraph.getByRole('button').getAttribute('aria-label')) ?? '',
        ) ?? [];
      expect(Number(mm) * 60 + Number(ss)).toBe(Math.floor(start));
      const before = (await mediaEvents(page)).length;
      await paragraph
        .getByText(/\w{4,}/)
        .first()
        .click();
      // The recording jumps to the paragraph's time and starts playing from there.
      await expect
        .poll(async () => (await mediaEvents(page)).slice(before).map((e) => e.type), { timeout: 15_000 })
        .toEqual(expect.arrayContaining(['seeked', 'play', 'playing']));
      const events = (await mediaEvents(page)).slice(before);
      for (const type of ['seeked', 'playing'] as const) {
        const at = events.find((e) => e.type === type)?.t ?? Number.NaN;
        expect(at, type).toBeGreaterThanOrEqual(start - 0.05);
        expect(at, type).toBeLessThan(start + 1);
      }
      // The paragraph being played is marked.
      await paragraph.locator('[data-playing]').waitFor();
      const now = await page.evaluate<number>(`document.querySelector('audio').currentTime`);
      expect(now).toBeGreaterThanOrEqual(start - 0.05);
    });
  }, 300_000);

  it('writes content from an uploaded Word document', async () => {
    await signedIn('content-document', async ({ page }) => {
      await page.goto('/home/audio?mode=upload');
      await chooseFile(page, page.getByRole('button', { name: 'Upload a document' }), docxFile);
      await page.waitForURL(/\/items\/[0-9a-f-]{36}$/, { timeout: 60_000 });
      await page.getByText('Document uploaded').waitFor();
      const document = page.getByRole('region', { name: 'Document', exact: true });
      await document.getByText(DOCUMENT[1] ?? '').waitFor();

      await enhance(page, { type: 'Blog post', languages: ['English', 'Spanish'], platforms: ['Medium'] });
      const viewer = await writtenPiece(page, ['English', 'Spanish']);
      expect(await viewer.getByTestId('platform-badge').allInnerTexts()).toEqual(['Medium']);
      const english = await viewer.getByTestId('content-text').innerText();
      expect(english).toMatch(/cool kitchen|heavy pot|twenty minutes/);
      // A document has no times: nothing to play.
      expect(await viewer.getByRole('button', { name: /^Play the recording from/ }).count()).toBe(0);
      await viewer.getByRole('tab', { name: /^Spanish/ }).click();
      await expect.poll(() => viewer.getByTestId('content-text').innerText()).not.toBe(english);
      expect(await viewer.getByTestId('content-text').innerText()).toMatch(/\b(el|la|de|y|que|con)\b/i);
    });
  }, 180_000);
});
