import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `apps/server` folder, whether running from `src/` (tsx) or from the `dist/` bundle. */
export function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle'))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('Cannot find the server folder (no drizzle/ migrations above this file)');
    dir = parent;
  }
  return dir;
}
