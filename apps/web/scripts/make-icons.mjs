// Draws the app icons of the web manifest from the brand mark (public/favicon.svg) with Chromium:
// 192 and 512 px with rounded corners, a full-bleed maskable 512 px (the mark inside the 80 % safe
// zone, so any mask shape keeps it whole), and a 180 px apple-touch icon.
// Run after changing the mark: node apps/web/scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(web, '..', '..', 'e2e', 'package.json'));
const { chromium } = require('playwright-core');

const mark = readFileSync(path.join(web, 'public', 'favicon.svg'), 'utf8');
// The mark's glyph without its rounded background, for the full-bleed maskable icon.
const glyph = mark.replace(/<rect width="64" height="64" rx="16" fill="url\(#g\)"\/>/, '');

const icons = [
  { file: 'icon-192.png', size: 192, svg: mark, transparent: true },
  { file: 'icon-512.png', size: 512, svg: mark, transparent: true },
  { file: 'apple-touch-icon-180.png', size: 180, svg: mark.replace('rx="16"', 'rx="0"'), transparent: false },
  {
    file: 'maskable-512.png',
    size: 512,
    transparent: false,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
      <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#7048e8"/><stop offset="1" stop-color="#1c7ed6"/></linearGradient></defs>
      <rect width="64" height="64" fill="url(#bg)"/>
      <g transform="translate(9.6 9.6) scale(0.7)">${glyph.replace(/<\/?svg[^>]*>/g, '')}</g></svg>`,
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.screenshot({
    path: path.join(web, 'public', 'icons', icon.file),
    omitBackground: icon.transparent,
    clip: { x: 0, y: 0, width: icon.size, height: icon.size },
  });
  console.log(`public/icons/${icon.file}`);
}
await browser.close();
