#!/usr/bin/env node
// The base images the Dockerfiles and docker-compose.yml name (debian:bookworm-slim, node:24-bookworm-slim,
// postgres:15-bookworm, redis:7-bookworm, apache/kafka:3.9.1, maildev/maildev:2.2.1), built here because
// no image registry is reachable: a Debian root filesystem from debootstrap, then each image from its
// recipe in bases/<name>/ on top of it. Each is tagged with the registry name a Docker host would pull, so
// the Dockerfiles keep their standard FROM lines. An image is rebuilt only when its recipe changes (a
// hash of its files and inputs, kept as a label).
//   node infra/containers/bases.mjs [name...]
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '../local/lib/paths.mjs';
import { fetchNpmPackage, NODE_VERSION, NPM_VERSION, projectNodeBinDir } from '../local/node.mjs';
import { buildUlimitArgs, imageLabel, podman, podmanStreaming } from './engine.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const RECIPE_LABEL = 'org.spa-platform.recipe';
const DEBIAN_SUITE = 'bookworm';
const DEBIAN_MIRROR = process.env.DEBIAN_MIRROR || 'http://deb.debian.org/debian';
const KAFKA_VERSION = '3.9.1';
// Where a network inspects TLS with its own authority (this machine's does), the host names the bundle
// that trusts it in NODE_EXTRA_CA_CERTS; the local Debian base carries that bundle, so npm inside image
// builds reaches the registry. A Docker host's pulled bases are untouched by this.
const HOST_CA_BUNDLE =
  process.env.NODE_EXTRA_CA_CERTS && existsSync(process.env.NODE_EXTRA_CA_CERTS)
    ? process.env.NODE_EXTRA_CA_CERTS
    : null;
const IMAGE_CA_BUNDLE = '/etc/ssl/spa-host-ca-bundle.pem';

/**
 * @typedef {object} BaseRecipe
 * @property {string} image
 * @property {string} [parent]
 * @property {string[]} [inputs]
 * @property {(context: string) => void} [prepare]
 */

/**
 * name -> { image, parent, prepare(context) } in build order.
 * @type {Record<string, BaseRecipe>}
 */
export const BASES = {
  debian: { image: `docker.io/library/debian:${DEBIAN_SUITE}-slim` },
  node: {
    image: 'docker.io/library/node:24-bookworm-slim',
    parent: 'debian',
    inputs: [NODE_VERSION, NPM_VERSION],
    prepare(context) {
      cpSync(path.join(projectNodeBinDir(), 'node'), path.join(context, 'node'));
      cpSync(
        fetchNpmPackage(`npm@${NPM_VERSION}`, path.join(cacheDir(), `npm-${NPM_VERSION}`)),
        path.join(context, 'npm'),
        {
          recursive: true,
        },
      );
    },
  },
  postgres: { image: 'docker.io/library/postgres:15-bookworm', parent: 'debian' },
  redis: { image: 'docker.io/library/redis:7-bookworm', parent: 'debian' },
  kafka: {
    image: `docker.io/apache/kafka:${KAFKA_VERSION}`,
    parent: 'debian',
    inputs: [KAFKA_VERSION],
    prepare(context) {
      const libs = kafkaImageLibs();
      cpSync(libs, path.join(context, 'libs'), { recursive: true });
    },
  },
  maildev: { image: 'docker.io/maildev/maildev:2.2.1', parent: 'node' },
};

const recipeDir = (/** @type {string} */ name) => path.join(here, 'bases', name);

/**
 * @param {string} dir
 * @returns {string[]}
 */
function filesOf(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((entry) => path.join(dir, /** @type {string} */ (entry)))
    .filter((file) => statSync(file).isFile())
    .sort();
}

/** @type {Map<string, string>} */
const hashes = new Map();
/**
 * The recipe's hash: its files, its inputs (versions), this script's builder and its parent's hash.
 * @param {string} name
 * @returns {string}
 */
export function recipeHash(name) {
  if (hashes.has(name)) return /** @type {string} */ (hashes.get(name));
  const base = /** @type {BaseRecipe} */ (BASES[name]);
  const hash = createHash('sha256');
  hash.update(`${name}\n${base.image}\n${(base.inputs ?? []).join(',')}\n`);
  if (name === 'debian') {
    hash.update(`${DEBIAN_SUITE} ${DEBIAN_MIRROR}\n${debianRootfsScript()}`);
    if (HOST_CA_BUNDLE) hash.update(readFileSync(HOST_CA_BUNDLE));
  }
  for (const file of filesOf(recipeDir(name))) {
    hash.update(path.relative(here, file));
    hash.update(readFileSync(file));
  }
  if (base.parent) hash.update(recipeHash(base.parent));
  const value = hash.digest('hex').slice(0, 16);
  hashes.set(name, value);
  return value;
}

