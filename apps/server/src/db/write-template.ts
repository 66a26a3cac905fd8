/**
 * `node write-db-template.js <folder>` (run by build.mjs on the bundle it built): puts the embedded
 * database's template into `<folder>` (see template.ts). One that already holds every migration for
 * this PGlite stays, and only its description's time is renewed (scripts/start.mjs compares it
 * with the sources' to tell whether the build is current). Else a copy kept in
 * apps/server/node_modules/.cache is used when it is current, so the builds the tests make do not
 * create the cluster each time; else the template is made and kept there too.
 */
import { copyFileSync, mkdirSync, renameSync, rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../lib/paths.ts';
import {
  makeTemplate,
  migrationHashes,
  TEMPLATE_FILE,
  TEMPLATE_MANIFEST,
  templateCacheFolder,
  usableTemplate,
} from './template.ts';

const folder = process.argv[2];
if (!folder) throw new Error('Usage: write-db-template.js <folder>');
const migrationsFolder = path.join(serverRoot(), 'drizzle');
const cache = templateCacheFolder();
const all = migrationHashes(migrationsFolder).length;

/** True when `dir` holds a template made by this PGlite with every migration. */
function current(dir: string): boolean {
  const found = usableTemplate(dir, migrationsFolder);
  return 'manifest' in found && found.manifest.migrations.length === all;
}

/** Copies the template in `from` to `to`: its description goes first and comes back last. */
function copyTemplate(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  rmSync(path.join(to, TEMPLATE_MANIFEST), { force: true });
  for (const file of [TEMPLATE_FILE, TEMPLATE_MANIFEST]) {
    const temporary = path.join(to, `${file}.copying`);
    copyFileSync(path.join(from, file), temporary);
    renameSync(temporary, path.join(to, file));
  }
}

if (current(folder)) {
  const now = new Date();
  utimesSync(path.join(folder, TEMPLATE_MANIFEST), now, now);
} else if (current(cache)) {
  copyTemplate(cache, folder);
} else {
  const started = performance.now();
  const manifest = await makeTemplate(folder, migrationsFolder);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Database template: PGlite ${manifest.pglite}, ${manifest.migrations.length} migrations (${seconds} s)`,
  );
  copyTemplate(folder, cache);
}
