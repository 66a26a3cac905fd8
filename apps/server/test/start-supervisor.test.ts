import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { exited, serverArgs, waitForHealth } from '@voxpress/test-kit/server-process';
import { describe, expect, it } from 'vitest';
import { cleanupAfter, serverSetup } from './process-setup.ts';
import { until } from './wait.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A server started from source on a busy two-core machine can take minutes to answer. */
const STARTUP_MS = 300_000;
const libUrl = pathToFileURL(path.join(root, 'scripts/lib.mjs')).href;

interface Decision {
  action: 'exit' | 'restart' | 'give-up';
  code?: number;
  delayMs?: number;
  message?: string;
}
interface Policy {
  afterExit(exit: {
    code: number | null;
    signal: string | null;
    startedAt: number;
    now: number;
    stopping: boolean;
  }): Decision;
}
const lib = (await import(libUrl)) as {
  restartPolicy(options?: Record<string, number>): Policy;
  EXIT_CONFIG: number;
};

describe('the restart policy of npm start', () => {
  const crash = (policy: Policy, upMs: number, now: number) =>
    policy.afterExit({ code: 1, signal: null, startedAt: now - upMs, now, stopping: false });

  it('waits 1 s after a crash, doubling up to 30 s, and from 1 s again after a minute up', () => {
    const policy = lib.restartPolicy({ maxCrashes: 100 });
    let now = 0;
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      now += 5 * 60_000;
      delays.push(crash(policy, 1000, now).delayMs ?? -1);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    now += 5 * 60_000;
    expect(crash(policy, 60_000, now).delayMs).toBe(1000);
    expect(crash(policy, 1000, now + 2000).delayMs).toBe(2000);
  });

  it('gives up with a message after 5 crashes within 2 minutes, not after 5 spread out', () => {
    const spread = lib.restartPolicy();
    for (let i = 1; i <= 8; i++) expect(crash(spread, 1000, i * 60_000).action).toBe('restart');

    const quick = lib.restartPolicy();
    const decisions = [0, 2, 5, 10, 19].map((s) => crash(quick, 500, s * 1000));
    expect(decisions.slice(0, 4).map((d) => d.action)).toEqual(['restart', 'restart', 'restart', 'restart']);
    expect(decisions[4]).toMatchObject({ action: 'give-up', code: 1 });
    expect(decisions[4]?.message).toBe(
      'Voxpress exited with code 1: that is 5 crashes within 120 s, so it is not started again. The lines above say why; fix that and run npm start again.',
    );
  });

  it('does not restart after a clean exit, a stop it was asked for, or a configuration it refuses', () => {
    const policy = lib.restartPolicy();
    const exit = (code: number | null, signal: string | null, stopping: boolean) =>
      policy.afterExit({ code, signal, startedAt: 0, now: 10, stopping });
    expect(exit(0, null, false)).toEqual({ action: 'exit', code: 0 });
    expect(exit(null, 'SIGTERM', true)).toEqual({ action: 'exit', code: 0 });
    expect(exit(lib.EXIT_CONFIG, null, false)).toEqual({ action: 'exit', code: 78 });
    expect(exit(null, 'SIGKILL', false)).toMatchObject({
      action: 'restart',
      delayMs: 1000,
      message: 'Voxpress was killed (SIGKILL); starting it again in 1 s.',
    });
  });
});

/** A supervisor process running `command` the way npm start runs the server, its lines collected. */
function startSupervisor(
  command: string[],
  options: { env?: Record<string, string>; cwd?: string; policy?: Record<string, number> } = {},
): { process: ChildProcess; lines: string[] } {
  const script = [
    `import { restartPolicy, supervise } from ${JSON.stringify(libUrl)};`,
    `const [command, ...args] = ${JSON.stringify(command)};`,
    `const code = await supervise(command, args, { policy: restartPolicy(${JSON.stringify(options.policy ?? {})}) });`,
    'process.exit(code);',
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => lines.push(line));
  return { process: child, lines };
}

/** The process ids the supervisor reported starting, in order. */
const startedPids = (lines: string[]) =>
  lines.flatMap((l) => {
    const match = /^\[start\] Voxpress is starting \(process (\d+)\)\.$/.exec(l);
    return match ? [Number(match[1])] : [];
  });

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start keeps the server running', () => {
  const cleanups = cleanupAfter();

  it(
    'brings the server back after it is killed, and stops it for good on SIGTERM',
    async () => {
      const setup = await serverSetup('pglite', cleanups, { LOG_LEVEL: 'warn' });
      const supervisor = startSupervisor([process.execPath, ...serverArgs()], {
        cwd: path.join(root, 'apps/server'),
        env: setup.env,
      });
      cleanups.push(async () => {
        for (const pid of startedPids(supervisor.lines)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
        if (supervisor.process.exitCode === null) supervisor.process.kill('SIGKILL');
      });
      await waitForHealth(setup.base, { timeoutMs: STARTUP_MS });
      const [first] = startedPids(supervisor.lines);
      expect(first).toBeDefined();

      process.kill(first as number, 'SIGKILL');
      const second = await until('a second server process', () => startedPids(supervisor.lines)[1], {
        timeoutMs: 30_000,
      });
      expect(second).not.toBe(first);
      expect(supervisor.lines).toContain('[start] Voxpress was killed (SIGKILL); starting it again in 1 s.');
      await waitForHealth(setup.base, { timeoutMs: STARTUP_MS });
      // The data it had is still there: the embedded database opened again after the kill.
      const health = await fetch(`${setup.base}/api/v1/health`);
      expect(health.status).toBe(200);

      supervisor.process.kill('SIGTERM');
      await exited(supervisor.process);
      expect(supervisor.process.exitCode).toBe(0);
      expect(isRunning(second)).toBe(false);
      expect(startedPids(supervisor.lines)).toHaveLength(2);
    },
    3 * STARTUP_MS,
  );

  it('gives up on a program that keeps crashing, saying so, and leaves a clean exit alone', async () => {
    const crashing = startSupervisor([process.execPath, '-e', 'process.exit(3)'], {
      policy: { firstDelayMs: 10, maxDelayMs: 40, maxCrashes: 4 },
    });
    await exited(crashing.process);
    expect(crashing.process.exitCode).toBe(1);
    expect(startedPids(crashing.lines)).toHaveLength(4);
    expect(crashing.lines.at(-1)).toMatch(
      /^\[start\] Voxpress exited with code 3: that is 4 crashes within 120 s, so it is not started again\./,
    );

    const clean = startSupervisor([process.execPath, '-e', 'process.exit(0)']);
    await exited(clean.process);
    expect(clean.process.exitCode).toBe(0);
    expect(startedPids(clean.lines)).toHaveLength(1);

    const misconfigured = startSupervisor([process.execPath, '-e', 'process.exit(78)']);
    await exited(misconfigured.process);
    expect(misconfigured.process.exitCode).toBe(78);
    expect(startedPids(misconfigured.lines)).toHaveLength(1);
  });
});
