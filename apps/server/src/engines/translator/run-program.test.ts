import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited } from '@voxpress/test-kit/server-process';
import { afterEach, describe, expect, it } from 'vitest';
import { processState } from '../../../test/processes.ts';
import { readUntil } from '../../../test/wait.ts';
import { findExecutable } from '../speech/executables.ts';
import { ProgramError, runProgram } from './run-program.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const here = path.dirname(fileURLToPath(import.meta.url));
const linuxWithSetpriv = process.platform === 'linux' && Boolean(findExecutable('setpriv'));

/**
 * A stand-in for `apertium`: a shell script that starts programs of its own, as apertium's pipeline
 * does, writes its process id and theirs to `$PIDS`, and waits for them.
 */
function fakeApertium(dir: string): string {
  const file = path.join(dir, 'apertium');
  writeFileSync(
    file,
    `#!/bin/sh
echo $$ >> "$PIDS"
sleep 600 &
echo $! >> "$PIDS"
sleep 601 &
echo $! >> "$PIDS"
echo ready >> "$PIDS"
wait
`,
  );
  chmodSync(file, 0o755);
  return file;
}

/** A stand-in for the server: runs the fake apertium the way the translator does, then waits. */
function parentScript(dir: string, exitAfterStart: boolean): string {
  const file = path.join(dir, 'parent.ts');
  writeFileSync(
    file,
    `
import { runProgram } from ${JSON.stringify(path.join(here, 'run-program.ts'))};
runProgram(process.env.APERTIUM as string, ['en-es', '/dev/null'], {
  input: '',
  signal: new AbortController().signal,
  timeoutMs: 600_000,
  nice: true,
}).catch(() => {});
if (${exitAfterStart}) setTimeout(() => process.exit(0), 1500);
setInterval(() => {}, 1000);
`,
  );
  return file;
}

describe('Apertium and the programs it starts end with the server', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const step of cleanups.splice(0).reverse()) await step();
  });

  /** Starts the stand-in server; answers it and the pids of apertium and its pipeline. */
  const start = async (options: { exitAfterStart: boolean; path?: string }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'voxpress-apertium-lifetime-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const pidsFile = path.join(dir, 'pids');
    writeFileSync(pidsFile, '');
    const parent = spawn(process.execPath, ['--import', 'tsx', parentScript(dir, options.exitAfterStart)], {
      cwd: serverDir,
      env: {
        ...process.env,
        APERTIUM: fakeApertium(dir),
        PIDS: pidsFile,
        ...(options.path ? { PATH: options.path } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    }) as ChildProcess;
    cleanups.push(() => parent.kill('SIGKILL'));
    const lines = await readUntil(
      () => readFileSync(pidsFile, 'utf8').split('\n').filter(Boolean),
      (l) => l.includes('ready'),
      { timeoutMs: 60_000 },
    );
    const pids = lines.filter((l) => l !== 'ready').map(Number);
    // Whatever happens, nothing the test started outlives it.
    cleanups.push(() => {
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone, as it should be
        }
      }
    });
    expect(pids).toHaveLength(3);
    for (const pid of pids) expect(processState(pid)).toMatch(/^[RS]$/);
    return { parent, pids };
  };

  const allGone = (pids: number[]) =>
    readUntil(
      () => pids.map(processState),
      (states) => states.every((state) => state === 'gone' || state === 'Z'),
      { timeoutMs: 20_000 },
    );

  it.runIf(linuxWithSetpriv)(
    'apertium and every program of its pipeline are killed when the server is SIGKILLed',
    { timeout: 120_000 },
    async () => {
      const { parent, pids } = await start({ exitAfterStart: false });
      parent.kill('SIGKILL');
      await exited(parent);
      await allGone(pids);
    },
  );

  it('without setpriv, the pipeline is still killed when the server exits by itself', {
    timeout: 120_000,
  }, async () => {
    const bin = mkdtempSync(path.join(tmpdir(), 'voxpress-nosetpriv-'));
    cleanups.push(() => rmSync(bin, { recursive: true, force: true }));
    // A PATH with the programs the stand-ins use, and no setpriv.
    for (const name of ['nice', 'sh', 'sleep'])
      symlinkSync(findExecutable(name) ?? `/usr/bin/${name}`, path.join(bin, name));
    const { parent, pids } = await start({ exitAfterStart: true, path: bin });
    await exited(parent);
    expect(parent.exitCode).toBe(0);
    await allGone(pids);
  });

  it('gives the output, hands stdin on, and names a program that is not installed', async () => {
    const signal = new AbortController().signal;
    expect(await runProgram('cat', [], { input: 'Edited by Dana.', signal, timeoutMs: 20_000 })).toBe(
      'Edited by Dana.',
    );
    expect(await runProgram('cat', [], { input: 'niced', signal, timeoutMs: 20_000, nice: true })).toBe(
      'niced',
    );
    const missing = await runProgram('/nowhere/apertium', ['-l'], {
      input: '',
      signal,
      timeoutMs: 20_000,
    }).catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(ProgramError);
    expect(missing).toMatchObject({ reason: 'missing', message: '/nowhere/apertium is not installed' });
  });
});
