// Voxpress runs on Node.js 22 or newer (24 LTS preferred). On an older Node the start, dev and test
// scripts fetch Node 24 from the npm registry once (the `node` package carries the binary), keep it
// in the user's cache folder, and run themselves again under it, so a fresh clone still needs
// nothing but npm.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export const MIN_NODE_MAJOR = 22;
const RUNTIME_VERSION = '24';

const cacheDir = () =>
  path.join(
    process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'),
    'voxpress',
    `node-${RUNTIME_VERSION}`,
  );

/** Installs Node 24 into the cache folder when it is not there yet; returns its `bin` folder. */
function installRuntime() {
  const dir = cacheDir();
  const bin = path.join(dir, 'node_modules', '.bin');
  if (existsSync(path.join(bin, 'node'))) return bin;
  console.error(
    `Node.js ${process.versions.node} is older than ${MIN_NODE_MAJOR}: fetching Node ${RUNTIME_VERSION} LTS from the npm registry into ${dir}...`,
  );
  mkdirSync(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', `node@${RUNTIME_VERSION}`],
    // Progress goes to stderr: stdout carries the answer of `node scripts/node-runtime.mjs`.
    { stdio: ['ignore', 2, 2] },
  );
  if (result.status !== 0 || !existsSync(path.join(bin, 'node'))) {
    console.error(
      `Could not install Node ${RUNTIME_VERSION}. Install Node.js ${MIN_NODE_MAJOR} or newer (24 LTS recommended) and run this again.`,
    );
    process.exit(1);
  }
  return bin;
}

/**
 * Returns when this process runs on a supported Node. Otherwise runs the same script under Node 24
 * (with its folder first on PATH, so npm and child processes use it too) and exits with its code.
 */
export async function ensureSupportedNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= MIN_NODE_MAJOR) return;
  const bin = installRuntime();
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(path.join(bin, 'node'), process.argv.slice(1), { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
  process.exit(code);
}

// `node scripts/node-runtime.mjs` prints the folder to put first on PATH (installing Node 24 when
// this Node is too old), or nothing when this Node will do; CI uses it before `npm ci`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < MIN_NODE_MAJOR) console.log(installRuntime());
}
