// Apache Kafka (the real broker, from Maven Central) in single-node KRaft mode.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST, PORTS } from '../env.mjs';
import { kafkaAnswersMetadata } from './kafka-protocol.mjs';
import { cacheDir, componentDir, ensureDir, logFile, pidFile } from './paths.mjs';
import { exitWatcher, run, spawnDetached, terminate, writePidFile } from './processes.mjs';
import { commandPath, javaCommand } from './system.mjs';

export const KAFKA_VERSION = '3.9.1';
const SCALA_VERSION = '2.13';
const COMMAND_HINT = 'kafka.Kafka';

const supportDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'kafka');
const pomPath = path.join(supportDir, 'pom.xml');
const log4jPath = path.join(supportDir, 'log4j.properties');

const libsDir = () => path.join(cacheDir(), `kafka-${KAFKA_VERSION}`, 'libs');
const kafkaDir = () => componentDir('kafka');
const logDirsPath = () => path.join(kafkaDir(), 'data');
const serverPropertiesPath = () => path.join(kafkaDir(), 'server.properties');
const clusterIdPath = () => path.join(kafkaDir(), 'cluster-id');

export const BROKER_SETTINGS = {
  'process.roles': 'broker,controller',
  'node.id': 1,
  'controller.listener.names': 'CONTROLLER',
  'inter.broker.listener.name': 'PLAINTEXT',
  'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
  'auto.create.topics.enable': true,
  'delete.topic.enable': true,
  'num.partitions': 3,
  'default.replication.factor': 1,
  'min.insync.replicas': 1,
  'offsets.topic.replication.factor': 1,
  // Fewer internal partitions than the default 50: faster first group join and txn init.
  'offsets.topic.num.partitions': 10,
  'transaction.state.log.replication.factor': 1,
  'transaction.state.log.min.isr': 1,
  'transaction.state.log.num.partitions': 10,
  'group.initial.rebalance.delay.ms': 0,
  'log.segment.bytes': 64 * 1024 * 1024,
  'log.retention.hours': 72,
  'log.retention.bytes': 1024 * 1024 * 1024,
  'log.retention.check.interval.ms': 5 * 60 * 1000,
  'log.cleaner.enable': true,
  'log.cleaner.threads': 1,
  // The default 128 MiB dedupe buffer would take a quarter of the 512 MiB heap.
  'log.cleaner.dedupe.buffer.size': 32 * 1024 * 1024,
  'num.network.threads': 3,
  'num.io.threads': 4,
};

function serverProperties() {
  const settings = {
    ...BROKER_SETTINGS,
    'controller.quorum.voters': `1@${HOST}:${PORTS.kafkaController}`,
    listeners: `PLAINTEXT://${HOST}:${PORTS.kafka},CONTROLLER://${HOST}:${PORTS.kafkaController}`,
    'advertised.listeners': `PLAINTEXT://${HOST}:${PORTS.kafka}`,
    'log.dirs': logDirsPath(),
  };
  const lines = Object.entries(settings).map(([key, value]) => `${key}=${value}`);
  return `# Written by infra/local/lib/kafka.mjs on every start; edit that file instead.\n${lines.join('\n')}\n`;
}

/** Fetches the broker jars with Maven once; later calls find them in the cache. */
export async function ensureKafkaLibs() {
  const libs = libsDir();
  if (existsSync(path.join(libs, `kafka_${SCALA_VERSION}-${KAFKA_VERSION}.jar`))) return libs;
  const mvn = commandPath('mvn');
  if (!mvn) throw new Error('Maven (mvn) is needed to fetch Kafka: run node infra/local/setup.mjs');

  // Download next to the final place and rename, so an interrupted fetch never looks complete.
  const partial = `${libs}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  const copyDependencies = [
    'dependency:copy-dependencies',
    '-DincludeScope=runtime',
    `-DoutputDirectory=${partial}`,
  ];
  await run(mvn, ['-q', '-B', '-f', pomPath, `-Dkafka.version=${KAFKA_VERSION}`, ...copyDependencies], {
    timeoutMs: 10 * 60 * 1000,
  });
  rmSync(libs, { recursive: true, force: true });
  renameSync(partial, libs);
  return libs;
}

// Kafka's Uuid text form: 16 random bytes in unpadded base64url, never starting with '-'
// (it would read as a command-line flag). Same as `kafka-storage random-uuid`, minus a JVM start.
export function newClusterId() {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

function clusterId() {
  if (existsSync(clusterIdPath())) return readFileSync(clusterIdPath(), 'utf8').trim();
  const id = newClusterId();
  writeFileSync(clusterIdPath(), `${id}\n`);
  return id;
}

/**
 * @param {string} libs
 * @param {string} mainClass
 * @param {string[]} args
 */
export function javaArgs(libs, mainClass, ...args) {
  return [`-Dlog4j.configuration=file:${log4jPath}`, '-cp', path.join(libs, '*'), mainClass, ...args];
}

/**
 * Formats the KRaft storage once; meta.properties marks a formatted log dir.
 * @param {string} java
 * @param {string} libs
 */
async function formatStorageOnce(java, libs) {
  if (existsSync(path.join(logDirsPath(), 'meta.properties'))) return;
  const format = ['format', '--config', serverPropertiesPath(), '--cluster-id', clusterId()];
  await run(java, javaArgs(libs, 'kafka.tools.StorageTool', ...format, '--ignore-formatted'), {
    cwd: kafkaDir(),
  });
}

/** @type {import('./lifecycle.mjs').Component} */
export const kafka = {
  name: 'kafka',
  address: `${HOST}:${PORTS.kafka} (controller ${HOST}:${PORTS.kafkaController})`,
  ports: [PORTS.kafka, PORTS.kafkaController],
  logPath: logFile('kafka'),
  pidPath: pidFile('kafka'),
  commandHint: COMMAND_HINT,
  readyTimeoutMs: 120_000,

  isReady: () => kafkaAnswersMetadata(HOST, PORTS.kafka),

  async start() {
    const java = javaCommand();
    if (!java) throw new Error('Java 17+ is needed for Kafka: run node infra/local/setup.mjs');
    const libs = await ensureKafkaLibs();
    ensureDir(logDirsPath());
    writeFileSync(serverPropertiesPath(), serverProperties());
    await formatStorageOnce(java, libs);

    const heap = ['-Xms256m', '-Xmx512m', '-XX:+UseG1GC', '-XX:MaxGCPauseMillis=20'];
    const child = spawnDetached(
      java,
      [...heap, '-Djava.awt.headless=true', ...javaArgs(libs, 'kafka.Kafka', serverPropertiesPath())],
      { logPath: this.logPath, cwd: kafkaDir(), env: process.env },
    );
    const exitReason = exitWatcher(child);
    if (!child.pid) throw new Error(`could not start ${java}`);
    writePidFile(this.pidPath, child.pid);
    return { exitReason };
  },

  // SIGTERM runs the broker's controlled shutdown, which flushes and closes the logs cleanly.
  stop: (pid) => terminate(pid, COMMAND_HINT, { graceMs: 30_000 }),
};
