// The restore is tested, not assumed: a throwaway database is backed up with the functions npm run
// backup uses, changed, and restored with those npm run restore uses; its rows are back, connections to
// the replaced copy were cut, and its read models get a new generation. The command lines refuse what
// they cannot do before touching any database. A restored service's own consumer group is moved back
// to the backup's start (never forward), and not while one of its members is still running.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The test plays the service's consumer and reads its group's offsets: the kit's Bus offers neither.
// eslint-disable-next-line no-restricted-imports
import kafkajs from 'kafkajs';
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
  rewindConsumerGroup,
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

describe('rewinding a restored service consumer group', () => {
  // Its own topics, groups and databases: `<namespace>.<topic>`, `<namespace>.<group>`, `<namespace>_<service>`.
  const namespace = `test_ops_rw_${randomBytes(4).toString('hex')}`;
  const brokers = infraEnv().KAFKA_BROKERS.split(',');
  const kafka = new kafkajs.Kafka({
    clientId: 'ops-rewind-test',
    brokers,
    logLevel: kafkajs.logLevel.NOTHING,
  });
  const admin = kafka.admin();
  const topic = `${namespace}.events`;
  const laterTopic = `${namespace}.later`;
  const groups: string[] = [];
  const consumers: kafkajs.Consumer[] = [];
  const minute = 60_000;
  const at = Date.now() - 60 * minute;

  /** Each message's partition and time, in order. */
  async function produce(target: string, messages: Array<{ partition: number; timestamp: number }>) {
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    await producer.connect();
    try {
      await producer.send({
        topic: target,
        acks: -1,
        messages: messages.map(({ partition, timestamp }, index) => ({
          partition,
          key: `k${index}`,
          value: `event ${index}`,
          timestamp: String(timestamp),
        })),
      });
    } finally {
      await producer.disconnect();
    }
  }

  async function committed(groupId: string, target: string) {
    const [offsets] = await admin.fetchOffsets({ groupId, topics: [target] });
    return Object.fromEntries(offsets!.partitions.map((entry) => [entry.partition, entry.offset]));
  }

  /** A member of `groupId` that has read and committed every message of `target`; still running. */
  async function consumeAll(groupId: string, target: string) {
    groups.push(groupId);
    const consumer = kafka.consumer({ groupId, sessionTimeout: 10_000, heartbeatInterval: 1_000 });
    consumers.push(consumer);
    await consumer.connect();
    await consumer.subscribe({ topic: target, fromBeginning: true });
    await consumer.run({ eachMessage: async () => undefined });
    const ends = await admin.fetchTopicOffsets(target);
    await expect
      .poll(
        async () => {
          const offsets = await committed(groupId, target);
          return ends.every((end) => end.high === '0' || offsets[end.partition] === end.high);
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    return consumer;
  }

  beforeAll(async () => {
    await admin.connect();
    await admin.createTopics({
      waitForLeaders: true,
      topics: [
        { topic, numPartitions: 3, replicationFactor: 1 },
        { topic: laterTopic, numPartitions: 1, replicationFactor: 1 },
      ],
    });
    // Partition 0: three events before `at`, two after; partition 1: two before; partition 2: none.
    await produce(topic, [
      { partition: 0, timestamp: at - 30 * minute },
      { partition: 0, timestamp: at - 20 * minute },
      { partition: 0, timestamp: at - 10 * minute },
      { partition: 0, timestamp: at + 10 * minute },
      { partition: 0, timestamp: at + 20 * minute },
      { partition: 1, timestamp: at - 30 * minute },
      { partition: 1, timestamp: at - 20 * minute },
    ]);
  });

  afterAll(async () => {
    for (const consumer of consumers) await consumer.disconnect().catch(() => undefined);
    await admin.deleteGroups(groups).catch(() => undefined);
    await admin.deleteTopics({ topics: [topic, laterTopic] }).catch(() => undefined);
    await admin.disconnect();
  });

  it('moves the group back to the first event at or after the time, never forward, and refuses while a member runs', async () => {
    const groupId = `${namespace}.rewound`;
    const consumer = await consumeAll(groupId, topic);
    expect(await committed(groupId, topic)).toEqual({ 0: '5', 1: '2', 2: '-1' });

    // A replica still running: refused, and nothing moved.
    await expect(rewindConsumerGroup({ brokers, namespace, groupId: 'rewound', toMs: at })).rejects.toThrow(
      new RegExp(`consumer group ${groupId} has active members .*stop every replica`),
    );
    expect(await committed(groupId, topic)).toEqual({ 0: '5', 1: '2', 2: '-1' });

    await consumer.disconnect();
    const lines: string[] = [];
    const result = await rewindConsumerGroup({
      brokers,
      namespace,
      groupId: 'rewound',
      toMs: at,
      log: (line) => lines.push(line),
    });
    expect(result).toEqual({
      groupId,
      to: new Date(at).toISOString(),
      topics: [{ topic, moved: [{ partition: 0, from: '5', to: '3' }], kept: 1, expired: [] }],
      moved: 1,
    });
    expect(lines).toEqual([`  ${topic}: 1 of 2 partitions moved back (0: 5 → 3)`]);
    // Partition 0 at the first event after `at`; partition 1 has none after it; partition 2 never read.
    expect(await committed(groupId, topic)).toEqual({ 0: '3', 1: '2', 2: '-1' });

    // A later time would skip events the group has not handled again: it stays where it is.
    const later = await rewindConsumerGroup({
      brokers,
      namespace,
      groupId: 'rewound',
      toMs: at + 15 * minute,
    });
    expect(later.moved).toBe(0);
    expect(await committed(groupId, topic)).toEqual({ 0: '3', 1: '2', 2: '-1' });
  });

  it('npm run restore rewinds booking to the backup, refuses while it runs, and leaves commerce alone', async () => {
    const services = ['booking', 'commerce'];
    for (const service of services) {
      const db = `${namespace}_${service}`;
      leftovers.push(db);
      await query('postgres', `create database ${db}`);
      await query(db, `create table visits (id integer primary key); insert into visits values (1)`);
    }
    const root = path.join(scratch, 'rewind');
    const backup = await backupDatabases({
      adminUrl,
      databases: services.map((service) => `${namespace}_${service}`),
      dir: path.join(root, '20261128T030405Z'),
    });
    const startedAt = Date.parse(backup.manifest.startedAt);
    // Two events booking handled before the backup, two after it (each the rewind would miss).
    await produce(laterTopic, [
      { partition: 0, timestamp: startedAt - 10 * minute },
      { partition: 0, timestamp: startedAt - 5 * minute },
      { partition: 0, timestamp: startedAt },
      { partition: 0, timestamp: startedAt + 1 },
    ]);
    const groupId = `${namespace}.booking`;
    const consumer = await consumeAll(groupId, laterTopic);
    await query(`${namespace}_booking`, 'insert into visits values (2)');

    const restore = (...args: string[]) => {
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.KAFKA_NAMESPACE; // the namespace follows --prefix
      return spawnSync(
        process.execPath,
        [
          path.join(import.meta.dirname, 'restore.mjs'),
          '--dir',
          root,
          '--prefix',
          namespace,
          '--drop-old',
          ...args,
        ],
        { encoding: 'utf8', env },
      );
    };
    // A booking replica still consuming: refused before the database is touched.
    const running = restore('--service', 'booking');
    expect(running.status).toBe(1);
    expect(running.stderr).toContain(`consumer group ${groupId} has active members`);
    expect(running.stderr).toContain('--no-rewind');
    expect(await query(`${namespace}_booking`, 'select id from visits order by id')).toEqual([
      { id: 1 },
      { id: 2 },
    ]);

    await consumer.disconnect();
    const restored = restore('--service', 'booking');
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain(`moving booking's consumer group ${groupId} back to`);
    expect(restored.stdout).toContain(`  ${laterTopic}: 1 of 1 partitions moved back (0: 4 → 2)`);
    expect(restored.stdout).toContain(`rewound ${groupId}: 1 partitions of 1 topics moved back`);
    expect(await committed(groupId, laterTopic)).toEqual({ 0: '2' });
    expect(await query(`${namespace}_booking`, 'select id from visits order by id')).toEqual([{ id: 1 }]);

    const commerce = restore('--service', 'commerce');
    expect(commerce.status).toBe(0);
    expect(commerce.stdout).toContain(
      "not rewinding commerce's consumer group: a replay would ask Razorpay again for the refunds",
    );
  });
});
