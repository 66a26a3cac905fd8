import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './lib/auth-steps.ts';
import { launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';

// Settings → Brand in a real browser: a colour too light is refused before saving, a logo is
// uploaded and shown, the kit is saved, on a phone and in the dark theme too.
const baseUrl = inject('baseUrl');
let browser: Browser;
let logo: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const dir = mkdtempSync(path.join(tmpdir(), 'voxpress-e2e-brand-'));
  logo = path.join(dir, 'acme.svg');
  writeFileSync(
    logo,
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="80" height="80" rx="16" fill="#14532d"/><rect x="100" y="24" width="120" height="32" rx="8" fill="#0369a1"/></svg>',
  );
});

afterAll(async () => {
  await browser?.close();
});

describe('brand kit', () => {
  it('saves colours, font, footer and logo, refusing a colour too light to read', async () => {
    const { page, problems, context } = await openPage(browser, baseUrl);
    await withScreenshotOnFailure(page, 'brand', async () => {
      await page.goto('/');
      await signUpThroughApi(page);
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Brand' });
      await section.waitFor();
      const main = section.getByLabel('Main colour');
      await main.fill('#facc15');
      await main.blur();
      await section.getByText(/Too light to read on white/).waitFor();
      expect(await section.getByRole('button', { name: 'Save brand' }).isDisabled()).toBe(true);
      await main.fill('#14532d');
      await main.blur();
      await section.getByLabel('Footer line').fill('acme.example');
      await section.locator('input[type="file"]').setInputFiles(logo);
      await section.getByRole('img', { name: 'Your logo' }).waitFor();
      await section.getByRole('button', { name: 'Save brand' }).click();
      await page.getByText('Brand saved').waitFor();
      const saved = await page.evaluate(`(async () => {
        const res = await fetch('/api/v1/users/me/brand', { headers: { Authorization: 'Bearer ' + localStorage.getItem('access_token') } });
        return res.json();
      })()`);
      expect(saved).toMatchObject({ saved: true, primary_color: '#14532d', footer: 'acme.example' });
      expect((saved as { logo: string }).logo).toMatch(/^data:image\/png;base64,/);
      await page.getByRole('region', { name: 'Appearance' }).getByText('Dark', { exact: true }).click();
      await page.waitForFunction("document.documentElement.dataset.mantineColorScheme === 'dark'");
    });
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
  });
});
