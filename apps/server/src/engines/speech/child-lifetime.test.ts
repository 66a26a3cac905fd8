import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { exited } from '@voxpress/test-kit/server-process';
import { afterEach, describe, expect, it } from 'vitest';
import { processState } from '../../../test/processes.ts';
import { readUntil } from '../../../test/wait.ts';
import { findExecutable } from './executables.ts';
import { limitedCommand } from './untrusted-process.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A stand-in for the server: a Node process that starts `sleep 600` the way the speech engines
 * start their programs (`limitedCommand`, `endWithServer`), prints its process id, then waits, or
 * exits by itself when `exitAfterStart` is set.
 */
function parentScript(dir: string, exitAfterStart: boolean): string {
  const file = path.join(dir, 'parent.ts');
  writeFileSync(
    file,
    `
import { spawn } from 'node:child_process';
import { endWithServer } from ${JSON.stringify(path.join(here, 'child-lifetime.ts'))};
import { limitedCommand } from ${JSON.stringify(path.join(here, 'untrusted-process.ts'))};
const sleep = process.env.SLEEP_BIN as string;
const command = limitedCommand(sleep, ['600'], { memoryBytes: 1024 ** 3, niceness: 10 });
const child = endWithServer(spawn(command.command, command.args, { stdio: 'ignore' }));
child.once('spawn', () => {
  process.stdout.write(\`\${child.pid}\\n\`);
  if (${exitAfterStart}) setTimeout(() => process.exit(0), 200);
});
setInterval(() => {}, 1000);
`,
  );
  return file;
}

describe('programs started for speech work end with the server', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const step of cleanups.splice(0).reverse()) await step();
  });

  const start = async (options: { exitAfterStart: boolean; path?: string }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'voxpress-lifetime-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const parent = spawn(process.execPath, ['--import', 'tsx', parentScript(dir, options.exitAfterStart)], {
      cwd: serverDir,
      env: {
        ...process.env,
        SLEEP_BIN: findExecutable('sleep') ?? '/bin/sleep',
        ...(options.path ? { PATH: options.path } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(() => parent.kill('SIGKILL'));
    const pid = await new Promise<number>((resolve, reject) => {
      createInterface({ input: parent.stdout as NonNullable<ChildProcess['stdout']> }).once('line', (line) =>
        resolve(Number(line)),
      );
      parent.once('exit', (code) =>
        reject(new Error(`the parent exited (${code}) before starting its child`)),
      );
    });
    // Whatever happens, no sleeping child outlives the test.
    cleanups.push(() => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone, as it should be
      }
    });
    expect(processState(pid)).toMatch(/^[RS]$/);
    return { parent, pid };
  };

  it.runIf(process.platform === 'linux' && findExecutable('setpriv'))(
    'a program is killed when the server is SIGKILLed',
    async () => {
      const { parent, pid } = await start({ exitAfterStart: false });
      parent.kill('SIGKILL');
      await exited(parent);
      // Gone, or dead and waiting to be reaped by whoever inherited it.
      await readUntil(
        () => processState(pid),
        (state) => state === 'gone' || state === 'Z',
        { timeoutMs: 20_000 },
      );
    },
  );

  it('without setpriv, a program is still killed when the server exits by itself', async () => {
    const bin = mkdtempSync(path.join(tmpdir(), 'voxpress-nosetpriv-'));
    cleanups.push(() => rmSync(bin, { recursive: true, force: true }));
    // A PATH with nice and prlimit but no setpriv.
    for (const name of ['nice', 'prlimit', 'sh'])
      symlinkSync(findExecutable(name) ?? `/usr/bin/${name}`, path.join(bin, name));
    const { parent, pid } = await start({ exitAfterStart: true, path: bin });
    await exited(parent);
    expect(parent.exitCode).toBe(0);
    await readUntil(
      () => processState(pid),
      (state) => state === 'gone' || state === 'Z',
      { timeoutMs: 20_000 },
    );
  });

  it.runIf(process.platform === 'linux' && findExecutable('setpriv'))(
    'puts setpriv first, so that every wrapper after it runs with the setting',
    () => {
      const command = limitedCommand('/usr/bin/ffmpeg', ['-i', 'x'], { memoryBytes: 1024, niceness: 10 });
      const argv = [command.command, ...command.args];
      expect(argv.slice(0, 4)).toEqual([findExecutable('setpriv'), '--pdeathsig', 'KILL', '--']);
      expect(argv.slice(-3)).toEqual(['/usr/bin/ffmpeg', '-i', 'x']);
    },
  );
});
