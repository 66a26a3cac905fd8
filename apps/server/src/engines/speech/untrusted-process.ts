import { dieWithServerPrefix } from './child-lifetime.ts';
import { findExecutable } from './executables.ts';

/** Limits for a program that reads files from users (a decoder chewing on an upload). */
export interface ProcessLimits {
  /** Largest address space in bytes; a decoder tricked into allocating wildly fails instead. */
  memoryBytes: number;
  /** CPU priority, 0 (normal) to 19 (lowest): the API stays responsive while media decodes. */
  niceness: number;
}

/** How limits are applied on this machine, for the start-up log. */
export interface LimitSupport {
  memory: 'prlimit' | 'ulimit' | 'none';
  priority: 'nice' | 'none';
}

let tools: { prlimit: string | null; nice: string | null; sh: string | null } | undefined;
const locate = () => {
  tools ??= { prlimit: findExecutable('prlimit'), nice: findExecutable('nice'), sh: findExecutable('sh') };
  return tools;
};

/** `prlimit` (util-linux) when present, else the shell's `ulimit -v`; `nice` from coreutils. */
export function limitSupport(): LimitSupport {
  const t = locate();
  return {
    memory: t.prlimit ? 'prlimit' : t.sh ? 'ulimit' : 'none',
    priority: t.nice ? 'nice' : 'none',
  };
}

/**
 * The command line that runs `program` with `args` under `limits`:
 * `setpriv --pdeathsig KILL -- nice -n N prlimit --as=BYTES -- program args…`, or
 * `sh -c 'ulimit -v KB && exec "$@"'` in place of prlimit where util-linux is missing (and no
 * setpriv then: see `dieWithServerPrefix`). Each wrapper replaces itself with the next (exec), so
 * the process id is the program's own, killing it kills the program, and the program is killed
 * when the server dies.
 */
export function limitedCommand(
  program: string,
  args: string[],
  limits: ProcessLimits,
): { command: string; args: string[] } {
  const t = locate();
  let argv = [program, ...args];
  if (t.prlimit) argv = [t.prlimit, `--as=${limits.memoryBytes}`, '--', ...argv];
  else if (t.sh)
    argv = [t.sh, '-c', `ulimit -v ${Math.floor(limits.memoryBytes / 1024)} && exec "$@"`, 'sh', ...argv];
  if (t.nice && limits.niceness > 0) argv = [t.nice, '-n', String(limits.niceness), ...argv];
  argv = [...dieWithServerPrefix(), ...argv];
  return { command: argv[0] as string, args: argv.slice(1) };
}
