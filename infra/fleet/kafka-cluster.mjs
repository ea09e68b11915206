// A three-node Apache Kafka cluster in KRaft mode for the replicated fleet run: each node is
// broker and controller (a three-voter quorum), topics get three copies and need two in sync
// (min.insync.replicas 2), so a producer with acks=all keeps going with one node down. The same jars as
// the local single broker (infra/local/lib/kafka.mjs); state under the fleet's data dir.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOST } from '../local/env.mjs';
import { BROKER_SETTINGS, ensureKafkaLibs, javaArgs, newClusterId } from '../local/lib/kafka.mjs';
import { kafkaAnswersMetadata } from '../local/lib/kafka-protocol.mjs';
import { ensureDir } from '../local/lib/paths.mjs';
import { isProcessAlive, run, sleep, spawnDetached, tailFile, terminate } from '../local/lib/processes.mjs';
import { javaCommand } from '../local/lib/system.mjs';

const COMMAND_HINT = 'kafka.Kafka';

/**
 * @typedef {{ id: number, port: number, controllerPort: number, dir: string, logPath: string, pid: number | null }} KafkaNode
 */

/**
 * @param {{ dir: string, basePort: number, nodes?: number }} options
 *   basePort: node n listens on basePort + 10n (clients) and basePort + 10n + 1 (controller).
 */
export function kafkaCluster({ dir, basePort, nodes: count = 3 }) {
  /** @type {KafkaNode[]} */
  const nodes = Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const nodeDir = path.join(dir, `node-${id}`);
    return {
      id,
      port: basePort + 10 * id,
      controllerPort: basePort + 10 * id + 1,
      dir: nodeDir,
      logPath: path.join(nodeDir, 'kafka.log'),
      pid: null,
    };
  });
  const voters = nodes.map((node) => `${node.id}@${HOST}:${node.controllerPort}`).join(',');
  const brokers = nodes.map((node) => `${HOST}:${node.port}`).join(',');

  /** @param {KafkaNode} node */
  const properties = (node) => {
    const settings = {
      ...BROKER_SETTINGS,
      'node.id': node.id,
      'controller.quorum.voters': voters,
      listeners: `PLAINTEXT://${HOST}:${node.port},CONTROLLER://${HOST}:${node.controllerPort}`,
      'advertised.listeners': `PLAINTEXT://${HOST}:${node.port}`,
      'log.dirs': path.join(node.dir, 'data'),
      'default.replication.factor': count,
      'min.insync.replicas': Math.min(2, count),
      'offsets.topic.replication.factor': count,
      'transaction.state.log.replication.factor': count,
      'transaction.state.log.min.isr': Math.min(2, count),
      // Three JVMs share two cores here: fewer threads each.
      'num.network.threads': 2,
      'num.io.threads': 2,
      'log.cleaner.dedupe.buffer.size': 16 * 1024 * 1024,
    };
    return `${Object.entries(settings)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n')}\n`;
  };
  const propertiesPath = (/** @type {KafkaNode} */ node) => path.join(node.dir, 'server.properties');

  /** @param {KafkaNode} node */
  async function startNode(node) {
    const java = javaCommand();
    if (!java) throw new Error('Java 17+ is needed for Kafka: run node infra/local/setup.mjs');
    const libs = await ensureKafkaLibs();
    const heap = [
      '-Xms192m',
      '-Xmx384m',
      '-XX:+UseG1GC',
      '-XX:MaxGCPauseMillis=20',
      '-XX:ActiveProcessorCount=1',
    ];
    const child = spawnDetached(
      java,
      [...heap, '-Djava.awt.headless=true', ...javaArgs(libs, 'kafka.Kafka', propertiesPath(node))],
      { logPath: node.logPath, cwd: node.dir, env: process.env },
    );
    node.pid = child.pid ?? null;
  }

  /** @param {KafkaNode} node */
  const isUp = (node) => kafkaAnswersMetadata(HOST, node.port);

  /**
   * @param {KafkaNode[]} which
   * @param {number} timeoutMs
   */
  async function waitUp(which, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const states = await Promise.all(which.map(isUp));
      if (states.every(Boolean)) return;
      for (const node of which)
        if (!isProcessAlive(node.pid, COMMAND_HINT))
          throw new Error(`kafka node ${node.id} exited; see ${node.logPath}\n${tailFile(node.logPath)}`);
      if (Date.now() > deadline)
        throw new Error(
          `kafka nodes ${which.map((node) => node.id).join(',')} not up in ${timeoutMs / 1000} s`,
        );
      await sleep(500);
    }
  }

  return {
    nodes,
    brokers,
    /** Formats fresh storage for every node (one cluster id) and starts them all. */
    async start() {
      const java = javaCommand();
      if (!java) throw new Error('Java 17+ is needed for Kafka: run node infra/local/setup.mjs');
      const libs = await ensureKafkaLibs();
      rmSync(dir, { recursive: true, force: true });
      const clusterId = newClusterId();
      await Promise.all(
        nodes.map(async (node) => {
          ensureDir(path.join(node.dir, 'data'));
          writeFileSync(propertiesPath(node), properties(node));
          await run(
            java,
            javaArgs(
              libs,
              'kafka.tools.StorageTool',
              'format',
              '--config',
              propertiesPath(node),
              '--cluster-id',
              clusterId,
            ),
            { cwd: node.dir },
          );
        }),
      );
      await Promise.all(nodes.map(startNode));
      await waitUp(nodes, 180_000);
    },
    /** Stops one node (SIGTERM: a controlled shutdown that moves its leaderships first). */
    async stopNode(/** @type {number} */ id) {
      const node = /** @type {KafkaNode} */ (nodes.find((candidate) => candidate.id === id));
      await terminate(node.pid, COMMAND_HINT, { graceMs: 30_000 });
    },
    async startNode(/** @type {number} */ id, timeoutMs = 120_000) {
      const node = /** @type {KafkaNode} */ (nodes.find((candidate) => candidate.id === id));
      if (isProcessAlive(node.pid, COMMAND_HINT)) return;
      await startNode(node);
      await waitUp([node], timeoutMs);
    },
    /** kill -9 of every node: the whole cluster gone at once, as a power cut takes it. */
    async killAll() {
      for (const node of nodes) {
        if (!isProcessAlive(node.pid, COMMAND_HINT)) continue;
        process.kill(/** @type {number} */ (node.pid), 'SIGKILL');
      }
      for (let waited = 0; nodes.some((node) => isProcessAlive(node.pid, COMMAND_HINT)); waited += 100) {
        if (waited > 10_000) throw new Error('a kafka node survived SIGKILL');
        await sleep(100);
      }
    },
    async stopAll() {
      await Promise.all(nodes.map((node) => terminate(node.pid, COMMAND_HINT, { graceMs: 30_000 })));
    },
    async startAll(timeoutMs = 180_000) {
      const down = nodes.filter((node) => !isProcessAlive(node.pid, COMMAND_HINT));
      await Promise.all(down.map(startNode));
      await waitUp(nodes, timeoutMs);
    },
    /** Stops everything and deletes the cluster's state. */
    async destroy() {
      await Promise.allSettled(nodes.map((node) => terminate(node.pid, COMMAND_HINT, { graceMs: 10_000 })));
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