/**
 * Builds (or finds current) the named bases and what they are built on.
 * @param {string[]} [names]
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function ensureBases(names = Object.keys(BASES), { log = console.log } = {}) {
  /** @type {Set<string>} */
  const wanted = new Set();
  /** @param {string} name */
  const want = (name) => {
    if (!BASES[name])
      throw new Error(`unknown base image "${name}" (known: ${Object.keys(BASES).join(', ')})`);
    if (/** @type {BaseRecipe} */ (BASES[name]).parent)
      want(/** @type {string} */ (/** @type {BaseRecipe} */ (BASES[name]).parent));
    wanted.add(name);
  };
  names.forEach(want);
  for (const name of Object.keys(BASES).filter((each) => wanted.has(each))) {
    const base = /** @type {BaseRecipe} */ (BASES[name]);
    const hash = recipeHash(name);
    if (imageLabel(base.image, RECIPE_LABEL) === hash) continue;
    const started = Date.now();
    log(`▸ base image ${base.image} (recipe ${hash})`);
    if (name === 'debian') await buildDebian(base.image, hash);
    else await buildFromRecipe(name, base, hash);
    log(`  built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

function debianRootfsScript() {
  // Trimmed like the official slim image: no documentation, manuals or translations; recommends off.
  return [
    'path-exclude /usr/share/doc/*',
    'path-include /usr/share/doc/*/copyright',
    'path-exclude /usr/share/man/*',
    'path-exclude /usr/share/locale/*',
    'path-exclude /usr/share/info/*',
  ].join('\n');
}

/**
 * @param {string} image
 * @param {string} hash
 */
async function buildDebian(image, hash) {
  const work = path.join(cacheDir(), 'images', `debian-${DEBIAN_SUITE}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.dirname(work), { recursive: true });
  execFileSync('debootstrap', ['--variant=minbase', DEBIAN_SUITE, work, DEBIAN_MIRROR], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  writeFileSync(path.join(work, 'etc/dpkg/dpkg.cfg.d/slim'), `${debianRootfsScript()}\n`);
  writeFileSync(
    path.join(work, 'etc/apt/apt.conf.d/docker-no-recommends'),
    'APT::Install-Recommends "false";\n',
  );
  const mirror = DEBIAN_MIRROR.replace(/\/debian\/?$/, '');
  rmSync(path.join(work, 'etc/apt/sources.list'), { force: true });
  writeFileSync(
    path.join(work, 'etc/apt/sources.list.d/debian.sources'),
    `Types: deb\nURIs: ${mirror}/debian\nSuites: ${DEBIAN_SUITE} ${DEBIAN_SUITE}-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\n` +
      `Types: deb\nURIs: ${mirror}/debian-security\nSuites: ${DEBIAN_SUITE}-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`,
  );
  for (const dir of [
    'var/cache/apt/archives',
    'var/lib/apt/lists',
    'usr/share/doc',
    'usr/share/man',
    'usr/share/info',
    'usr/share/locale',
  ]) {
    for (const entry of existsSync(path.join(work, dir)) ? readdirSync(path.join(work, dir)) : []) {
      if (entry === 'partial' || entry === 'lock') continue;
      rmSync(path.join(work, dir, entry), { recursive: true, force: true });
    }
  }
  if (HOST_CA_BUNDLE) cpSync(HOST_CA_BUNDLE, path.join(work, IMAGE_CA_BUNDLE.slice(1)));
  const tarball = `${work}.tar`;
  execFileSync('tar', ['--numeric-owner', '-C', work, '-cf', tarball, '.']);
  podman([
    'import',
    '--change',
    `LABEL ${RECIPE_LABEL}=${hash}`,
    '--change',
    'CMD ["bash"]',
    '--change',
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    ...(HOST_CA_BUNDLE ? ['--change', `ENV NODE_EXTRA_CA_CERTS=${IMAGE_CA_BUNDLE}`] : []),
    tarball,
    image,
  ]);
  rmSync(work, { recursive: true, force: true });
  rmSync(tarball, { force: true });
}

/**
 * @param {string} name
 * @param {BaseRecipe} base
 * @param {string} hash
 */
async function buildFromRecipe(name, base, hash) {
  const context = path.join(cacheDir(), 'images', `context-${name}`);
  rmSync(context, { recursive: true, force: true });
  cpSync(recipeDir(name), context, { recursive: true });
  base.prepare?.(context);
  await podmanStreaming([
    'build',
    '--pull=never',
    '--format=docker',
    ...buildUlimitArgs(),
    '--label',
    `${RECIPE_LABEL}=${hash}`,
    '-f',
    path.join(context, 'Containerfile'),
    '-t',
    base.image,
    context,
  ]);
  rmSync(context, { recursive: true, force: true });
}

/** The broker's and its tools' jars (Maven Central), cached like the local runner's. */
function kafkaImageLibs() {
  const libs = path.join(cacheDir(), `kafka-image-${KAFKA_VERSION}`, 'libs');
  if (existsSync(path.join(libs, `kafka-tools-${KAFKA_VERSION}.jar`))) return libs;
  const partial = `${libs}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  execFileSync(
    'mvn',
    [
      '-q',
      '-B',
      '-f',
      path.join(here, 'bases/kafka/pom.xml'),
      `-Dkafka.version=${KAFKA_VERSION}`,
      'dependency:copy-dependencies',
      '-DincludeScope=runtime',
      `-DoutputDirectory=${partial}`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  rmSync(libs, { recursive: true, force: true });
  mkdirSync(path.dirname(libs), { recursive: true });
  cpSync(partial, libs, { recursive: true });
  rmSync(partial, { recursive: true, force: true });
  return libs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureBases(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
}
