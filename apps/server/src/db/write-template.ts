/**
 * `node write-db-template.js <folder>` (run by build.mjs on the bundle it built): writes the
 * embedded database's template into `<folder>` (see template.ts), unless the one there already
 * holds every migration for this PGlite; then only its description's time is renewed, which
 * scripts/start.mjs compares with the sources' to tell whether the build is current.
 */
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../lib/paths.ts';
import { makeTemplate, migrationHashes, TEMPLATE_MANIFEST, usableTemplate } from './template.ts';

const folder = process.argv[2];
if (!folder) throw new Error('Usage: write-db-template.js <folder>');
const migrationsFolder = path.join(serverRoot(), 'drizzle');
const present = usableTemplate(folder, migrationsFolder);
if (
  'manifest' in present &&
  present.manifest.migrations.length === migrationHashes(migrationsFolder).length
) {
  const now = new Date();
  utimesSync(path.join(folder, TEMPLATE_MANIFEST), now, now);
} else {
  const started = performance.now();
  const manifest = await makeTemplate(folder, migrationsFolder);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Database template: PGlite ${manifest.pglite}, ${manifest.migrations.length} migrations (${seconds} s)`,
  );
}
