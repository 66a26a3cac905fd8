// Infographics in the browser: a recipe written by the built-in composer from an uploaded text
// document is drawn as five template variations at two sizes, two favourites are saved as a
// collection, the item's Images section lists them, and Download gives PNGs of the right size. A
// set made in the background is followed live over its status stream.
import { readFileSync } from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './lib/auth-steps.ts';
import { launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

const RECIPE = [
  '# Grandma’s banana bread',
  '',
  'Today we are making my grandmother’s banana bread, the easiest recipe I know. It takes about fifteen minutes to prep and it serves eight people.',
  '',
  'For the ingredients, you need three ripe bananas, two cups of flour, one teaspoon of baking soda and a pinch of salt. You also need half a cup of melted butter and one egg.',
  '',
  'First, preheat the oven to three hundred fifty degrees and grease a loaf pan. Next, mash the bananas in a large bowl. Then stir in the melted butter and mix it well. Now fold in the flour, but do not overmix it. Bake it for sixty minutes, until a toothpick comes out clean.',
  '',
  'The blacker the bananas are, the sweeter the bread will be.',
].join('\n');

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Uploads the recipe as a Markdown document and has the built-in composer write it, in the page. */
async function writeRecipe(page: Page): Promise<{ transcriptionId: string; contentId: string }> {
  return page.evaluate(`(async () => {
    const auth = { Authorization: 'Bearer ' + localStorage.getItem('access_token') };
    const form = new FormData();
    form.append('title', 'Banana bread');
    form.append('language', 'en');
    form.append('file', new Blob([${JSON.stringify(RECIPE)}], { type: 'text/markdown' }), 'banana-bread.md');
    const up = await (await fetch('/api/v1/files/upload/content', { method: 'POST', headers: auth, body: form })).json();
    const transcriptionId = up.data.transcription_id;
    const started = await (await fetch('/api/v1/content/enhance', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ transcription_id: transcriptionId, content_type: 'recipe', language: ['en'] }),
    })).json();
    const contentId = started.data.content_id;
    for (let i = 0; i < 600; i++) {
      const piece = await (await fetch('/api/v1/content/' + contentId, { headers: auth })).json();
      if (piece.status === 'completed') return { transcriptionId, contentId };
      if (piece.status === 'failed') throw new Error('writing failed');
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('writing took too long');
  })()`);
}

/** A downloaded file's name and, read from its PNG header, its pixel size. */
async function pngOf(download: Download): Promise<{ name: string; width: number; height: number }> {
  const path = await download.path();
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return {
    name: download.suggestedFilename(),
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
  };
}

describe('infographics', () => {
  it('makes five styles at two sizes, keeps two favourites as a collection and downloads them', async () => {
    const tracked = await openPage(browser, baseUrl, { width: 1440, height: 900 });
    const { page } = tracked;
    await withScreenshotOnFailure(page, 'infographics', async () => {
      await page.goto('/');
      await signUpThroughApi(page, 'Ada Baker');
      const { transcriptionId } = await writeRecipe(page);
      await page.goto(`/items/${transcriptionId}`);

      // The Images section is there, empty, after the content.
      const images = page.getByRole('region', { name: 'Images', exact: true });
      await images.getByText('No saved images yet').waitFor({ timeout: 30_000 });

      // Sizes: Instagram Square is chosen; with none, the button is disabled and says why.
      const panel = page.getByRole('region', { name: 'Infographics' });
      await panel.waitFor({ timeout: 30_000 });
      const square = panel.getByRole('checkbox', { name: /Instagram Square/ });
      const story = panel.getByRole('checkbox', { name: /Instagram Story/ });
      const generateButton = panel.getByRole('button', { name: 'Generate Infographics' });
      expect(await square.isChecked()).toBe(true);
      await square.uncheck();
      expect(await generateButton.isDisabled()).toBe(true);
      await panel.getByText('Please select at least one size above to generate infographics').waitFor();
      await square.check();
      await story.check();
      expect(await generateButton.isEnabled()).toBe(true);
      await generateButton.click();

      // Setup shows the configuration suggested from the recipe's words.
      const dialog = page.getByRole('dialog', { name: 'Infographic Generator' });
      await dialog.getByRole('heading', { name: 'AI template configuration' }).waitFor();
      expect(await dialog.getByLabel('Content type').inputValue()).toBe('Recipe');
      await dialog.getByRole('button', { name: 'Generate 5 Template Variations' }).click();

      // Preview: five styles at each size, previous and next within bounds.
      await dialog.getByRole('heading', { name: 'Choose Your Style' }).waitFor({ timeout: 60_000 });
      const position = dialog.getByTestId('carousel-position');
      expect(await position.textContent()).toBe('1 of 10');
      const previous = dialog.getByRole('button', { name: 'Previous style' });
      const next = dialog.getByRole('button', { name: 'Next style' });
      expect(await previous.isDisabled()).toBe(true);
      const strip = dialog.getByRole('list', { name: 'All styles' }).getByRole('button');
      const names = await strip.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      expect(names.filter((n) => n.endsWith('Instagram Square'))).toHaveLength(5);
      expect(names.filter((n) => n.endsWith('Instagram Story'))).toHaveLength(5);
      expect(new Set(names.map((n) => n.split(':')[1]?.split(',')[0])).size).toBeGreaterThan(1);

      // The first style (a square) is a favourite; then to the seventh (a story), another.
      await dialog.getByRole('button', { name: /^Favorite: / }).click();
      for (let i = 0; i < 6; i++) await next.click();
      expect(await position.textContent()).toBe('7 of 10');
      await dialog.getByRole('button', { name: /^Favorite: / }).click();
      await dialog.getByRole('button', { name: /^Favorite: / }).press('ArrowRight');
      await dialog.getByRole('button', { name: /^Favorite: / }).press('ArrowLeft');
      expect(await position.textContent()).toBe('7 of 10');
      expect(await dialog.getByRole('button', { name: /^Favorite: / }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      for (let i = 0; i < 5; i++) if (await next.isEnabled()) await next.click();
      expect(await position.textContent()).toBe('10 of 10');
      expect(await next.isDisabled()).toBe(true);
      await strip.nth(6).click();
      await dialog
        .getByRole('heading', { name: 'Pro Tips' })
        .or(dialog.getByText('Pro Tips'))
        .first()
        .waitFor();

      // Download from the dialog: a PNG named with the title and the time, 1080 × 1920.
      const [fromDialog] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download', exact: true }).click(),
      ]);
      const storyPng = await pngOf(fromDialog);
      // The piece's title, the style and the time: e.g. Soda-Vibrant-2026-11-23-064509.png.
      expect(storyPng.name).toMatch(
        /^[\p{L}\p{N}-]+-(Modern|Classic|Minimal|Vibrant|Elegant)-\d{4}-\d{2}-\d{2}-\d{6}\.png$/u,
      );
      expect([storyPng.width, storyPng.height]).toEqual([1080, 1920]);

      // Save Collection: the rule first, then the name.
      await dialog.getByRole('button', { name: 'Save Collection (2)' }).click();
      const save = page.getByRole('dialog', { name: 'Save Template Collection' });
      expect(await save.getByPlaceholder('Enter collection name...').count()).toBe(1);
      await save.getByRole('button', { name: 'Save Collection' }).click();
      await save
        .getByText('Please enter a collection name and select at least one favorite template.')
        .waitFor();
      await save.getByLabel('Collection name').fill('Weekend bakes');
      await save.getByRole('button', { name: 'Save Collection' }).click();
      await page.getByText('Template collection "Weekend bakes" saved successfully!').waitFor();
      await save.waitFor({ state: 'hidden' });
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'hidden' });

      // The item's Images section lists the two favourites, newest first.
      const saved = images.getByTestId('saved-image');
      await expect.poll(() => saved.count(), { timeout: 15_000 }).toBe(2);
      await images.getByText('2 saved images').waitFor();
      const captions = await saved.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
      expect(captions.filter((c) => c.includes('Instagram Square'))).toHaveLength(1);
      expect(captions.filter((c) => c.includes('Instagram Story'))).toHaveLength(1);
      const square1 = saved.filter({ hasText: 'Instagram Square' });
      await expect
        .poll(() =>
          square1
            .getByRole('img')
            .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        )
        .toBe(1080);
      const [fromImages] = await Promise.all([
        page.waitForEvent('download'),
        square1.getByRole('button', { name: /^Download / }).click(),
      ]);
      const squarePng = await pngOf(fromImages);
      expect([squarePng.width, squarePng.height]).toEqual([1080, 1080]);

      // On a phone in the dark: the generator fills the screen, nothing scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate("localStorage.setItem('voxpress-color-scheme', 'dark')");
      await page.reload();
      await panel.getByRole('button', { name: 'Generate Infographics' }).click();
      await dialog.getByRole('button', { name: 'Generate 5 Template Variations' }).waitFor();
      await dialog.getByRole('button', { name: 'Generate 5 Template Variations' }).click();
      await dialog.getByRole('heading', { name: 'Choose Your Style' }).waitFor({ timeout: 60_000 });
      await dialog.getByRole('button', { name: 'Download', exact: true }).scrollIntoViewIfNeeded();
      const sideways = await page.evaluate<number>(
        "(() => { const d = document.querySelector('[role=dialog]'); return d ? d.scrollWidth - d.clientWidth : 0; })()",
      );
      expect(sideways).toBeLessThanOrEqual(0);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
    });
    expect(tracked.problems.consoleErrors).toEqual([]);
    expect(tracked.problems.failedRequests).toEqual([]);
    await tracked.context.close();
  });

  it('follows a set made in the background to the end and shows its images', async () => {
    const tracked = await openPage(browser, baseUrl, { width: 1280, height: 900 });
    const { page } = tracked;
    await withScreenshotOnFailure(page, 'infographics-job', async () => {
      await page.goto('/');
      await signUpThroughApi(page, 'Ada Baker');
      const { transcriptionId } = await writeRecipe(page);
      await page.goto(`/items/${transcriptionId}`);
      const panel = page.getByRole('region', { name: 'Infographics' });
      await panel.getByRole('button', { name: 'More options' }).click({ timeout: 30_000 });
      await page.getByRole('menuitem', { name: 'Generate 10 in the background' }).click();
      const modal = page.getByRole('dialog', { name: 'Progressive Infographic Generation' });
      await modal.getByText('Completed! Generated 10 variations.').waitFor({ timeout: 60_000 });
      const results = modal.getByTestId('job-results').getByRole('img');
      expect(await results.count()).toBe(10);
      await expect.poll(() => modal.getByText(/Instagram Square · made in \d+\.\d s/).count()).toBe(10);
      expect(await modal.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      await modal.getByRole('button', { name: 'Close' }).first().click();
      await modal.waitFor({ state: 'hidden' });

      // 4 Style Variations: variation 0 on Preview; Save Collection once a favourite is marked.
      await panel.getByRole('button', { name: 'More options' }).click();
      await page.getByRole('menuitem', { name: '4 Style Variations' }).click();
      const styles = page.getByRole('dialog', { name: '4 Style Variations' });
      await styles.getByRole('button', { name: 'Generate 4 Style Variations' }).click();
      await styles.getByRole('heading', { name: 'Choose Your Style' }).waitFor({ timeout: 60_000 });
      expect(await styles.getByTestId('carousel-position').textContent()).toBe('1 of 4');
      expect(await styles.getByRole('button', { name: /^Save Collection/ }).count()).toBe(0);
      await styles.getByRole('button', { name: /^Favorite: / }).click();
      await styles.getByRole('button', { name: 'Save Collection (1)' }).waitFor();
      await styles.getByRole('button', { name: 'Close' }).first().click();
      await styles.waitFor({ state: 'hidden' });

      // The AI custom infographic: Configure, then Preview with the image, Download, Share, Save.
      await panel.getByRole('button', { name: 'More options' }).click();
      await page.getByRole('menuitem', { name: 'AI Custom Infographic' }).click();
      const custom = page.getByRole('dialog', { name: 'AI Custom Infographic Generator' });
      await custom.getByLabel('Size').waitFor();
      await custom.getByRole('button', { name: 'Generate AI Custom Infographic' }).click();
      const image = custom.getByTestId('custom-image');
      await image.waitFor({ timeout: 60_000 });
      await expect
        .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
        .toBe(1080);
      await custom.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved to your images.').waitFor();
    });
    expect(tracked.problems.consoleErrors).toEqual([]);
    expect(tracked.problems.failedRequests).toEqual([]);
    await tracked.context.close();
  });
});
