// Summarises the V8 CPU profiles of a `BENCH_PROFILE=1 npm run bench` run: for each process, where its
// CPU went, by package (or our bundle) and by function, self time only (what the function itself ran).
//   node infra/load/profile-top.mjs .data/bench/profiles/<run> [process name] [how many functions]
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const [dir, onlyProcess, topArg] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node infra/load/profile-top.mjs <profile dir> [process name] [top N]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const processes = JSON.parse(readFileSync(path.join(dir, 'processes.json'), 'utf8'));

/** @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number } }} ProfileNode */

/**
 * Where a frame's code lives: a package under node_modules, node's own code, our bundle, or V8.
 * @param {string | undefined} url
 * @returns {string}
 */
function ownerOf(url) {
  if (!url) return '(v8/native)';
  if (url.startsWith('node:')) return 'node:internal';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return /** @type {string} */ (match[1]);
  const ours =
    /\/work\/[^/]+\/(.+?)\/dist\//.exec(url) ?? /(services\/[^/]+|gateway|infra\/[^/]+)\//.exec(url);
  return ours ? `ours:${ours[1]}` : url;
}

/**
 * @param {string} file
 */
function summarise(file) {
  /**
   * A V8 CPU profile (.cpuprofile), the parts read here.
   * @type {{ nodes: ProfileNode[], samples: number[], timeDeltas?: number[] }}
   */
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const selfMicros = new Map();
  const deltas = profile.timeDeltas ?? [];
  profile.samples.forEach((id, index) =>
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (deltas[index] ?? 0)),
  );
  /** @type {Map<string, number>} */
  const byFunction = new Map();
  /** @type {Map<string, number>} */
  const byOwner = new Map();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of selfMicros) {
    const { callFrame } = /** @type {ProfileNode} */ (byId.get(id));
    const name = callFrame.functionName || '(anonymous)';
    if (name === '(idle)' || name === '(program)') {
      if (name === '(idle)') idle += micros;
      else total += micros;
      if (name === '(idle)') continue;
    } else total += micros;
    const where = `${name} ${path.basename(callFrame.url || '')}:${callFrame.lineNumber + 1}`;
    byFunction.set(where, (byFunction.get(where) ?? 0) + micros);
    const owner = name === '(garbage collector)' ? '(gc)' : ownerOf(callFrame.url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros);
  }
  return { total, idle, byFunction, byOwner };
}

const sorted = (/** @type {Map<string, number>} */ map) => [...map].sort((a, b) => b[1] - a[1]);
const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
for (const name of files) {
  const pid = /\.(\d+)\.\d+\.\d+\.cpuprofile$/.exec(name)?.[1];
  const processName = processes[/** @type {string} */ (pid)] ?? `pid ${pid}`;
  if (onlyProcess && processName !== onlyProcess) continue;
  const { total, idle, byFunction, byOwner } = summarise(path.join(dir, name));
  console.log(`\n${processName}: ${(total / 1e6).toFixed(1)} s on CPU, ${(idle / 1e6).toFixed(1)} s idle`);
  console.log('  by owner (self time):');
  for (const [owner, micros] of sorted(byOwner).slice(0, 12))
    console.log(`    ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${owner}`);
  console.log(`  top ${top} functions (self time):`);
  for (const [where, micros] of sorted(byFunction).slice(0, top))
    console.log(`    ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${where}`);
}
