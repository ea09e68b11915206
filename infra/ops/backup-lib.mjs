// Backing up and restoring the services' PostgreSQL databases: what `npm run backup` and
// `npm run restore` (backup.mjs, restore.mjs) run, and what tests and the fleet drill call directly.
//
// A backup is a directory: one `pg_dump -Fc` file per database (each a consistent snapshot of its own
// database, taken while the services keep working), optionally a `pg_basebackup` of the whole cluster
// with the WAL it needs (base/), and manifest.json. It is written under `<dir>.partial` and renamed
// when complete, so a directory without that suffix is always a whole backup.
//
// A restore replaces ONE database by its dump: the dump is restored into a new database beside it,
// then connections to the old one are refused and cut, the old one is renamed away (kept or dropped)
// and the new one takes its name. Until that swap the service's database is untouched, so a failed
// restore changes nothing.
//
// A restored service is handed again the events it consumed after the backup by moving its own consumer
// group back to the backup's start (rewindConsumerGroup). The kit's Bus offers no consumer-group offsets,
// so this ops tool uses kafkajs directly, as infra/faults/replay.mjs does.
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
// eslint-disable-next-line no-restricted-imports
import kafkajs from 'kafkajs';
import pg from 'pg';
import { run } from '../local/lib/processes.mjs';
import { commandPath, postgresBinDir } from '../local/lib/system.mjs';

/** A backup directory's name: its UTC start, sortable (20261128T071731Z). */
const STAMP = /^\d{8}T\d{6}Z$/;
const DUMP_TIMEOUT_MS = 60 * 60_000;

/**
 * @typedef {{ database: string, file: string, bytes: number, databaseBytes: number, seconds: number }} DumpEntry
 * @typedef {{ dir: string, files: string[], bytes: number, seconds: number }} BaseEntry
 * @typedef {{
 *   format: 1, startedAt: string, finishedAt: string, server: { host: string, port: string, version: string },
 *   databases: DumpEntry[], base: BaseEntry | null
 * }} Manifest
 * @typedef {(line: string) => void} Log
 */

/**
 * A PostgreSQL client program: the local install's (infra/local, /usr/lib/postgresql/<major>/bin), else
 * the one on PATH. The client should be at least the server's major version (pg_dump refuses older).
 * @param {string} tool
 */
export function pgTool(tool) {
  const dir = postgresBinDir();
  const local = dir && path.join(dir, tool);
  if (local && existsSync(local)) return local;
  const onPath = commandPath(tool);
  if (onPath) return onPath;
  throw new Error(`${tool} not found: install the PostgreSQL client (node infra/local/setup.mjs does)`);
}

/**
 * The same server as `adminUrl`, another database.
 * @param {string} adminUrl
 * @param {string} database
 */
