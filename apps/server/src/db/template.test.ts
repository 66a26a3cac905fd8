import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../lib/paths.ts';
import { openDatabase, queryRows } from './database.ts';
import { users } from './schema.ts';
import {
  migrationHashes,
  PGLITE_EXTENSIONS,
  restoreTemplate,
  saveTemplate,
  TEMPLATE_FILE,
  TEMPLATE_MANIFEST,
  type TemplateManifest,
  type TemplateOutcome,
} from './template.ts';

const migrations = path.join(serverRoot(), 'drizzle');
const all = migrationHashes(migrations).length;

/** A copy of the migrations folder with only the first `count` migrations (or `edit` applied). */
function migrationsFolder(into: string, count: number, edit?: (tag: string, text: string) => string): string {
  const journal = JSON.parse(readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, count);
  mkdirSync(path.join(into, 'meta'), { recursive: true });
  writeFileSync(path.join(into, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    const text = readFileSync(path.join(migrations, `${tag}.sql`), 'utf8');
    writeFileSync(path.join(into, `${tag}.sql`), edit ? edit(tag, text) : text);
  }
  return into;
}

const appliedCount = async (db: Parameters<typeof queryRows>[0]) =>
  Number(
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]
      ?.n,
  );

describe('the embedded database template', () => {
  let root: string;
  /** Made with every migration but the last two (what an older build leaves behind). */
  let older: string;
  /** Made with every migration. */
  let current: string;
  let counter = 0;
  const fresh = () => path.join(root, `data-${counter++}`, 'pglite');

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'voxpress-template-'));
    older = path.join(root, 'older');
    current = path.join(root, 'current');
    // One cluster, saved twice: after the older migrations, then after all of them.
    const client = await PGlite.create(undefined, { extensions: PGLITE_EXTENSIONS });
    try {
      await migrate(drizzle(client), {
        migrationsFolder: migrationsFolder(path.join(root, 'older-migrations'), all - 2),
      });
      await saveTemplate(client, older);
      await migrate(drizzle(client), { migrationsFolder: migrations });
      await saveTemplate(client, current);
    } finally {
      await client.close();
    }
  }, 300_000);

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('describes the PGlite that wrote it and the migrations it holds', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(current, TEMPLATE_MANIFEST), 'utf8'),
    ) as TemplateManifest;
    const pglite = JSON.parse(
      readFileSync(
        path.join(serverRoot(), '..', '..', 'node_modules/@electric-sql/pglite/package.json'),
        'utf8',
      ),
    ) as { version: string };
    expect(manifest.pglite).toBe(pglite.version);
    expect(manifest.migrations).toEqual(migrationHashes(migrations));
    const olderManifest = JSON.parse(
      readFileSync(path.join(older, TEMPLATE_MANIFEST), 'utf8'),
    ) as TemplateManifest;
    expect(olderManifest.migrations).toEqual(migrationHashes(migrations).slice(0, all - 2));
  });

  it('gives a fresh data folder a current database that keeps what is written, across starts', async () => {
    const dataDir = path.dirname(fresh());
    const outcomes: TemplateOutcome[] = [];
    const first = await openDatabase({ dataDir, template: current, onCreated: (o) => outcomes.push(o) });
    try {
      expect(outcomes).toEqual([{ restored: true }]);
      expect(await appliedCount(first.db)).toBe(all);
      await first.migrate();
      expect(await appliedCount(first.db)).toBe(all);
      await first.db.insert(users).values({ email: 'ada@example.com', fullName: 'Ada' });
      const trigram = await queryRows<{ s: number }>(
        first.db,
        sql`select similarity('garden', 'gardens') as s`,
      );
      expect(trigram[0]?.s).toBeGreaterThan(0.5);
      // The template was made with pgvector, as the server opens it: its vectors' table works.
      const distance = await queryRows<{ d: number; found: boolean }>(
        first.db,
        sql`select '[1,0]'::vector <=> '[0,1]'::vector as d, to_regclass('passage_vectors') is not null as found`,
      );
      expect(distance[0]).toEqual({ d: 1, found: true });
    } finally {
      await first.close();
    }
    const later = await openDatabase({ dataDir, template: current, onCreated: (o) => outcomes.push(o) });
    try {
      expect(outcomes).toHaveLength(1);
      const rows = await later.db.select().from(users).where(eq(users.email, 'ada@example.com'));
      expect(rows.map((r) => r.fullName)).toEqual(['Ada']);
    } finally {
      await later.close();
    }
  });

  it('is brought up to date by the migration runner when it is older than the server', async () => {
    const dataDir = path.dirname(fresh());
    const outcomes: TemplateOutcome[] = [];
    const database = await openDatabase({ dataDir, template: older, onCreated: (o) => outcomes.push(o) });
    try {
      expect(outcomes).toEqual([{ restored: true }]);
      expect(await appliedCount(database.db)).toBe(all - 2);
      await database.migrate();
      expect(await appliedCount(database.db)).toBe(all);
      await database.db.insert(users).values({ email: 'grace@example.com', fullName: 'Grace' });
      expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(users)).toEqual([{ n: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('starts an in-memory database from a fitting template, which the migration runner completes', async () => {
    const database = await openDatabase({ dataDir: 'memory', template: older });
    try {
      expect(await appliedCount(database.db)).toBe(all - 2);
      await database.migrate();
      expect(await appliedCount(database.db)).toBe(all);
    } finally {
      await database.close();
    }
  });

  /** A copy of the current template with its description changed by `change`. */
  function altered(change: (manifest: TemplateManifest) => void): string {
    const folder = path.join(root, `altered-${counter++}`);
    cpSync(current, folder, { recursive: true });
    const file = path.join(folder, TEMPLATE_MANIFEST);
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as TemplateManifest;
    change(manifest);
    writeFileSync(file, JSON.stringify(manifest));
    return folder;
  }

  /** Restores `template` into a fresh folder; answers the outcome and what the folder holds after. */
  async function attempt(template: string, migrationsDir = migrations) {
    const dataPath = fresh();
    const outcome = await restoreTemplate(template, dataPath, migrationsDir);
    const parent = path.dirname(dataPath);
    return { outcome, left: existsSync(parent) ? readdirSync(parent) : [] };
  }

  it('is refused when another PGlite version wrote it', async () => {
    const template = altered((m) => {
      m.pglite = '0.0.1';
    });
    expect(await attempt(template)).toEqual({
      outcome: { restored: false, reason: 'other-pglite' },
      left: [],
    });
  });

  it('is refused when one of its migrations was changed since, or the server has fewer', async () => {
    const edited = migrationsFolder(path.join(root, 'edited-migrations'), all, (tag, text) =>
      tag.startsWith('0001_') ? `${text}\n-- changed\n` : text,
    );
    expect(await attempt(current, edited)).toEqual({
      outcome: { restored: false, reason: 'other-migrations' },
      left: [],
    });
    const fewer = migrationsFolder(path.join(root, 'fewer-migrations'), all - 1);
    expect(await attempt(current, fewer)).toEqual({
      outcome: { restored: false, reason: 'other-migrations' },
      left: [],
    });
  });

  it('is refused when its file is damaged or missing, leaving nothing behind', async () => {
    const damaged = path.join(root, `damaged-${counter++}`);
    cpSync(current, damaged, { recursive: true });
    const tarball = readFileSync(path.join(damaged, TEMPLATE_FILE));
    const middle = tarball.length >> 1;
    tarball[middle] = (tarball[middle] ?? 0) ^ 0xff;
    writeFileSync(path.join(damaged, TEMPLATE_FILE), tarball);
    expect(await attempt(damaged)).toEqual({ outcome: { restored: false, reason: 'damaged' }, left: [] });

    // The checksum matches but the stream inside is cut short.
    const cut = altered(() => {});
    const whole = readFileSync(path.join(cut, TEMPLATE_FILE));
    const short = gzipSync(gunzipSync(whole).subarray(0, 1_000_000));
    writeFileSync(path.join(cut, TEMPLATE_FILE), short);
    const manifestFile = path.join(cut, TEMPLATE_MANIFEST);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as TemplateManifest;
    manifest.sha256 = createHash('sha256').update(short).digest('hex');
    writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(await attempt(cut)).toEqual({ outcome: { restored: false, reason: 'damaged' }, left: [] });

    expect(await attempt(path.join(root, 'nowhere'))).toEqual({
      outcome: { restored: false, reason: 'missing' },
      left: [],
    });
  });

  it('never unpacks over a folder that already holds files', async () => {
    const dataPath = fresh();
    mkdirSync(dataPath, { recursive: true });
    writeFileSync(path.join(dataPath, 'postmaster.pid'), '1');
    expect(await restoreTemplate(current, dataPath, migrations)).toEqual({
      restored: false,
      reason: 'folder-not-empty',
    });
    expect(readdirSync(dataPath)).toEqual(['postmaster.pid']);
  });
});
