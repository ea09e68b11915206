#!/usr/bin/env node
// npm run backup — one backup of every service database, kept with the previous ones:
//
//   npm run backup [-- --base] [--keep 7] [--url <admin url>] [--dir <backups dir>] [--prefix <spa>]
//
// Writes .data/backups/<UTC start>/<service>.dump (pg_dump -Fc, one consistent snapshot per database,
// taken while the services keep working), with --base a pg_basebackup of the whole cluster with its WAL
// (base/base.tar.gz, base/pg_wal.tar.gz), and manifest.json; then deletes all but the newest --keep
// backups. The server is PG_ADMIN_URL (infra/local/env.mjs; the local one by default) or --url, a
// superuser's URL. --prefix names a chain's databases (<prefix>_<service>). Exit code 0 when done.
// Restore with npm run restore (restore.mjs); docs/operations.md says what a restore brings back.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataDir, infraEnv, SERVICES } from '../local/env.mjs';
import { runAsMain } from '../local/lib/main.mjs';
import { backupDatabases, backupStamp, formatBytes, pruneBackups } from './backup-lib.mjs';

export const DEFAULT_KEEP = 7;

/** Where backups go: SPA_BACKUP_DIR, else .data/backups (beside the local infrastructure's data). */
export function backupsRoot() {
  const override = process.env.SPA_BACKUP_DIR;
  return override ? path.resolve(override) : path.join(dataDir(), 'backups');
}

/**
 * The database of a service: its own name on one machine, `<prefix>_<service>` in a chain's cluster.
 * @param {string} service
 * @param {string | undefined} prefix
 */
export function databaseOf(service, prefix) {
  return prefix ? `${prefix}_${service}` : service;
}

/** @param {string[]} argv */
async function main(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      dir: { type: 'string' },
      keep: { type: 'string', default: String(DEFAULT_KEEP) },
      base: { type: 'boolean', default: false },
      prefix: { type: 'string' },
    },
  });
  const keep = Number(values.keep);
  if (!Number.isInteger(keep) || keep < 1)
    throw new Error(`--keep ${values.keep}: give a whole number of backups, 1 or more`);
  const adminUrl = values.url ?? infraEnv().PG_ADMIN_URL;
  const root = values.dir ? path.resolve(values.dir) : backupsRoot();
  const databases = SERVICES.map((service) => databaseOf(service, values.prefix));
  const dir = path.join(root, backupStamp(new Date()));
  const server = new URL(adminUrl);
  console.log(`backing up ${databases.length} databases on ${server.host} into ${dir}`);
  const backup = await backupDatabases({
    adminUrl,
    databases,
    dir,
    base: values.base,
    log: (line) => console.log(line),
  });
  const total =
    backup.manifest.databases.reduce((sum, entry) => sum + entry.bytes, 0) +
    (backup.manifest.base?.bytes ?? 0);
  console.log(
    `backup complete: ${formatBytes(total)} in ${(backup.ms / 1000).toFixed(1)} s (PostgreSQL ${backup.manifest.server.version})`,
  );
  for (const removed of pruneBackups(root, keep)) console.log(`removed old backup ${removed}`);
  return true;
}

await runAsMain(import.meta.url, 'backup', main);
