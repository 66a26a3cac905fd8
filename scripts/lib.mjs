// Small helpers shared by the start, dev and test scripts (plain Node, no dependencies).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command in the repository root with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/** Newest modification time (ms) of any file under the given paths; 0 when none exist. */
export function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(path.resolve(root, p));
  return latest;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= newest(['package-lock.json'])) return false;
  console.log('Installing dependencies (npm ci)...');
  await run(npm, ['ci', '--no-audit', '--no-fund']);
  return true;
}

/** How `supervise` restarts a crashed process (times in ms). */
export const RESTART_DEFAULTS = {
  /** Pause before the first restart; it doubles with each crash in a row... */
  firstDelayMs: 1000,
  /** ...up to this. */
  maxDelayMs: 30_000,
  /** A process that ran this long before crashing starts the count again from the first pause. */
  resetAfterMs: 60_000,
  /** This many crashes within `crashWindowMs` means restarting does not help: give up. */
  maxCrashes: 5,
  crashWindowMs: 2 * 60_000,
};

/** Exit code of a server that refuses its configuration (EX_CONFIG): restarting cannot help. */
export const EXIT_CONFIG = 78;

/**
 * What to do when the supervised process exits: `{ action: 'exit', code }` after a clean exit, a
 * stop we asked for, or a configuration it refuses; `{ action: 'restart', delayMs }` after a
 * crash; `{ action: 'give-up', code, message }` when it keeps crashing. Pure: times come in.
 */
export function restartPolicy(options = {}) {
  const o = { ...RESTART_DEFAULTS, ...options };
  let delay = o.firstDelayMs;
  let crashes = [];
  const seconds = (ms) => `${Math.round(ms / 1000)} s`;
  return {
    afterExit({ code, signal, startedAt, now, stopping }) {
      if (stopping) return { action: 'exit', code: code ?? 0 };
      if (code === 0) return { action: 'exit', code: 0 };
      if (code === EXIT_CONFIG) return { action: 'exit', code };
      if (now - startedAt >= o.resetAfterMs) {
        delay = o.firstDelayMs;
        crashes = [];
      }
      crashes = [...crashes.filter((at) => now - at < o.crashWindowMs), now];
      const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
      if (crashes.length >= o.maxCrashes)
        return {
          action: 'give-up',
          code: 1,
          message: `Voxpress ${how}: that is ${crashes.length} crashes within ${seconds(o.crashWindowMs)}, so it is not started again. The lines above say why; fix that and run npm start again.`,
        };
      const delayMs = delay;
      delay = Math.min(delay * 2, o.maxDelayMs);
      return {
        action: 'restart',
        delayMs,
        message: `Voxpress ${how}; starting it again in ${seconds(delayMs)}.`,
      };
    },
  };
}

/**
 * Runs `command` and keeps it running: a crash (a non-zero exit or a kill) restarts it after a
 * pause that grows from 1 s to 30 s and starts again from 1 s once it ran for a minute; many
 * crashes in a short time end it with a message. A clean exit ends it too. SIGINT, SIGTERM and
 * SIGHUP are passed on once, and the process's own exit code is returned; a second Ctrl+C kills
 * it. The process runs in a process group of its own, so Ctrl+C in a terminal reaches it through
 * this supervisor only, once.
 */
export function supervise(
  command,
  args,
  { policy = restartPolicy(), log = console.log, ...spawnOptions } = {},
) {
  return new Promise((resolve) => {
    let child;
    let startedAt = 0;
    let stopping = false;
    let timer;
    const start = () => {
      timer = undefined;
      startedAt = Date.now();
      child = spawn(command, args, { stdio: 'inherit', detached: true, ...spawnOptions });
      log(`[start] Voxpress is starting (process ${child.pid}).`);
      child.on('error', (err) => {
        log(`[start] Voxpress could not be started: ${err.message}`);
        // Nothing ran (no such program): there is nothing to restart.
        if (child?.pid === undefined) finish(1);
      });
      child.on('exit', (code, signal) => {
        // What the process left running (a decoder, a speech engine) goes with it: it led a group.
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
        child = undefined;
        const next = policy.afterExit({ code, signal, startedAt, now: Date.now(), stopping });
        if (next.action === 'restart') {
          log(`[start] ${next.message}`);
          timer = setTimeout(start, next.delayMs);
          return;
        }
        if (next.message) log(`[start] ${next.message}`);
        finish(next.code);
      });
    };
    const onSignal = (signal) => {
      if (stopping && child) {
        child.kill('SIGKILL');
        return;
      }
      stopping = true;
      if (child) child.kill(signal);
      else {
        clearTimeout(timer);
        finish(0);
      }
    };
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const signal of signals) process.on(signal, onSignal);
    let finished = false;
    const finish = (code) => {
      if (finished) return;
      finished = true;
      for (const signal of signals) process.off(signal, onSignal);
      resolve(code);
    };
    start();
  });
}
