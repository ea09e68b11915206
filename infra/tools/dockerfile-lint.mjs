// A static check of our Dockerfiles for a machine without a Docker engine: what a build would trip over
// first (a file that is not in the build context, a stage that does not exist) and the rules the images
// promise (a non-root user, Node 24, exec-form CMD).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The instructions of a Dockerfile with continuation lines joined and comments dropped.
 * @param {string} text
 * @returns {{ keyword: string, args: string, line: number }[]}
 */
export function parseDockerfile(text) {
  /** @type {{ keyword: string, args: string, line: number }[]} */
  const instructions = [];
  let pending = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) return;
    if (pending === '') startLine = index + 1;
    if (line.startsWith('#')) return;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      return;
    }
    const full = `${pending}${line}`.trim();
    pending = '';
    const [keyword, ...rest] = /** @type {[string, ...string[]]} */ (full.split(/\s+/));
    instructions.push({ keyword: keyword.toUpperCase(), args: rest.join(' '), line: startLine });
  });
  return instructions;
}

/**
 * A .dockerignore's patterns, as a test of a context-relative path (the patterns we use: `**\/name`
 * anywhere, `dir` and `dir/sub` prefixes, `*.ext`).
 * @param {string} text
 */
export function dockerignoreMatcher(text) {
  const patterns = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const toRegExp = (/** @type {string} */ pattern) =>
    new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]]/g, '\\$&')
        .replace(/\*\*\//g, '(?:.*/)?')
        .replace(/\*/g, '[^/]*')}(?:/.*)?$`,
    );
  const rules = patterns.map((pattern) =>
    pattern.startsWith('!')
      ? { negate: true, re: toRegExp(pattern.slice(1)) }
      : { negate: false, re: toRegExp(pattern) },
  );
  return (/** @type {string} */ relativePath) =>
    rules.reduce((ignored, rule) => (rule.re.test(relativePath) ? !rule.negate : ignored), false);
}

/**
 * Problems with one Dockerfile whose build context is `contextDir`.
 * @param {string} dockerfile path
 * @param {string} contextDir
 * @returns {string[]}
 */
export function lintDockerfile(dockerfile, contextDir) {
  const problems = [];
  const name = path.relative(contextDir, dockerfile);
  const ignorePath = path.join(contextDir, '.dockerignore');
  const ignored = dockerignoreMatcher(existsSync(ignorePath) ? readFileSync(ignorePath, 'utf8') : '');
  /** @type {string[]} */
  const stages = [];
  let user = 'root';
  let cmd;
  for (const { keyword, args, line } of parseDockerfile(readFileSync(dockerfile, 'utf8'))) {
    const where = `${name}:${line}`;
    if (keyword === 'FROM') {
      const [image, as, stage] = /** @type {[string, ...string[]]} */ (args.split(/\s+/));
      if (!stages.includes(image) && image !== 'scratch' && !/^node:24[-.]/.test(image))
        problems.push(`${where}: base image ${image} is not a Node 24 image or an earlier stage`);
      // The bases are built locally where no registry is reachable (infra/containers/bases.mjs), from
      // Debian; an Alpine base could not be built there.
      else if (/alpine/.test(image))
        problems.push(`${where}: base image ${image} is Alpine; use node:24-bookworm-slim (buildable here)`);
      if (as?.toUpperCase() === 'AS' && stage) stages.push(stage);
      user = 'root';
      cmd = undefined;
    } else if (keyword === 'COPY' || keyword === 'ADD') {
      const words = args.split(/\s+/);
      const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
      const paths = words.filter((word) => !word.startsWith('--'));
      const sources = paths.slice(0, -1);
      if (from !== undefined) {
        if (!stages.includes(from)) problems.push(`${where}: --from=${from} is not an earlier stage`);
        continue;
      }
      for (const source of sources) {
        const relative = path.normalize(source).replace(/\/$/, '');
        if (!existsSync(path.join(contextDir, relative)))
          problems.push(`${where}: ${source} is not in the build context`);
        else if (ignored(relative)) problems.push(`${where}: ${source} is excluded by .dockerignore`);
      }
    } else if (keyword === 'USER') {
      user = args.trim();
    } else if (keyword === 'CMD') {
      cmd = args.trim();
    }
  }
  if (stages.length < 2) problems.push(`${name}: not a multi-stage build`);
  const lastFrom = stages.at(-1);
  // The SPA's last stage is files only (FROM scratch): nothing runs there.
  const runsSomething = cmd !== undefined;
  if (runsSomething && (user === 'root' || user === '0' || user.startsWith('0:')))
    problems.push(`${name}: the final stage (${lastFrom}) runs as root`);
  if (cmd !== undefined && !cmd.startsWith('['))
    problems.push(`${name}: CMD is not in exec form (signals would go to a shell, not Node)`);
  return problems;
}
