import { readdirSync, readFileSync } from 'node:fs';

/** One line of /proc/<pid>/stat, read: the program's name, its state letter and its parent. */
function stat(pid: number): { comm: string; state: string; ppid: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name sits in parentheses and may itself hold spaces or parentheses.
    const open = text.indexOf('(');
    const close = text.lastIndexOf(')');
    const [state = '', ppid = '0'] = text.slice(close + 2).split(' ');
    return { comm: text.slice(open + 1, close), state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/**
 * A process's state letter from /proc (`R` running, `S` sleeping, `T` stopped, `Z` dead but not
 * yet reaped, …), or `gone` once nothing is left of it.
 */
export function processState(pid: number): string {
  return stat(pid)?.state ?? 'gone';
}

/** Every process descended from `pid` (children, their children, …), with its program's name. */
export function descendants(pid: number): { pid: number; comm: string }[] {
  const children = new Map<number, { pid: number; comm: string }[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(Number(entry));
    if (!s) continue;
    const list = children.get(s.ppid) ?? [];
    list.push({ pid: Number(entry), comm: s.comm });
    children.set(s.ppid, list);
  }
  const found: { pid: number; comm: string }[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}
