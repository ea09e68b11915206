#!/usr/bin/env node
// npm run restore — puts ONE service's database back to a backup made by npm run backup:
//
//   npm run restore -- --service billing [--from latest|<backup dir>] [--force] [--drop-old]
//                      [--url <admin url>] [--dir <backups dir>] [--prefix <spa>]
//
// Stop the service first (every replica) and start it again afterwards: a running one would keep its
// connections and work on the restored data without the checks it makes at start (billing raises its
// invoice series past every number on Kafka only then). With connections open to the database the
// restore refuses, unless --force (it then cuts them). The dump is restored into a new database beside
// the current one, which is swapped in only when complete; the replaced one is kept, renamed
// <database>_before_restore_<time> with connections refused, unless --drop-old (it still holds what
// was written after the backup). docs/operations.md says what each restore loses and what comes back.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { infraEnv, SERVICES } from '../local/env.mjs';
import { runAsMain } from '../local/lib/main.mjs';
import { backupsRoot, databaseOf } from './backup.mjs';
import { formatBytes, openConnections, readManifest, resolveBackup, restoreDatabase } from './backup-lib.mjs';

/** @param {string[]} argv */
async function main(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      service: { type: 'string' },
      from: { type: 'string', default: 'latest' },
      url: { type: 'string' },
      dir: { type: 'string' },
      prefix: { type: 'string' },
      force: { type: 'boolean', default: false },
      'drop-old': { type: 'boolean', default: false },
    },
  });
  const service = values.service;
  if (!service) throw new Error(`say which service: --service <${SERVICES.join('|')}>`);
  if (!SERVICES.includes(service))
    throw new Error(`unknown service "${service}" (known: ${SERVICES.join(', ')})`);
  const adminUrl = values.url ?? infraEnv().PG_ADMIN_URL;
  const root = values.dir ? path.resolve(values.dir) : backupsRoot();
  const dir = resolveBackup(root, values.from);
  const manifest = readManifest(dir);
  const database = databaseOf(service, values.prefix);
  const entry = manifest.databases.find((candidate) => candidate.database === database);
  if (!entry) {
    const held = manifest.databases.map((candidate) => candidate.database).join(', ');
    throw new Error(`the backup ${dir} has no dump of ${database} (it holds ${held || 'none'})`);
  }
  const connections = await openConnections(adminUrl, database);
  if (connections.length > 0) {
    const who = connections.map((row) => `${row.connections} from ${row.application}`).join(', ');
    if (!values.force) {
      throw new Error(
        `${database} has open connections (${who}): stop ${service} (every replica) first, or pass --force to cut them`,
      );
    }
    console.warn(`warning: cutting ${who} to ${database}; restart ${service} once the restore is done`);
  }
  console.log(
    `restoring ${database} on ${new URL(adminUrl).host} from ${path.join(dir, entry.file)} ` +
      `(${formatBytes(entry.bytes)}, backup of ${manifest.startedAt})`,
  );
  const result = await restoreDatabase({
    adminUrl,
    database,
    dump: path.join(dir, entry.file),
    keepOld: !values['drop-old'],
    log: (line) => console.log(line),
  });
  console.log(`restored ${database} (owner ${result.owner}) in ${(result.ms / 1000).toFixed(1)} s`);
  if (result.terminatedConnections > 0) console.log(`cut ${result.terminatedConnections} connections`);
  if (result.newReadModelGeneration) {
    console.log(
      `new read-model generation: ${service} rebuilds its read models from Kafka at its next start`,
    );
  }
  if (result.previous) {
    console.log(
      `the replaced database is kept as ${result.previous} (connections refused); once nothing in it is needed: ` +
        `psql "${adminUrl.replace(/:[^:@/]*@/, ':***@')}" -c 'drop database "${result.previous}"'`,
    );
  }
  console.log(
    `everything ${service} wrote after ${manifest.startedAt} is gone from ${database}; ` +
      `docs/operations.md ("Restoring one service") says what comes back and how. Now start ${service}.`,
  );
  return true;
}

await runAsMain(import.meta.url, 'restore', main);
