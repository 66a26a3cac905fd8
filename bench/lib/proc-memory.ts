/**
 * Memory figures of processes, read from Linux's `/proc`. Every figure is in MB (MiB, as `ps`
 * and `top` count them).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A memory line of `/proc/<pid>/status`: `VmRSS` (resident now) or `VmHWM` (peak resident). */
export function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`No ${field} in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/**
 * Resets the process's peak (`VmHWM`) to its current resident size, so that the next reading of
 * `VmHWM` is the peak since now. Needs Linux 4.0+ and the same user; false when refused.
 */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The children of this process that run the program `name` (by the file name of argv[0]). */
export function childrenNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv0 = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')[0] ?? '';
      if (path.basename(argv0) !== name) continue;
      const ppid = /^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (Number(ppid) === process.pid) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/**
 * Samples the summed resident size of the processes `pids()` returns, every `everyMs`, until
 * `stop()`, which answers the largest sum seen (MB).
 */
export function sampleRss(pids: () => number[], everyMs = 100): { stop(): number } {
  let peak = 0;
  const sample = () => {
    let sum = 0;
    for (const pid of pids()) {
      try {
        sum += statusMb(pid, 'VmRSS');
      } catch {
        // ended between listing and reading
      }
    }
    peak = Math.max(peak, sum);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** This process's peak resident size so far (MB), from `process.resourceUsage().maxRSS`. */
export function ownPeakMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}
