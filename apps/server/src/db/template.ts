/**
 * A ready-made embedded database: the build creates a PGlite cluster once, runs every migration on
 * it and keeps it as a gzipped tarball beside the bundle (`pglite-template.tar.gz`, described by
 * `pglite-template.json`). A first start on an empty data folder unpacks it instead of running
 * initdb, which grows PGlite's memory past 500 MB and takes seconds.
 *
 * The description names the PGlite version that wrote the files and the hash of every migration
 * applied to them (read from the database itself). A template is used only when PGlite is the
 * same version and its migrations are the first ones of this server's, unchanged; the migration
 * runner then applies any newer ones as on every start. Anything else (another PGlite, an edited
 * or removed migration, a damaged file) is refused and the cluster is created as before.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { serverRoot } from '../lib/paths.ts';

export const TEMPLATE_FILE = 'pglite-template.tar.gz';
export const TEMPLATE_MANIFEST = 'pglite-template.json';

/**
 * The extensions every embedded database loads: pg_trgm (search by misspellings and partial
 * words) and pgvector (passages found by meaning). A cluster and its template are opened with the
 * same ones, so what a migration created with them is there on every start.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, vector };

/** What `pglite-template.json` holds. */
export interface TemplateManifest {
  /** The `@electric-sql/pglite` version that wrote the files. */
  pglite: string;
  /** sha256 of each migration applied to the template, in the order applied (drizzle's hashes). */
  migrations: string[];
  /** sha256 of the tarball. */
  sha256: string;
}

/** The installed `@electric-sql/pglite` version (its package.json, found above its entry file). */
export function pgliteVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the version of @electric-sql/pglite');
    dir = parent;
  }
}

/** The hashes of the migrations in `migrationsFolder`, in the order they are applied. */
export function migrationHashes(migrationsFolder: string): string[] {
  return readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
}

/**
 * Writes `client`'s cluster as the template in `folder`: the tarball first, then its description
 * (each through a temporary name), so a template whose description exists is complete.
 */
