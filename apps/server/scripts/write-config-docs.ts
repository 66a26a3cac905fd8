/** Rewrites the configuration table in the README from the config schema (`npm run config:docs`). */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withConfigTable } from '../src/config/config-docs.ts';

const readme = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'README.md');
writeFileSync(readme, withConfigTable(readFileSync(readme, 'utf8')));
console.log(`updated the configuration table in ${readme}`);
