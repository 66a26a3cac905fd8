// Builds the web app and the server bundle, starts the real server on a free port with a fresh data folder, and hands its
// address to the tests (`inject('baseUrl')`). The server's log is printed when anything goes wrong.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildServerBundle,
  freePort,
  SERVER_BUNDLE_ENV,
  serverArgs,
  waitForHealth,
} from '@voxpress/test-kit/server-process';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server under test answers, e.g. http://127.0.0.1:43123 */
    baseUrl: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/**
 * The suite builds the web app into a folder of its own, so a test run never leaves a build of a
 * work in progress in apps/web/dist for `npm start` to serve later.
 */
const webDistDir = path.join(root, 'node_modules', '.cache', 'voxpress-e2e-web');

function buildWebApp(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const started = Date.now();
  const result = spawnSync(
    npmCommand,
    ['run', 'build', '-w', '@voxpress/web', '--', '--outDir', webDistDir, '--emptyOutDir'],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`Building the web app failed:\n${result.stdout}\n${result.stderr}`);
  }
  console.log(`[e2e] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function failedTests(project: TestProject): number {
  try {
    return project.vitest.state.getCountOfFailedTests();
  } catch {
    return 0;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildWebApp();
  const bundle = buildServerBundle();
  process.env[SERVER_BUNDLE_ENV] = bundle.dir;
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'voxpress-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const log: string[] = [];
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      VOXPRESS_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      VOXPRESS_SECRET: randomBytes(36).toString('base64url').slice(0, 48),
      NODE_ENV: 'production',
      WEB_DIST_DIR: webDistDir,
      // No outbound network from the suite: whisper stays off without its model, PocketSphinx hears.
      WHISPER_AUTO_DOWNLOAD: 'false',
      // The publishing test's fake WordPress and the import test's media site listen on 127.0.0.1.
      ALLOW_PRIVATE_ADDRESSES: 'true',
      // Every test signs up accounts of its own from 127.0.0.1, two files at a time: the suite,
      // not an attacker.
      AUTH_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const printLog = () => console.error(`[e2e] server log:\n${log.join('') || '(empty)'}`);

  try {
    await waitForHealth(baseUrl, { child });
    // The installation's first account becomes its administrator: one made here, so that no test's
    // account is the administrator by having signed up first, whichever file starts first.
    const admin = await fetch(`${baseUrl}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'administrator@voxpress.test',
        password: randomBytes(18).toString('base64url'),
        full_name: 'Administrator',
      }),
    });
    if (admin.status !== 201) throw new Error(`Creating the administrator failed: ${admin.status}`);
  } catch (err) {
    printLog();
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    bundle.remove();
    throw err;
  }
  console.log(`[e2e] server ready at ${baseUrl}`);
  project.provide('baseUrl', baseUrl);

  return async () => {
    const failed = failedTests(project);
    if (failed > 0 || process.env.E2E_SERVER_LOG === '1') printLog();
    mkdirSync(path.join(root, 'e2e', '.artifacts'), { recursive: true });
    writeFileSync(path.join(root, 'e2e', '.artifacts', 'server.log'), log.join(''));
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
    bundle.remove();
  };
}
