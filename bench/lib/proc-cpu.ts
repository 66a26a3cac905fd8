/** CPU time of processes, read from Linux's `/proc`. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;

/**
 * Seconds of CPU a process has used (user and system), with those of the children it has waited
 * for, e.g. the ffmpeg and PocketSphinx runs of a transcription once they ended. Unlike wall time,
 * it hardly depends on what else the machine is running.
 */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After "pid (name) ": state is field 3, utime, stime, cutime and cstime fields 14 to 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
  return ticks / CLOCK_TICKS;
}
