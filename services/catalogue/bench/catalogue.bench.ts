// npm run bench:catalogue — public catalogue reads through the real gateway (whose shared cache keeps
// anonymous answers for their s-maxage of one second) and the built catalogue service (Redis read
// cache, Postgres behind it) against a bare Fastify route serving the same JSON
// from memory, side by side in one run: saturation throughput (closed loop) and latency at a fixed
// offered load. Needs the built gateway and service (npm run build) and the local infrastructure.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, testInfra } from '@spa/kit/testing';

const rate = Number(process.env.BENCH_RATE ?? 500); // requests per second offered in the fixed-rate phase
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32); // for the saturation phase
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ROUTES = ['/products', '/admin/services'] as const;

// ---------------------------------------------------------------- processes

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, name: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

function start(name: string, entry: string, env: Record<string, string>): ChildProcess {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  // BENCH_GATEWAY_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", goes to the gateway process.
  const nodeArgs =
    name === 'gateway' ? (process.env.BENCH_GATEWAY_NODE_ARGS?.split(' ').filter(Boolean) ?? []) : [];
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  return child;
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------- load generation

interface Sample {
  latencies: number[];
  completed: number;
  failed: number;
  elapsedSeconds: number;
}

function get(agent: http.Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const now = () => performance.now();

/** As fast as `connections` keep-alive connections allow, each sending its next request on an answer. */
async function saturate(url: URL, durationSeconds: number): Promise<Sample> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failed = 0;
  const started = now();
  const until = started + durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (now() < until) {
        const sent = now();
        try {
          const status = await get(agent, url);
          if (status === 200) latencies.push(now() - sent);
          else failed++;
        } catch {
          failed++;
        }
      }
    }),
  );
  agent.destroy();
  const elapsedSeconds = (now() - started) / 1000;
  return { latencies, completed: latencies.length, failed, elapsedSeconds };
}

/**
 * A fixed offered load: request i is due at start + i / rate, whether or not earlier ones have
 * answered; latency counts from when it was due, so a stall is not hidden (no coordinated omission).
 */
