// The restore is tested, not assumed: a throwaway database is backed up with the functions npm run
// backup uses, changed, and restored with those npm run restore uses; its rows are back, connections to
// the replaced copy were cut, and its read models get a new generation. The command lines refuse what
// they cannot do before touching any database.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infraEnv } from '../local/env.mjs';
import {
  backupDatabases,
  databaseUrl,
  listBackups,
  pruneBackups,
  readManifest,
  restoreDatabase,
} from './backup-lib.mjs';

const adminUrl = infraEnv().PG_ADMIN_URL;
const database = `test_ops_restore_${randomBytes(4).toString('hex')}`;
const leftovers: string[] = [database];
let scratch: string;

async function query(db: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl(adminUrl, db) });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'spa-ops-'));
  await query('postgres', `create database ${database}`);
  await query(
    database,
    `create table visits (id integer primary key, guest text not null);
     insert into visits values (1, 'Asha'), (2, 'Kabir'), (3, 'Meera');
     create table read_model_generation (id uuid primary key default gen_random_uuid());
     insert into read_model_generation default values;`,
  );
});

afterAll(async () => {
  for (const name of leftovers) await query('postgres', `drop database if exists "${name}" with (force)`);
  rmSync(scratch, { recursive: true, force: true });
});

describe('backup and restore of one database', () => {
  it('brings the rows of the backup back, cutting whoever was connected', async () => {
    const [generation] = await query(database, 'select id from read_model_generation');
    const backup = await backupDatabases({
      adminUrl,
      databases: [database],
      dir: path.join(scratch, '20261128T010203Z'),
    });
    expect(backup.manifest.databases).toEqual([
      expect.objectContaining({ database, file: `${database}.dump` }),
    ]);
    expect(backup.manifest.databases[0]!.bytes).toBeGreaterThan(0);
    expect(backup.manifest.server.version).toMatch(/^\d+/);
    expect(readManifest(backup.dir)).toEqual(backup.manifest);

    // Work after the backup, and a service still connected.
    await query(
      database,
      `update visits set guest = 'Changed' where id = 1; delete from visits where id = 2;
      insert into visits values (4, 'After the backup')`,
    );
    const connected = new pg.Client({ connectionString: databaseUrl(adminUrl, database) });
    connected.on('error', () => undefined);
    await connected.connect();

    const result = await restoreDatabase({
      adminUrl,
      database,
      dump: backup.files[database]!,
      keepOld: true,
    });
    if (result.previous) leftovers.push(result.previous);

    expect(await query(database, 'select id, guest from visits order by id')).toEqual([
      { id: 1, guest: 'Asha' },
      { id: 2, guest: 'Kabir' },
      { id: 3, guest: 'Meera' },
    ]);
    expect(result.terminatedConnections).toBe(1);
    await expect(connected.query('select 1')).rejects.toThrow();
    await connected.end().catch(() => undefined);
    // The replaced copy is kept aside with what was written after the backup.
    expect(result.previous).toMatch(new RegExp(`^${database}_before_restore_`));
    const [{ exists }] = await query(
      'postgres',
      'select count(*)::int as exists from pg_database where datname = $1',
      [result.previous],
    );
    expect(exists).toBe(1);
    // Read models start a new generation, so they are rebuilt rather than resumed past unseen events.
    expect(result.newReadModelGeneration).toBe(true);
    const generations = await query(database, 'select id from read_model_generation');
    expect(generations).toHaveLength(1);
    expect(generations[0].id).not.toBe(generation.id);
  });

  it('keeps the newest backups and finds the latest', () => {
    const root = path.join(scratch, 'rotation');
    const stamps = ['20261120T020000Z', '20261121T020000Z', '20261122T020000Z'];
    for (const stamp of stamps) {
      mkdirSync(path.join(root, stamp), { recursive: true });
      writeFileSync(path.join(root, stamp, 'manifest.json'), '{}');
    }
    mkdirSync(path.join(root, '20261123T020000Z.partial'));
    expect(pruneBackups(root, 2)).toEqual([path.join(root, stamps[0]!)]);
    expect(listBackups(root)).toEqual(stamps.slice(1).map((stamp) => path.join(root, stamp)));
  });

  it('refuses an unknown service, a missing backup and a backup without the dump', () => {
    const restore = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(import.meta.dirname, 'restore.mjs'), ...args], {
        encoding: 'utf8',
        env: { ...process.env, SPA_BACKUP_DIR: path.join(scratch, 'refusals') },
      });
    const unknown = restore('--service', 'spa');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('unknown service "spa"');

    const none = restore('--service', 'billing');
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('no backup under');

    const partial = path.join(scratch, 'refusals', '20261124T020000Z');
    mkdirSync(partial, { recursive: true });
    writeFileSync(
      path.join(partial, 'manifest.json'),
      JSON.stringify({ databases: [{ database: 'booking', file: 'booking.dump' }] }),
    );
    const missing = restore('--service', 'billing', '--from', 'latest');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('has no dump of billing (it holds booking)');
  });
});