export function databaseUrl(adminUrl, database) {
  const url = new URL(adminUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

const sqlIdentifier = (/** @type {string} */ name) => `"${name.replaceAll('"', '""')}"`;

/**
 * @template T
 * @param {string} adminUrl
 * @param {(client: pg.Client) => Promise<T>} work
 * @returns {Promise<T>}
 */
async function withAdmin(adminUrl, work) {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'spa-backup' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** @param {Date} date */
export function backupStamp(date) {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll('-', '')
    .replaceAll(':', '');
}

/** @param {string} file */
const sizeOf = (file) => statSync(file).size;

/**
 * Dumps each database (`pg_dump -Fc`) into `dir`, as `<database>.dump`, and with `base` adds a base
 * backup of the whole cluster (`pg_basebackup -X stream -Ft -z`, in base/); writes manifest.json.
 * `dir` must not exist yet. Answers the manifest, each dump's path by database, and the time it took.
 * @param {{ adminUrl: string, databases: string[], dir: string, base?: boolean, log?: Log }} options
 * @returns {Promise<{ dir: string, manifest: Manifest, files: Record<string, string>, ms: number }>}
 */
export async function backupDatabases({ adminUrl, databases, dir, base = false, log = () => undefined }) {
  const started = Date.now();
  if (existsSync(dir)) throw new Error(`${dir} exists already: a backup goes into a new directory`);
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  const { version, sizes } = await withAdmin(adminUrl, async (client) => {
    const found = await client.query(
      'select datname, pg_database_size(datname)::bigint as bytes from pg_database where datname = any($1)',
      [databases],
    );
    const missing = databases.filter((name) => !found.rows.some((row) => row.datname === name));
    if (missing.length > 0) throw new Error(`no database ${missing.join(', ')} on ${new URL(adminUrl).host}`);
    const server = await client.query('show server_version');
    return {
      version: String(server.rows[0].server_version),
      sizes: new Map(found.rows.map((row) => [String(row.datname), Number(row.bytes)])),
    };
  });
  /** @type {DumpEntry[]} */
  const entries = [];
  for (const database of databases) {
    const dumpStarted = Date.now();
    const file = `${database}.dump`;
    await run(
      pgTool('pg_dump'),
      [
        '--format=custom',
        '--no-password',
        `--file=${path.join(partial, file)}`,
        `--dbname=${databaseUrl(adminUrl, database)}`,
      ],
      { timeoutMs: DUMP_TIMEOUT_MS },
    );
    const entry = {
      database,
      file,
      bytes: sizeOf(path.join(partial, file)),
      databaseBytes: sizes.get(database) ?? 0,
      seconds: (Date.now() - dumpStarted) / 1000,
    };
    entries.push(entry);
    log(`  ${database}: ${formatBytes(entry.bytes)} in ${entry.seconds.toFixed(1)} s`);
  }
  /** @type {BaseEntry | null} */
  let baseEntry = null;
  if (base) {
    const baseStarted = Date.now();
    const baseDir = path.join(partial, 'base');
    await run(
      pgTool('pg_basebackup'),
      [
        `--dbname=${adminUrl}`,
        `--pgdata=${baseDir}`,
        '--format=tar',
        '--gzip',
        '--wal-method=stream',
        '--checkpoint=fast',
        '--no-password',
        `--label=spa-backup ${path.basename(dir)}`,
      ],
      { timeoutMs: DUMP_TIMEOUT_MS },
    );
    const files = readdirSync(baseDir).sort();
    baseEntry = {
      dir: 'base',
      files,
      bytes: files.reduce((total, file) => total + sizeOf(path.join(baseDir, file)), 0),
      seconds: (Date.now() - baseStarted) / 1000,
    };
    log(
      `  cluster base backup with WAL: ${formatBytes(baseEntry.bytes)} in ${baseEntry.seconds.toFixed(1)} s`,
    );
  }
  const url = new URL(adminUrl);
  /** @type {Manifest} */
  const manifest = {
    format: 1,
    startedAt: new Date(started).toISOString(),
    finishedAt: new Date().toISOString(),
    server: { host: url.hostname, port: url.port || '5432', version },
    databases: entries,
    base: baseEntry,
  };
  writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(partial, dir);
  return {
    dir,
    manifest,
    files: Object.fromEntries(entries.map((entry) => [entry.database, path.join(dir, entry.file)])),
    ms: Date.now() - started,
  };
}

/**
 * The complete backups under `root` (directories named by their UTC start), oldest first.
 * @param {string} root
 */
export function listBackups(root) {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && STAMP.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((name) => path.join(root, name));
}

/** A `.partial` directory this old is a backup that was interrupted, not one still being written. */
const ABANDONED_AFTER_MS = 24 * 60 * 60_000;

/**
 * Deletes all but the newest `keep` complete backups under `root`, and leftovers of interrupted ones
 * (`.partial`, a day old). Answers the directories deleted.
 * @param {string} root
 * @param {number} keep
 */
export function pruneBackups(root, keep) {
  const complete = listBackups(root);
  const old = complete.slice(0, Math.max(0, complete.length - keep));
  const partials = existsSync(root)
    ? readdirSync(root)
        .filter((name) => name.endsWith('.partial') && STAMP.test(name.slice(0, -'.partial'.length)))
        .map((name) => path.join(root, name))
        .filter((dir) => Date.now() - statSync(dir).mtimeMs > ABANDONED_AFTER_MS)
    : [];
  for (const dir of [...old, ...partials]) rmSync(dir, { recursive: true, force: true });
  return [...old, ...partials];
}

/**
 * The backup directory `from` names: "latest" (the newest complete one under `root`) or a path.
 * @param {string} root
 * @param {string} from
 */
export function resolveBackup(root, from) {
  if (from === 'latest') {
    const newest = listBackups(root).at(-1);
    if (!newest) throw new Error(`no backup under ${root}: run npm run backup first`);
    return newest;
  }
  const dir = path.resolve(from);
  if (!existsSync(path.join(dir, 'manifest.json')))
    throw new Error(`${dir} is not a backup (no manifest.json)`);
  return dir;
}

/**
 * @param {string} dir
 * @returns {Manifest}
 */
export function readManifest(dir) {
  return JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
}

/**
 * Sessions on `database` other than this one: who would be cut by a restore.
 * @param {string} adminUrl
 * @param {string} database
 * @returns {Promise<Array<{ application: string, connections: number }>>}
 */
export function openConnections(adminUrl, database) {
  return withAdmin(adminUrl, async (client) => {
    const { rows } = await client.query(
      `select coalesce(nullif(application_name, ''), '?') as application, count(*)::int as connections
       from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() group by 1 order by 1`,
      [database],
    );
    return rows.map((row) => ({
      application: String(row.application),
      connections: Number(row.connections),
    }));
  });
}

/**
 * Replaces `database` by the contents of `dump` (a `pg_dump -Fc` file). The dump is restored into a new
 * database owned by `owner` (by default the current database's owner, else a role named like the
 * database); then connections to the current one are refused and cut, it is renamed to `previous`
 * (kept when `keepOld`, dropped otherwise) and the new one is renamed to `database`. Objects keep the
 * owners the dump names, so those roles must exist. A database with a `read_model_generation` table
 * (the services' read models, @spa/kit startReadModelConsumer) gets a new generation, so its read models
 * are rebuilt from their topics instead of resuming after events the restored copy never saw.
 * @param {{ adminUrl: string, database: string, dump: string, owner?: string, keepOld?: boolean, log?: Log }} options
 */
export async function restoreDatabase({
  adminUrl,
  database,
  dump,
  owner,
  keepOld = false,
  log = () => undefined,
}) {
  const started = Date.now();
  if (!existsSync(dump)) throw new Error(`no dump ${dump}`);
  const suffix = `${backupStamp(new Date()).toLowerCase()}_${randomBytes(2).toString('hex')}`;
  const incoming = `${database}_restoring_${suffix}`.slice(0, 63);
  const previous = `${database}_before_restore_${suffix}`.slice(0, 63);
  const existing = await withAdmin(adminUrl, async (client) => {
    const { rows } = await client.query(
      'select pg_get_userbyid(datdba) as owner from pg_database where datname = $1',
      [database],
    );
    const currentOwner = rows[0] ? String(rows[0].owner) : undefined;
    const newOwner = owner ?? currentOwner ?? database;
    await client.query(`create database ${sqlIdentifier(incoming)} owner ${sqlIdentifier(newOwner)}`);
    return { exists: rows.length > 0, owner: newOwner };
  });
  let newGeneration = false;
  try {
    await run(
      pgTool('pg_restore'),
      ['--exit-on-error', '--no-password', `--dbname=${databaseUrl(adminUrl, incoming)}`, dump],
      { timeoutMs: DUMP_TIMEOUT_MS },
    );
    log(`  restored the dump into ${incoming}`);
    newGeneration = await withAdmin(databaseUrl(adminUrl, incoming), async (client) => {
      const { rows } = await client.query(
        `select to_regclass('public.read_model_generation') is not null as present`,
      );
      if (!rows[0]?.present) return false;
      await client.query('begin');
      await client.query('delete from read_model_generation');
      await client.query('insert into read_model_generation default values');
      await client.query('commit');
      return true;
    });
  } catch (error) {
    await withAdmin(adminUrl, (client) =>
      client.query(`drop database if exists ${sqlIdentifier(incoming)} with (force)`),
    );
    throw error;
  }
  const cut = await withAdmin(adminUrl, async (client) => {
    let terminated = 0;
    if (existing.exists) {
      await client.query(`alter database ${sqlIdentifier(database)} with allow_connections false`);
      const { rows } = await client.query(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      terminated = Number(rows[0]?.n ?? 0);
      // A terminated backend leaves within moments; the rename fails while one is still there.
      for (let attempt = 0; ; attempt++) {
        try {
          await client.query(
            `alter database ${sqlIdentifier(database)} rename to ${sqlIdentifier(previous)}`,
          );
          break;
        } catch (error) {
          if (attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    }
    await client.query(`alter database ${sqlIdentifier(incoming)} rename to ${sqlIdentifier(database)}`);
    log(
      existing.exists
        ? `  swapped it in for ${database} (the old one renamed ${previous})`
        : `  renamed it ${database}`,
    );
    if (existing.exists && !keepOld) {
      await client.query(`drop database ${sqlIdentifier(previous)} with (force)`);
      log(`  dropped ${previous}`);
    }
    return terminated;
  });
  return {
    database,
    owner: existing.owner,
    dump,
    terminatedConnections: cut,
    previous: existing.exists && keepOld ? previous : null,
    newReadModelGeneration: newGeneration,
    ms: Date.now() - started,
  };
}

/**
 * @typedef {{ partition: number, from: string, to: string }} PartitionMove
 * @typedef {{ topic: string, moved: PartitionMove[], kept: number, expired: number[] }} TopicRewind
 */

/**
 * @template T
 * @param {string[]} brokers
 * @param {(admin: import('kafkajs').Admin) => Promise<T>} work
 * @returns {Promise<T>}
 */
async function withKafkaAdmin(brokers, work) {
  const kafka = new kafkajs.Kafka({
    clientId: 'spa-restore',
    brokers,
    logLevel: kafkajs.logLevel.NOTHING,
    connectionTimeout: 3_000,
    retry: { initialRetryTime: 200, retries: 4 },
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`cannot reach Kafka at ${brokers.join(',')}: ${/** @type {Error} */ (error).message}`);
  }
  try {
    return await work(admin);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/**
 * A consumer group's name on the broker: `<namespace>.<group>` with a KAFKA_NAMESPACE (as the kit's
 * Bus qualifies it), else the bare name.
 * @param {string | undefined} namespace
 * @param {string} groupId
 */
export function qualifiedGroupId(namespace, groupId) {
  return namespace ? `${namespace}.${groupId}` : groupId;
}

/**
 * @param {import('kafkajs').Admin} admin
 * @param {string} groupId qualified
 */
async function refuseActiveGroup(admin, groupId) {
  const { groups } = await admin.describeGroups([groupId]);
  const group = groups[0];
  const members = group?.members ?? [];
  if (members.length === 0 && (!group || ['Empty', 'Dead'].includes(group.state))) return;
  const who = members.map((member) => `${member.clientId} on ${member.clientHost}`).join(', ');
  throw new Error(
    `consumer group ${groupId} has active members (${who || `state ${group?.state}`}): its offsets can only ` +
      'be moved while nothing consumes as it; stop every replica of the service first',
  );
}

/**
 * Fails, with what is connected, when the consumer group `<namespace>.<groupId>` has active members
 * (a replica of the service still running), so a restore can refuse before it touches the database.
 * @param {{ brokers: string[], namespace?: string, groupId: string }} options
 */
export function assertGroupInactive({ brokers, namespace, groupId }) {
  return withKafkaAdmin(brokers, (admin) => refuseActiveGroup(admin, qualifiedGroupId(namespace, groupId)));
}

/**
 * Moves a service's own consumer group (`<namespace>.<groupId>`) back to the first message at or after
 * `toMs` on every partition it has committed an offset for, so events it consumed since are handed to it
 * again (its inbox skips those it still has). A partition is only ever moved back: one whose committed
 * offset is already earlier (the group was behind) or has none stays as it is. Refuses while the group
 * has active members (Kafka only lets an empty group's offsets be changed): stop every replica first.
 * `expired` names partitions whose oldest kept message is already past `toMs` (retention may have deleted
 * some of what is to be replayed). Answers what was moved, per topic (the broker's names, namespace included).
 * @param {{ brokers: string[], namespace?: string, groupId: string, toMs: number, log?: Log }} options
 * @returns {Promise<{ groupId: string, to: string, topics: TopicRewind[], moved: number }>}
 */
export async function rewindConsumerGroup({ brokers, namespace, groupId, toMs, log = () => undefined }) {
  const group = qualifiedGroupId(namespace, groupId);
  return withKafkaAdmin(brokers, async (admin) => {
    await refuseActiveGroup(admin, group);
    const committed = await admin.fetchOffsets({ groupId: group });
    /** @type {TopicRewind[]} */
    const topics = [];
    for (const { topic, partitions } of committed.sort((a, b) => a.topic.localeCompare(b.topic))) {
      const withOffset = partitions.filter((entry) => Number(entry.offset) >= 0);
      if (withOffset.length === 0) continue;
      const targets = new Map(
        (await admin.fetchTopicOffsetsByTimestamp(topic, toMs)).map((entry) => [
          entry.partition,
          entry.offset,
        ]),
      );
      const lows = new Map(
        (await admin.fetchTopicOffsets(topic)).map((entry) => [entry.partition, entry.low]),
      );
      /** @type {PartitionMove[]} */
      const moved = [];
      /** @type {number[]} */
      const expired = [];
      for (const { partition, offset } of withOffset.sort((a, b) => a.partition - b.partition)) {
        const target = targets.get(partition);
        if (target === undefined || BigInt(target) >= BigInt(offset)) continue;
        moved.push({ partition, from: offset, to: target });
        const low = lows.get(partition);
        if (low !== undefined && BigInt(low) > 0n && target === low) expired.push(partition);
      }
      if (moved.length > 0) {
        try {
          await admin.setOffsets({
            groupId: group,
            topic,
            partitions: moved.map(({ partition, to }) => ({ partition, offset: to })),
          });
        } catch (error) {
          // A replica that joined between the check and the move.
          if (/no running instances/.test(String(/** @type {Error} */ (error).message)))
            await refuseActiveGroup(admin, group);
          throw error;
        }
      }
      const entry = { topic, moved, kept: withOffset.length - moved.length, expired };
      topics.push(entry);
      log(
        `  ${topic}: ${moved.length} of ${withOffset.length} partitions moved back` +
          (moved.length > 0
            ? ` (${moved.map((move) => `${move.partition}: ${move.from} → ${move.to}`).join(', ')})`
            : ''),
      );
    }
    return {
      groupId: group,
      to: new Date(toMs).toISOString(),
      topics,
      moved: topics.reduce((total, entry) => total + entry.moved.length, 0),
    };
  });
}

/** @param {number} bytes */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