async function offer(url: URL, requestsPerSecond: number, durationSeconds: number): Promise<Sample> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(requestsPerSecond * durationSeconds);
  const latencies: number[] = [];
  let failed = 0;
  let issued = 0;
  const inFlight = new Set<Promise<void>>();
  const started = now();
  while (issued < total) {
    const due = started + (issued * 1000) / requestsPerSecond;
    const wait = due - now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    while (issued < total && started + (issued * 1000) / requestsPerSecond <= now()) {
      const scheduled = started + (issued * 1000) / requestsPerSecond;
      issued++;
      const call = get(agent, url)
        .then((status) => {
          if (status === 200) latencies.push(now() - scheduled);
          else failed++;
        })
        .catch(() => {
          failed++;
        })
        .finally(() => inFlight.delete(call));
      inFlight.add(call);
    }
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { latencies, completed: latencies.length, failed, elapsedSeconds: (now() - started) / 1000 };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

// ---------------------------------------------------------------- the run

const database = await createTestDatabase('catalogue_bench');
const uploadDir = await mkdtemp(path.join(tmpdir(), 'catalogue-bench-'));
const bodiesFile = path.join(uploadDir, 'bodies.json');
let catalogue: ChildProcess | undefined;
let gateway: ChildProcess | undefined;
let bare: ChildProcess | undefined;
try {
  const [cataloguePort, gatewayPort, barePort] = await Promise.all([freePort(), freePort(), freePort()]);
  console.log(
    'bench:catalogue — starting the built catalogue (seeding a fresh database), the gateway and a bare server…',
  );
  catalogue = start('catalogue', path.join(root, 'services/catalogue/dist/main.js'), {
    NODE_ENV: 'development',
    PORT: String(cataloguePort),
    DATABASE_URL: database.url,
    KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
    REDIS_URL: testInfra.redisUrl,
    UPLOAD_DIR: uploadDir,
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
  });
  await waitFor(`http://127.0.0.1:${cataloguePort}/readyz`, catalogue, 'catalogue');
  gateway = start('gateway', path.join(root, 'gateway/dist/main.js'), {
    PORT: String(gatewayPort),
    REDIS_URL: testInfra.redisUrl,
    ENABLED_SERVICES: 'catalogue',
    CATALOGUE_URL: `http://127.0.0.1:${cataloguePort}`,
    // The bench is one client sending thousands of requests a second: lift the per-client limit (it is still checked).
    RATE_LIMIT_MAX: '100000000',
    LOG_LEVEL: 'warn',
  });
  await waitFor(`http://127.0.0.1:${gatewayPort}/api/v1/products`, gateway, 'gateway');

  const bodies: Record<string, string> = {};
  for (const route of ROUTES) {
    const response = await fetch(`http://127.0.0.1:${gatewayPort}/api/v1${route}`);
    bodies[route] = await response.text();
  }
  await writeFile(bodiesFile, JSON.stringify(bodies));
  bare = fork(path.join(root, 'services/catalogue/bench/bare-server.ts'), [bodiesFile, String(barePort)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    bare!.once('message', () => resolve());
    bare!.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });

  const results = [];
  for (const route of ROUTES) {
    const targets = {
      gateway: new URL(`http://127.0.0.1:${gatewayPort}/api/v1${route}`),
      direct: new URL(`http://127.0.0.1:${cataloguePort}${route}`),
      bare: new URL(`http://127.0.0.1:${barePort}${route}`),
    };
    const size = Buffer.byteLength(bodies[route]!);
    for (const target of Object.values(targets)) await saturate(target, 2); // warm up all three
    const gatewayMax = await saturate(targets.gateway, seconds);
    const directMax = await saturate(targets.direct, seconds);
    const bareMax = await saturate(targets.bare, seconds);
    const gatewayFixed = await offer(targets.gateway, rate, seconds);
    const directFixed = await offer(targets.direct, rate, seconds);
    const bareFixed = await offer(targets.bare, rate, seconds);
    const throughput = (sample: Sample) => sample.completed / sample.elapsedSeconds;
    results.push({
      route,
      bodyBytes: size,
      saturation: {
        connections,
        gatewayRps: Math.round(throughput(gatewayMax)),
        catalogueDirectRps: Math.round(throughput(directMax)),
        bareRps: Math.round(throughput(bareMax)),
        ratio: Number((throughput(gatewayMax) / throughput(bareMax)).toFixed(3)),
        gatewayP99Ms: Number(percentile(gatewayMax.latencies, 99).toFixed(1)),
        bareP99Ms: Number(percentile(bareMax.latencies, 99).toFixed(1)),
        failed: gatewayMax.failed + directMax.failed + bareMax.failed,
      },
      fixedRate: {
        offeredRps: rate,
        gatewayAchievedRps: Math.round(throughput(gatewayFixed)),
        bareAchievedRps: Math.round(throughput(bareFixed)),
        catalogueDirectMs: {
          p50: Number(percentile(directFixed.latencies, 50).toFixed(1)),
          p99: Number(percentile(directFixed.latencies, 99).toFixed(1)),
        },
        gatewayMs: {
          p50: Number(percentile(gatewayFixed.latencies, 50).toFixed(1)),
          p99: Number(percentile(gatewayFixed.latencies, 99).toFixed(1)),
          max: Number(percentile(gatewayFixed.latencies, 100).toFixed(1)),
        },
        bareMs: {
          p50: Number(percentile(bareFixed.latencies, 50).toFixed(1)),
          p99: Number(percentile(bareFixed.latencies, 99).toFixed(1)),
          max: Number(percentile(bareFixed.latencies, 100).toFixed(1)),
        },
        failed: gatewayFixed.failed + directFixed.failed + bareFixed.failed,
      },
    });
  }

  console.log(`\nbench:catalogue — this machine, ${seconds} s per phase`);
  for (const result of results) {
    const { saturation: s, fixedRate: f } = result;
    const met = s.ratio >= 0.5 && f.gatewayMs.p99 < 20 && f.failed === 0;
    console.log(`\n  GET /api/v1${result.route} (${(result.bodyBytes / 1024).toFixed(1)} KiB)`);
    console.log(
      `    saturation, ${s.connections} connections   gateway ${s.gatewayRps} req/s (p99 ${ms(s.gatewayP99Ms)})   bare ${s.bareRps} req/s (p99 ${ms(s.bareP99Ms)})   ratio ${(s.ratio * 100).toFixed(0)}%   (catalogue without the gateway: ${s.catalogueDirectRps} req/s)`,
    );
    console.log(
      `    fixed ${f.offeredRps} req/s             gateway p50 ${ms(f.gatewayMs.p50)} p99 ${ms(f.gatewayMs.p99)} max ${ms(f.gatewayMs.max)}   bare p50 ${ms(f.bareMs.p50)} p99 ${ms(f.bareMs.p99)}   catalogue direct p99 ${ms(f.catalogueDirectMs.p99)}   failed ${f.failed}`,
    );
    console.log(`    target (>= 50% of bare, p99 < 20 ms at ${rate} req/s): ${met ? 'MET' : 'NOT MET'}`);
  }
  console.log(`\n${JSON.stringify(results)}`);
} finally {
  await Promise.all([stop(bare), stop(gateway), stop(catalogue)]);
  await database.drop();
  await rm(uploadDir, { recursive: true, force: true });
}
process.exit(0);
