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