export async function saveTemplate(client: PGlite, folder: string): Promise<TemplateManifest> {
  const applied = await client.query<{ hash: string }>(
    'select hash from drizzle.__drizzle_migrations order by created_at, id',
  );
  // The dump is of a running cluster: a checkpoint first leaves its first start almost no
  // write-ahead log to replay.
  await client.exec('CHECKPOINT');
  const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  const manifest: TemplateManifest = {
    pglite: pgliteVersion(),
    migrations: applied.rows.map((r) => r.hash),
    sha256: createHash('sha256').update(tarball).digest('hex'),
  };
  mkdirSync(folder, { recursive: true });
  rmSync(path.join(folder, TEMPLATE_MANIFEST), { force: true });
  writeAtomically(path.join(folder, TEMPLATE_FILE), tarball);
  writeAtomically(path.join(folder, TEMPLATE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

function writeAtomically(file: string, data: string | Buffer): void {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** Why a template is not used, or that it was. */
export type TemplateOutcome =
  | { restored: true }
  | {
      restored: false;
      reason: 'missing' | 'other-pglite' | 'other-migrations' | 'damaged' | 'folder-not-empty';
    };

/** The template in `folder` when it fits this PGlite and these migrations; else why not. */
export function usableTemplate(
  folder: string,
  migrationsFolder: string,
): { manifest: TemplateManifest } | { reason: 'missing' | 'other-pglite' | 'other-migrations' } {
  const manifestFile = path.join(folder, TEMPLATE_MANIFEST);
  if (!existsSync(manifestFile) || !existsSync(path.join(folder, TEMPLATE_FILE)))
    return { reason: 'missing' };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as TemplateManifest;
  if (manifest.pglite !== pgliteVersion()) return { reason: 'other-pglite' };
  const current = migrationHashes(migrationsFolder);
  const prefix =
    manifest.migrations.length > 0 &&
    manifest.migrations.length <= current.length &&
    manifest.migrations.every((hash, i) => hash === current[i]);
  return prefix ? { manifest } : { reason: 'other-migrations' };
}

/** Where the build keeps the last template it made, so later builds copy it (write-template.ts). */
export function templateCacheFolder(): string {
  return path.join(serverRoot(), 'node_modules', '.cache', 'voxpress-db-template');
}

/**
 * The tarball of the first usable template among `folders` (see `usableTemplate`), its digest
 * checked, for an in-memory database to start from; undefined when none fits.
 */
export function readUsableTemplate(folders: string[], migrationsFolder: string): Buffer | undefined {
  for (const folder of folders) {
    const usable = usableTemplate(folder, migrationsFolder);
    if (!('manifest' in usable)) continue;
    const tarball = readFileSync(path.join(folder, TEMPLATE_FILE));
    if (createHash('sha256').update(tarball).digest('hex') === usable.manifest.sha256) return tarball;
  }
  return undefined;
}

/**
 * Unpacks the template in `folder` as the cluster in `dataPath` when it fits (see
 * `usableTemplate`) and `dataPath` is absent or empty. It is unpacked beside `dataPath` and moved
 * into place once whole, so an interrupted start leaves no half-made cluster behind.
 */
export async function restoreTemplate(
  folder: string,
  dataPath: string,
  migrationsFolder: string,
): Promise<TemplateOutcome> {
  const usable = usableTemplate(folder, migrationsFolder);
  if (!('manifest' in usable)) return { restored: false, reason: usable.reason };
  if (existsSync(dataPath) && readdirSync(dataPath).length > 0)
    return { restored: false, reason: 'folder-not-empty' };
  const tarball = path.join(folder, TEMPLATE_FILE);
  const digest = createHash('sha256');
  for await (const chunk of createReadStream(tarball)) digest.update(chunk as Buffer);
  if (digest.digest('hex') !== usable.manifest.sha256) return { restored: false, reason: 'damaged' };

  const unpacking = `${dataPath}.unpacking`;
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking, { recursive: true, mode: 0o700 });
  try {
    await untar(createReadStream(tarball).pipe(createGunzip()), unpacking);
    if (!existsSync(path.join(unpacking, 'PG_VERSION'))) throw new Error('The template holds no cluster');
  } catch {
    rmSync(unpacking, { recursive: true, force: true });
    return { restored: false, reason: 'damaged' };
  }
  if (existsSync(dataPath)) rmdirSync(dataPath);
  renameSync(unpacking, dataPath);
  return { restored: true };
}

const BLOCK = 512;

/** An octal number field of a tar header. */
function octal(header: Buffer, start: number, length: number): number {
  const text = header
    .toString('latin1', start, start + length)
    .replace(/\0.*$/s, '')
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new Error(`Not a tar number: ${JSON.stringify(text)}`);
  return text ? Number.parseInt(text, 8) : 0;
}

function text(header: Buffer, start: number, length: number): string {
  const end = header.indexOf(0, start);
  return header.toString('utf8', start, end === -1 || end > start + length ? start + length : end);
}

/**
 * Unpacks a ustar stream (what PGlite's `dumpDataDir` writes: folders and regular files) into
 * `into`. Anything else, a name leaving `into`, a bad header checksum or a stream ending early
 * throws.
 */
export async function untar(input: AsyncIterable<Buffer>, into: string): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let file: { fd: number; left: number; padding: number } | undefined;
  let skip = 0;
  let ended = false;
  try {
    for await (const chunk of input) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let at = 0;
      for (;;) {
        if (file) {
          const n = Math.min(file.left, pending.length - at);
          for (let written = 0; written < n; )
            written += writeSync(file.fd, pending, at + written, n - written);
          at += n;
          file.left -= n;
          if (file.left > 0) break;
          closeSync(file.fd);
          skip = file.padding;
          file = undefined;
        }
        if (skip) {
          const n = Math.min(skip, pending.length - at);
          at += n;
          skip -= n;
          if (skip) break;
        }
        if (ended) {
          at = pending.length;
          break;
        }
        if (pending.length - at < BLOCK) break;
        const header = pending.subarray(at, at + BLOCK);
        at += BLOCK;
        if (header.every((b) => b === 0)) {
          ended = true;
          continue;
        }
        let sum = 0;
        for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number);
        if (sum !== octal(header, 148, 8)) throw new Error('A tar header is damaged');
        const prefix = header.toString('latin1', 257, 262) === 'ustar' ? text(header, 345, 155) : '';
        const name = [prefix, text(header, 0, 100)].filter(Boolean).join('/');
        const parts = name.split('/').filter((p) => p && p !== '.');
        if (parts.length === 0 || parts.includes('..')) throw new Error(`Refused name in tar: ${name}`);
        const target = path.join(into, ...parts);
        const mode = octal(header, 100, 8) & 0o777;
        const size = octal(header, 124, 12);
        const type = String.fromCharCode(header[156] as number);
        if (type === '5') mkdirSync(target, { recursive: true, mode: mode || 0o700 });
        else if (type === '0' || type === '\0') {
          mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
          const fd = openSync(target, 'w', mode || 0o600);
          if (size === 0) closeSync(fd);
          else file = { fd, left: size, padding: (BLOCK - (size % BLOCK)) % BLOCK };
        } else throw new Error(`Refused entry type ${JSON.stringify(type)} in tar: ${name}`);
      }
      pending = pending.subarray(at);
    }
  } finally {
    if (file) closeSync(file.fd);
  }
  if (!ended || file) throw new Error('The tar stream ended early');
}

/**
 * Creates a cluster in memory, applies the migrations in `migrationsFolder` and saves it as the
 * template in `folder`. Run by the build in a process of its own (initdb's memory goes with it).
 */
export async function makeTemplate(folder: string, migrationsFolder: string): Promise<TemplateManifest> {
  const client = await PGlite.create(undefined, { extensions: PGLITE_EXTENSIONS });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    return await saveTemplate(client, folder);
  } finally {
    await client.close();
  }
}
