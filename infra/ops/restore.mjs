#!/usr/bin/env node
// npm run restore — puts ONE service's database back to a backup made by npm run backup:
//
//   npm run restore -- --service billing [--from latest|<backup dir>] [--force] [--drop-old]
//                      [--url <admin url>] [--dir <backups dir>] [--prefix <spa>]
//                      [--no-rewind] [--brokers <host:port,...>] [--namespace <spa>]
//
// Stop the service first (every replica) and start it again afterwards: a running one would keep its
// connections and work on the restored data without the checks it makes at start (billing raises its
// invoice series past every number on Kafka only then). With connections open to the database the
// restore refuses, unless --force (it then cuts them). The dump is restored into a new database beside
// the current one, which is swapped in only when complete; the replaced one is kept, renamed
// <database>_before_restore_<time> with connections refused, unless --drop-old (it still holds what
// was written after the backup). Then, for billing, booking and catalogue, the service's own consumer
// group is moved back to the backup's start (less a minute for clock skew), so the events it consumed
// since are handed to it again at its start (its restored inbox skips those it had handled); not for
// commerce (refunds would be asked for again) nor notification (emails sent again), and identity
// consumes nothing. --no-rewind skips it. Kafka is KAFKA_BROKERS (infra/local/env.mjs) or --brokers;
// the group is <namespace>.<service> with --namespace, else KAFKA_NAMESPACE, else --prefix.
// docs/operations.md says what each restore loses and what comes back.
import path from 'node:path';
import { parseArgs } from 'node:util';

// kafkajs 2.2.4 arms a timer for (0 - now) ms when no broker throttles it (kafkajs#1751, still open);
// Node 24 warns and runs it after 1 ms, and it polls again (the services stop that polling: kit
// stopKafkajsIdlePolling). For this short-lived script the cost is nothing and the warning is noise to
// an operator in the middle of a restore; every other warning is printed as Node prints it.
const printWarning = process.listeners('warning');
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name !== 'TimeoutNegativeWarning') for (const print of printWarning) print(warning);
});
import { infraEnv, SERVICES } from '../local/env.mjs';
import { runAsMain } from '../local/lib/main.mjs';
import { backupsRoot, databaseOf } from './backup.mjs';
import {
  assertGroupInactive,
  formatBytes,
  openConnections,
  qualifiedGroupId,
  readManifest,
  resolveBackup,
  restoreDatabase,
  rewindConsumerGroup,
} from './backup-lib.mjs';

/** Before the backup's start, for clocks that disagree (the inbox skips what was handled before). */
const REWIND_MARGIN_MS = 60_000;

/**
 * Whose own consumer group a restore moves back, and why not the others' (docs/operations.md,
 * "Replaying consumed events").
 * @type {Record<string, { rewind: true } | { rewind: false, why: string }>}
 */
const REPLAY = {
  billing: { rewind: true },
  booking: { rewind: true },
  catalogue: { rewind: true },
  commerce: {
    rewind: false,
    why: 'a replay would ask Razorpay again for the refunds of appointments cancelled since the backup',
  },
  notification: { rewind: false, why: 'a replay would email again everything sent since the backup' },
  identity: { rewind: false, why: 'identity consumes no events' },
};

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
      'no-rewind': { type: 'boolean', default: false },
      brokers: { type: 'string' },
      namespace: { type: 'string' },
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
  const replay = REPLAY[service] ?? { rewind: false, why: 'no policy for this service' };
  const rewind = replay.rewind && !values['no-rewind'];
  const brokers = (values.brokers ?? infraEnv().KAFKA_BROKERS)
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
  const namespace = values.namespace ?? process.env.KAFKA_NAMESPACE ?? values.prefix;
  const groupId = qualifiedGroupId(namespace, service);
  const rewindTo = Date.parse(manifest.startedAt) - REWIND_MARGIN_MS;
  if (rewind && Number.isNaN(rewindTo))
    throw new Error(`the backup ${dir} has no valid startedAt in manifest.json: pass --no-rewind`);
  const byHand =
    `kafka-consumer-groups.sh --bootstrap-server ${brokers.join(',')} --group ${groupId} ` +
    `--reset-offsets --all-topics --to-datetime ${new Date(rewindTo).toISOString()} --execute`;
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
  if (rewind) {
    // Refused before the database is touched: the rewind needs every replica stopped too.
    try {
      await assertGroupInactive({ brokers, namespace, groupId: service });
    } catch (error) {
      throw new Error(
        `${/** @type {Error} */ (error).message}; or pass --no-rewind to restore without handing ${service} ` +
          'again the events it consumed after the backup',
      );
    }
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
  let complete = true;
  if (rewind) {
    console.log(
      `moving ${service}'s consumer group ${groupId} back to ${new Date(rewindTo).toISOString()} ` +
        `(the backup's start less ${REWIND_MARGIN_MS / 1000} s) on ${brokers.join(',')}`,
    );
    try {
      const rewound = await rewindConsumerGroup({
        brokers,
        namespace,
        groupId: service,
        toMs: rewindTo,
        log: (line) => console.log(line),
      });
      if (rewound.topics.length === 0) {
        console.warn(
          `warning: ${groupId} has no committed offsets on ${brokers.join(',')}: nothing rewound ` +
            '(a service that never consumed, or the wrong --namespace / --brokers)',
        );
      } else {
        console.log(
          `rewound ${groupId}: ${rewound.moved} partitions of ${rewound.topics.length} topics moved back; ` +
            `${service} consumes the events since again at its start (its inbox skips those it had handled)`,
        );
      }
      for (const topic of rewound.topics.filter((entry) => entry.expired.length > 0)) {
        console.warn(
          `warning: ${topic.topic} partitions ${topic.expired.join(', ')} keep nothing as old as the rewind ` +
            'point: events the retention deleted cannot be replayed',
        );
      }
    } catch (error) {
      complete = false;
      console.error(
        `restore: the database is restored, but ${groupId} was not rewound: ${/** @type {Error} */ (error).message}. ` +
          `Before starting ${service}, stop every replica and run: ${byHand}`,
      );
    }
  } else if (replay.rewind) {
    console.log(
      `not rewinding ${groupId} (--no-rewind): ${service} is not handed again the events it consumed after ` +
        `the backup; to do it by hand before starting it: ${byHand}`,
    );
  } else {
    console.log(
      `not rewinding ${service}'s consumer group: ${replay.why} (docs/operations.md, "Replaying consumed events")`,
    );
  }
  console.log(
    `everything ${service} wrote after ${manifest.startedAt} is gone from ${database}; ` +
      `docs/operations.md ("Restoring one service") says what comes back and how. ` +
      (complete ? `Now start ${service}.` : `Rewind ${groupId} as above, then start ${service}.`),
  );
  return complete;
}

await runAsMain(import.meta.url, 'restore', main);
