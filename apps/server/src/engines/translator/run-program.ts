import { spawn } from 'node:child_process';
import { abortReason } from '../speech/abort-signals.ts';
import { endGroupWithServer, groupDiesWithServerPrefix } from '../speech/child-lifetime.ts';
import { tail } from '../speech/executables.ts';

export interface RunOptions {
  input: string;
  signal: AbortSignal;
  timeoutMs: number;
  /** Lower the program's CPU priority: the machine also serves requests. */
  nice?: boolean;
}

/** Why a program run did not give its output. */
export class ProgramError extends Error {
  override name = 'ProgramError';
  constructor(
    message: string,
    readonly reason: 'timeout' | 'failed' | 'missing',
  ) {
    super(message);
  }
}

/**
 * Runs a program with `input` on stdin and returns its stdout. The program gets its own process
 * group so that a time-out or an abort also ends the pipeline it starts (apertium is a shell
 * script running several programs joined by pipes), and the whole group dies with the server,
 * even when the server is SIGKILLed (`groupDiesWithServerPrefix`).
 */
export function runProgram(command: string, args: string[], options: RunOptions): Promise<string> {
  if (options.signal.aborted) return Promise.reject(abortReason(options.signal));
  const argv = [
    ...groupDiesWithServerPrefix(),
    ...(options.nice ? ['nice', '-n', '10'] : []),
    command,
    ...args,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0] as string, argv.slice(1), {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    endGroupWithServer(child);
    const out: Buffer[] = [];
    let err = '';
    let ended: 'timeout' | 'abort' | null = null;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      ended = 'timeout';
      killGroup();
    }, options.timeoutMs);
    const onAbort = () => {
      ended = 'abort';
      killGroup();
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
    });
    // A program that exits early closes stdin; the write error is reported by `close` below.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input, 'utf8');
    const finish = () => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish();
      reject(
        error.code === 'ENOENT'
          ? new ProgramError(`${command} is not installed`, 'missing')
          : new ProgramError(`${command} could not start: ${error.message}`, 'failed'),
      );
    });
    child.on('close', (code, killedBy) => {
      finish();
      if (ended === 'abort') return reject(abortReason(options.signal));
      if (ended === 'timeout')
        return reject(new ProgramError(`${command} took longer than ${options.timeoutMs} ms`, 'timeout'));
      // 127: the shell or `nice` in front of the program found no such program.
      if (code === 127) return reject(new ProgramError(`${command} is not installed`, 'missing'));
      if (code !== 0) {
        const how = killedBy ? `was stopped by ${killedBy}` : `stopped with exit code ${code}`;
        const why = tail(err);
        return reject(new ProgramError(`${command} ${how}${why ? `: ${why}` : ''}`, 'failed'));
      }
      resolve(Buffer.concat(out).toString('utf8'));
    });
  });
}
