import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** The full path of a program on `PATH` (like `which`), or null when it is not installed. */
export function findExecutable(name: string, searchPath = process.env.PATH ?? ''): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return null;
}

/** The last non-empty lines of a program's stderr, for logs and error causes. */
export function tail(text: string, lines = 3): string {
  return text
    .split(/\r?\n|\r/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-lines)
    .join(' | ');
}
