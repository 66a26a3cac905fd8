// The Generated Infographics gallery with real images: two documents become items, content is
// written from them, the server renders infographics from that content and two are saved through
// the API. The gallery shows both with their generation time, filters them by content type, opens
// one large, downloads it as a real PNG, and shows the broken-image state when an address fails.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { SavedInfographic } from '@voxpress/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readTokens, signUpThroughApi } from './lib/auth-steps.ts';
import { launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';
import {
  type ApiUser,
  generateSet,
  MEETING_NOTES,
  RECIPE_NOTES,
  saveCollection,
  saveImage,
  uploadDocument,
  writeContent,
} from './lib/infographic-seed.ts';

const baseUrl = inject('baseUrl');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** What the gallery says of an image's generation time: seconds with one decimal (spec). */
function generationText(ms: number): string {
  return ms < 50
    ? 'Generated in under 0.1 sec'
    : `Generated in ${(Math.round(ms / 100) / 10).toFixed(1)} sec`;
}

/** The width and height a PNG's IHDR chunk gives. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The width an <img> decoded to; 0 while it loads or when it failed. */
function decodedWidth(img: Locator): Promise<number> {
  return img.evaluate((el) => {
    const image = el as unknown as { complete: boolean; naturalWidth: number };
    return image.complete ? image.naturalWidth : 0;
  });
}

function card(page: Page, title: string): Locator {
  return page.getByTestId('gallery-image').filter({ has: page.getByText(title, { exact: true }) });
}

async function axeProblems(page: Page): Promise<string[]> {
  // Colours are judged once fades have ended (a dialog opening), not halfway through one.
  await page.waitForFunction(() => {
    type Running = {
      playState: string;
      effect: { getComputedTiming(): { endTime?: number | string } } | null;
    };
    const doc = (globalThis as unknown as { document: { getAnimations(): Running[] } }).document;
    return doc
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity);
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

describe('generated infographics gallery', () => {
  it('shows saved images with their generation time, filters, opens large, downloads a PNG, shows a broken image', async () => {
    const { page, context, problems } = await openPage(browser, baseUrl, {
      width: 1280,
      height: 900,
      // The broken image below answers 404 on purpose; the service worker is kept out so the test's
      // route sees the image requests.
      allowStatus: [404],
      serviceWorkers: 'block',
    });
    try {
      await withScreenshotOnFailure(page, 'gallery', async () => {
        await page.goto('/');
        await signUpThroughApi(page, 'Ada Lovelace');
        const { access } = await readTokens(page);
        const user: ApiUser = { baseUrl, token: access ?? '' };

        // Two items, content written from each, a set generated from each, one image of each saved.
        const breadSource = await uploadDocument(user, 'banana-bread.txt', RECIPE_NOTES);
        const meetingSource = await uploadDocument(user, 'weekly-meeting.txt', MEETING_NOTES);
        const bread = await writeContent(user, breadSource, 'recipe');
        const meeting = await writeContent(user, meetingSource, 'enhanced');
        const breadSet = await generateSet(user, bread.id, 'recipe');
        const meetingSet = await generateSet(user, meeting.id, 'meeting_notes');
        expect(breadSet.variations[0]?.success).toBe(true);
        expect(meetingSet.variations[0]?.success).toBe(true);
        const saved: SavedInfographic[] = [
          await saveImage(user, breadSet.variations[0]?.id ?? '', 'Banana bread card'),
          await saveImage(user, meetingSet.variations[0]?.id ?? '', 'Weekly meeting summary'),
        ];
        const [breadCard, meetingCard] = saved as [SavedInfographic, SavedInfographic];
        expect(breadCard).toMatchObject({ content_type: 'recipe', transcription_id: breadSource });
        expect(meetingCard).toMatchObject({ content_type: 'meeting_notes', transcription_id: meetingSource });

        await page.goto('/gallery');
        await page.getByRole('heading', { level: 1, name: 'Gallery' }).waitFor();
        await page.getByText('2 infographics').waitFor();
        for (const s of saved) {
          const c = card(page, s.metadata.title ?? '');
          await c.waitFor();
          expect(await c.getByTestId('generation-time').textContent()).toBe(
            generationText(s.generation_time_ms),
          );
          await expect.poll(() => decodedWidth(c.locator('img'))).toBe(512);
        }
        // Each links to the item it was made from (a document's item is its source).
        expect(
          await card(page, 'Banana bread card')
            .getByRole('link', { name: /^Open the item it was made from/ })
            .getAttribute('href'),
        ).toBe(`/items/${breadSource}`);
        expect(await axeProblems(page)).toEqual([]);

        // Filter by content type: only the recipe is left; the address keeps the filter.
        await page.getByRole('combobox', { name: 'Content type' }).click();
        await page.getByRole('option', { name: 'Recipe', exact: true }).click();
        await page.getByText('1 infographic', { exact: true }).waitFor();
        expect(new URL(page.url()).searchParams.get('type')).toBe('recipe');
        await expect.poll(() => page.getByTestId('gallery-image').count()).toBe(1);
        await card(page, 'Banana bread card').waitFor();
        await page.getByRole('combobox', { name: 'Content type' }).click();
        await page.getByRole('option', { name: 'Meeting notes', exact: true }).click();
        await card(page, 'Weekly meeting summary').waitFor();
        await expect.poll(() => page.getByTestId('gallery-image').count()).toBe(1);
        await page.getByRole('combobox', { name: 'Content type' }).click();
        await page.getByRole('option', { name: 'All content types', exact: true }).click();
        await page.getByText('2 infographics').waitFor();
        // And by the item they were made from.
        await page.getByRole('combobox', { name: 'Made from' }).click();
        await page.getByRole('option', { name: 'banana-bread', exact: true }).click();
        await page.getByText('1 infographic', { exact: true }).waitFor();
        expect(new URL(page.url()).searchParams.get('source')).toBe(breadSource);
        await card(page, 'Banana bread card').waitFor();
        await page.getByRole('combobox', { name: 'Made from' }).click();
        await page.getByRole('option', { name: 'All items', exact: true }).click();
        await page.getByText('2 infographics').waitFor();

        // Open one large.
        await page.getByRole('button', { name: 'View Banana bread card large' }).click();
        const dialog = page.getByRole('dialog', { name: 'Banana bread card' });
        await dialog.waitFor();
        await expect.poll(() => decodedWidth(dialog.locator('img'))).toBe(512);
        expect(await dialog.getByTestId('generation-time').textContent()).toBe(
          generationText(breadCard.generation_time_ms),
        );
        expect(await axeProblems(page)).toEqual([]);

        // Download it as a PNG named after it and the moment, with the image's own bytes.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          dialog.getByRole('button', { name: 'Download PNG' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^Banana-bread-card-\d{4}-\d{2}-\d{2}-\d{6}\.png$/);
        const file = readFileSync((await download.path()) ?? '');
        expect([...file.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
        expect(pngSize(file)).toEqual({ width: 512, height: 512 });
        const original = Buffer.from(
          await (await fetch(`${baseUrl}${breadCard.infographic_url}`)).arrayBuffer(),
        );
        expect(file.length).toBe(original.length);
        expect(file.equals(original)).toBe(true);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // An image whose address fails shows so, and its download reports the HTTP error.
        await page.route(`**/api/v1/infographics/images/${meetingCard.image_id}.png**`, (route) =>
          route.fulfill({
            status: 404,
            contentType: 'application/json',
            body: '{"detail":"Infographic not found"}',
          }),
        );
        await page.reload();
        const broken = card(page, 'Weekly meeting summary');
        await broken.getByText('Image failed to load').waitFor();
        await broken.getByText('Try downloading instead').waitFor();
        await card(page, 'Banana bread card').locator('img').waitFor();
        await broken.getByRole('button', { name: 'Download Weekly meeting summary as PNG' }).click();
        await page.getByText('Failed to download infographic: 404 Not Found').waitFor();

        // Template collections: a second tab; each opens its detail with its images.
        await saveCollection(
          user,
          'Banana bread favourites',
          breadSet.variations.slice(0, 3).map((v) => v.id),
        );
        await page.getByRole('tab', { name: 'Collections' }).click();
        await page.getByRole('button', { name: 'Open the collection Banana bread favourites' }).click();
        const collection = page.getByRole('dialog', { name: 'Banana bread favourites' });
        await collection.getByText('3 images').waitFor();
        await expect.poll(() => collection.getByTestId('gallery-image').count()).toBe(3);
        const first = breadSet.variations[0]?.variation_name ?? '';
        await collection.getByRole('button', { name: `View ${first} large` }).click();
        const large = page.getByRole('dialog', { name: first });
        await expect.poll(() => decodedWidth(large.locator('img'))).toBe(512);
        // Escape closes the large view and leaves the collection open.
        await page.keyboard.press('Escape');
        await large.waitFor({ state: 'detached' });
        await collection.getByText('3 images').waitFor();
      });
      expect(problems.consoleErrors).toEqual([]);
      expect(problems.failedRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
