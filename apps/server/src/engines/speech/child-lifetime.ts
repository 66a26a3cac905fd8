import type { ChildProcess } from 'node:child_process';
import { findExecutable } from './executables.ts';

/**
 * How the programs the server starts (ffmpeg, PocketSphinx) are made to end with it:
 * - `pdeathsig`: they run under `setpriv --pdeathsig KILL` (util-linux, Linux), so the kernel kills
 *   them the moment the server process dies, even when the server itself is SIGKILLed or crashes;
 * - `exit-hook` only: without setpriv, they are killed when the server exits by itself (a normal
 *   stop, an uncaught error), but a SIGKILLed server leaves them running until they finish.
 */
export type ChildLifetime = 'pdeathsig' | 'exit-hook';

let setpriv: string | null | undefined;
const live = new Set<ChildProcess>();
let hooked = false;

export function childLifetime(): ChildLifetime {
  setpriv ??= process.platform === 'linux' ? findExecutable('setpriv') : null;
  return setpriv ? 'pdeathsig' : 'exit-hook';
}

/**
 * The words to put before a program's command line so that it dies with this process:
 * `setpriv --pdeathsig KILL --`, which sets the signal and replaces itself with the program (the
 * process id stays the program's, and the setting survives the `nice`/`prlimit`/`stdbuf` wrappers,
 * which replace themselves too). Empty where setpriv is missing.
 */
export function dieWithServerPrefix(): string[] {
  return childLifetime() === 'pdeathsig' ? [setpriv as string, '--pdeathsig', 'KILL', '--'] : [];
}

let shell: string | null | undefined;

/**
 * The words to put before a command that runs a pipeline of programs (Apertium's `apertium` is a
 * shell script joining several by pipes) so that all of them die with this process. The kernel's
 * parent-death signal reaches only the process it was set for, not the programs that one starts,
 * so the command runs under a small shell in its own process group (spawn it `detached`): setpriv
 * sends that shell SIGTERM when the server dies, and the shell then kills its whole group. Stdin is
 * handed on to the command. Empty where setpriv or sh is missing (`endGroupWithServer` still ends
 * the group when the server exits by itself).
 */
export function groupDiesWithServerPrefix(): string[] {
  shell ??= findExecutable('sh');
  if (childLifetime() !== 'pdeathsig' || !shell) return [];
  const script = 'trap "kill -KILL 0" TERM; exec 3<&0; "$@" <&3 3<&- & wait $!';
  return [setpriv as string, '--pdeathsig', 'TERM', '--', shell, '-c', script, 'sh'];
}

const groups = new Set<number>();
let groupsHooked = false;

/**
 * Kills the process group `child` leads (it was spawned `detached`) when this process exits,
 * should it still be running then.
 */
export function endGroupWithServer<C extends ChildProcess>(child: C): C {
  if (!groupsHooked) {
    groupsHooked = true;
    process.once('exit', () => {
      for (const pid of groups) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    });
  }
  const pid = child.pid;
  if (pid === undefined) return child;
  groups.add(pid);
  child.once('exit', () => groups.delete(pid));
  return child;
}

/** Kills `child` when this process exits, should it still be running then. */
export function endWithServer<C extends ChildProcess>(child: C): C {
  if (!hooked) {
    hooked = true;
    // 'exit' handlers run synchronously: a signal is all there is time for.
    process.once('exit', () => {
      for (const c of live) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    });
  }
  live.add(child);
  child.once('exit', () => live.delete(child));
  child.once('error', () => live.delete(child));
  return child;
}
