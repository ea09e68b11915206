// npm run bench:auth — sign-in throughput and latency at a fixed concurrency, and the server's CPU per sign-in.
//
// The identity app runs in this process on a fresh database (real Postgres, Redis, Kafka); the load
// comes from a child process over HTTP with keep-alive, so the CPU measured here (process.cpuUsage,
// every thread including argon2's) is the server's alone. Each concurrent client signs in as its own
// user; only failed sign-ins count towards throttling, so the limiter is left on as in production.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connectServiceDeps, createLogger } from '@spa/kit';
import { createTestDatabase, testInfra } from '@spa/kit/testing';
import { buildApp } from '../src/app.js';
import { PASSWORD_HASH_OPTIONS, hashPassword, verifyPassword } from '../src/domain/password-hashing.js';
import { loadConfig } from '../src/config.js';

const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const PASSWORD = 'Bench-lotus-2025';

interface ClientReport {
  completed: number;
  failed: number;
  elapsedMs: number;
  latenciesMs: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The load generator (child process): `concurrency` loops, each signing in as its own user. */
async function runClient(baseUrl: string, emails: string[]): Promise<void> {
  const signIn = async (email: string) => {
    const response = await fetch(`${baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    await response.arrayBuffer();
    return response.status === 200;
  };
  const loop = async (email: string, until: number, report?: ClientReport) => {
    while (Date.now() < until) {
      const started = performance.now();
      const ok = await signIn(email);
      if (!report) continue;
      if (ok) {
        report.completed++;
        report.latenciesMs.push(performance.now() - started);
      } else report.failed++;
    }
  };
  const warmupEnd = Date.now() + warmupSeconds * 1000;
  await Promise.all(emails.map((email) => loop(email, warmupEnd)));
  process.stdout.write('measuring\n');
  const report: ClientReport = { completed: 0, failed: 0, elapsedMs: 0, latenciesMs: [] };
  const started = performance.now();
  const end = Date.now() + seconds * 1000;
  await Promise.all(emails.map((email) => loop(email, end, report)));
  report.elapsedMs = performance.now() - started;
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

async function measureHashing() {
  const hash = await hashPassword(PASSWORD);
  const rounds = 20;
  const before = process.cpuUsage();
  for (let round = 0; round < rounds; round++) await verifyPassword(hash, PASSWORD);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / rounds;
}

async function runServer(): Promise<void> {
  const database = await createTestDatabase('identity_bench');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
    REDIS_URL: testInfra.redisUrl,
    SEED_DEMO_DATA: 'false',
  });
  const logger = createLogger('identity-bench', 'warn');
  const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
  const deps = { ...(await connectServiceDeps(config, logger, migrationsFolder)), config };
  const app = await buildApp(deps);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const runId = Date.now().toString(36);
    const emails = Array.from({ length: concurrency }, (_, index) => `bench.${runId}.${index}@spa.test`);
    for (const email of emails) {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: { name: 'Bench User', email, password: PASSWORD, role: 'user' },
      });
      if (response.statusCode !== 201) throw new Error(`could not create ${email}: ${response.body}`);
    }
    const hashCpuMs = await measureHashing();

    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), 'client', address, emails.join(',')],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let cpuAtStart: NodeJS.CpuUsage | undefined;
    let report: ClientReport | undefined;
    let buffered = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line === 'measuring') cpuAtStart = process.cpuUsage();
        else if (line.startsWith('{')) report = JSON.parse(line) as ClientReport;
      }
    });
    const cpuAtEnd = await new Promise<NodeJS.CpuUsage>((resolve, reject) => {
      child.on('exit', (code) => {
        if (code !== 0 || !report || !cpuAtStart) reject(new Error(`load generator exited with ${code}`));
        // The child reports after its last request is answered, so the server's work is all inside the window.
        else resolve(process.cpuUsage(cpuAtStart));
      });
    });

    const sorted = [...report!.latenciesMs].sort((a, b) => a - b);
    const cpuMsPerSignIn = (cpuAtEnd.user + cpuAtEnd.system) / 1000 / report!.completed;
    const throughput = report!.completed / (report!.elapsedMs / 1000);
    const { memoryCost, timeCost, parallelism } = PASSWORD_HASH_OPTIONS;
    console.log(
      `sign-in benchmark: POST /auth/login over HTTP, ${concurrency} concurrent clients, ${seconds} s (after ${warmupSeconds} s warm-up)`,
    );
    console.log(
      `  password hashing   argon2id m=${memoryCost} KiB t=${timeCost} p=${parallelism}: ${hashCpuMs.toFixed(1)} ms CPU per verification`,
    );
    console.log(`  sign-ins           ${report!.completed} ok, ${report!.failed} failed`);
    console.log(`  throughput         ${throughput.toFixed(1)} sign-ins/s`);
    console.log(
      `  latency            p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
    );
    console.log(
      `  server CPU         ${cpuMsPerSignIn.toFixed(1)} ms per sign-in (process.cpuUsage over the window / sign-ins)`,
    );
    if (report!.failed > 0) process.exitCode = 1;
  } finally {
    await app.close();
    await deps.bus.close();
    deps.redis.disconnect();
    await deps.database.close();
    await database.drop();
  }
}

if (process.argv[2] === 'client') await runClient(process.argv[3]!, process.argv[4]!.split(','));
else await runServer();
