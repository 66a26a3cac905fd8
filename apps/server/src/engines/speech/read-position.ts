import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';

/** How often the read position is looked at. */
const EVERY_MS = 250;

/**
 * Follows how far a child process has read into a file, from Linux's `/proc/<pid>/fdinfo`
 * (`pos:`, the file offset of its descriptor): real progress for programs that only print when
 * done. Elsewhere, or when the file is not (yet) open, it reports nothing. `onPosition` gets each
 * new, larger offset in bytes.
 */
export function watchReadPosition(
  pid: number,
  file: string,
  onPosition: (bytes: number) => void,
): { stop(): void } {
  const target = path.resolve(file);
  let fd: string | undefined;
  let last = 0;
  let busy = false;
  const look = async () => {
    if (busy) return;
    busy = true;
    try {
      fd ??= await findDescriptor(pid, target);
      if (!fd) return;
      const info = await readFile(`/proc/${pid}/fdinfo/${fd}`, 'utf8');
      const position = Number(/^pos:\s*(\d+)/m.exec(info)?.[1] ?? Number.NaN);
      if (position > last) {
        last = position;
        onPosition(position);
      }
    } catch {
      // The process ended or closed the file meanwhile: its exit tells the rest.
      fd = undefined;
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void look(), EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

async function findDescriptor(pid: number, target: string): Promise<string | undefined> {
  const dir = `/proc/${pid}/fd`;
  for (const fd of await readdir(dir).catch(() => [])) {
    if ((await readlink(path.join(dir, fd)).catch(() => '')) === target) return fd;
  }
  return undefined;
}
