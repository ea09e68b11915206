// Offline validation tools for the deployment files: kustomize and kubeconform built from the Go module
// proxy, and Kubernetes JSON schemas generated from the OpenAPI document inside the k8s.io/kubernetes Go
// module (kubeconform's default schema location is GitHub, which this machine cannot reach). Everything
// is cached under ~/.cache/spa-platform and installed once; every step has a time limit.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const KUBECONFORM_VERSION = 'v0.8.0';
export const KUSTOMIZE_VERSION = 'v5.8.1';
/** The Kubernetes release whose API the manifests are checked against. */
export const KUBERNETES_VERSION = 'v1.34.4';

const GO_INSTALL_TIMEOUT_MS = 10 * 60_000;
const GO_DOWNLOAD_TIMEOUT_MS = 5 * 60_000;
const TOOL_RUN_TIMEOUT_MS = 2 * 60_000;

export const cacheRoot = path.join(os.homedir(), '.cache', 'spa-platform');

/**
 * Builds a Go command into ~/.cache/spa-platform/<name> once. A marker file names the version, so a
 * version bump reinstalls and an interrupted install (no marker) is retried.
 * @param {{ name: string, module: string, version: string }} tool
 * @returns {string} the binary's path
 */
export function ensureGoTool({ name, module, version }) {
  const dir = path.join(cacheRoot, name);
  const binary = path.join(dir, name);
  const marker = path.join(dir, '.version');
  if (existsSync(binary) && existsSync(marker) && readFileSync(marker, 'utf8').trim() === version)
    return binary;
  mkdirSync(dir, { recursive: true });
  execFileSync('go', ['install', `${module}@${version}`], {
    env: { ...process.env, GOBIN: dir, GOFLAGS: '-mod=mod' },
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: GO_INSTALL_TIMEOUT_MS,
  });
  if (!existsSync(binary)) throw new Error(`go install ${module}@${version} did not produce ${binary}`);
  writeFileSync(marker, `${version}\n`);
  return binary;
}

export const ensureKubeconform = () =>
  ensureGoTool({
    name: 'kubeconform',
    module: 'github.com/yannh/kubeconform/cmd/kubeconform',
    version: KUBECONFORM_VERSION,
  });

export const ensureKustomize = () =>
  ensureGoTool({
    name: 'kustomize',
    module: 'sigs.k8s.io/kustomize/kustomize/v5',
    version: KUSTOMIZE_VERSION,
  });

/**
 * The schema directory for one Kubernetes release, generated once from its OpenAPI (swagger 2.0)
 * document: `go mod download` fetches the k8s.io/kubernetes module from the Go module proxy (the
 * document is api/openapi-spec/swagger.json in it). Written to a temporary folder and renamed, so a
 * half-written directory is never used.
 * @returns {string} the directory, for `-schema-location <dir>/{{.ResourceKind}}{{.KindSuffix}}.json`
 */
export function ensureKubernetesSchemas(version = KUBERNETES_VERSION) {
  const dir = path.join(cacheRoot, 'k8s-schemas', version);
  if (existsSync(path.join(dir, '.complete'))) return dir;
  const download = JSON.parse(
    execFileSync('go', ['mod', 'download', '-json', `k8s.io/kubernetes@${version}`], {
      cwd: os.tmpdir(),
      encoding: 'utf8',
      timeout: GO_DOWNLOAD_TIMEOUT_MS,
      maxBuffer: 16 * 1024 * 1024,
    }),
  );
  if (download.Error) throw new Error(`go mod download k8s.io/kubernetes@${version}: ${download.Error}`);
  const openapi = JSON.parse(readFileSync(path.join(download.Dir, 'api/openapi-spec/swagger.json'), 'utf8'));
  const schemas = kindSchemasFromOpenApi(openapi);
  const staging = `${dir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const [file, schema] of schemas) writeFileSync(path.join(staging, file), JSON.stringify(schema));
  writeFileSync(
    path.join(staging, '.complete'),
    `${schemas.size} schemas from k8s.io/kubernetes@${version}\n`,
  );
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return dir;
}

const DEFINITION_REF = '#/definitions/';
// Quantities are written as numbers as often as strings (`cpu: 1`, `memory: 512Mi`).
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';

/**
 * Converts a Kubernetes swagger document into kubeconform's layout, like openapi2jsonschema does: one
 * self-contained schema per kind and version, `{kind}-{group}-{version}.json` (lower case, the first
 * label of the group, no group for the core API), strict: every object with declared properties
 * refuses undeclared ones, int-or-string fields take either. Each file carries the definitions it
 * references, so recursive types stay references instead of being expanded forever.
 * @param {{ definitions: Record<string, any> }} openapi
 * @returns {Map<string, object>} file name → schema
 */
export function kindSchemasFromOpenApi(openapi) {
  const definitions = Object.fromEntries(
    Object.entries(openapi.definitions).map(([name, schema]) => [name, strictSchema(name, schema)]),
  );
  const files = new Map();
  for (const [name, schema] of Object.entries(definitions)) {
    for (const gvk of openapi.definitions[name]['x-kubernetes-group-version-kind'] ?? []) {
      const group = gvk.group ? `-${gvk.group.split('.')[0]}` : '';
      const file = `${gvk.kind}${group}-${gvk.version}.json`.toLowerCase();
      const apiVersion = gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version;
      const root = structuredClone(schema);
      // Pin the document to its kind and API version, as the published strict schemas do.
      if (root.properties?.apiVersion) root.properties.apiVersion = { type: 'string', enum: [apiVersion] };
      if (root.properties?.kind) root.properties.kind = { type: 'string', enum: [gvk.kind] };
      root.$schema = 'http://json-schema.org/draft-04/schema#';
      root.definitions = referencedDefinitions(schema, definitions);
      files.set(file, root);
    }
  }
  return files;
}

/** @param {string} name @param {any} schema */
function strictSchema(name, schema) {
  if (name === QUANTITY) return { oneOf: [{ type: 'string' }, { type: 'number' }] };
  return transform(structuredClone(schema));
}

/**
 * @param {any} node
 * @returns {any}
 */
function transform(node) {
  if (Array.isArray(node)) return node.map(transform);
  if (!node || typeof node !== 'object') return node;
  if (node.format === 'int-or-string') return { oneOf: [{ type: 'string' }, { type: 'integer' }] };
  /** @type {Record<string, any>} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    // Property names are data, not keywords: transform their schemas, never the map itself.
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value).map(([prop, schema]) => [prop, transform(schema)]))
        : transform(value);
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/**
 * Every definition reachable from a schema, by name.
 * @param {unknown} schema
 * @param {Record<string, unknown>} definitions
 * @returns {Record<string, unknown>}
 */
function referencedDefinitions(schema, definitions) {
  /** @type {Record<string, unknown>} */
  const found = {};
  /** @type {any[]} */
  const pending = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (node && typeof node === 'object') {
      const ref = node.$ref;
      if (typeof ref === 'string' && ref.startsWith(DEFINITION_REF)) {
        const target = ref.slice(DEFINITION_REF.length);
        if (!(target in found)) {
          if (!definitions[target]) throw new Error(`unresolved reference ${ref}`);
          found[target] = definitions[target];
          pending.push(definitions[target]);
        }
      }
      pending.push(...Object.values(node));
    }
  }
  return found;
}

/**
 * Renders a kustomization with the cached kustomize.
 * @param {string} kustomizationDir
 * @returns {string} the YAML stream
 */
export function kustomizeBuild(kustomizationDir) {
  return execFileSync(ensureKustomize(), ['build', kustomizationDir], {
    encoding: 'utf8',
    timeout: TOOL_RUN_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * Validates manifests (files or folders) with kubeconform against the generated schemas, strict: an
 * unknown field, a wrong type, a missing schema (an unknown kind or apiVersion) all fail.
 * @param {string[]} targets files or folders of YAML
 * @returns {{ ok: boolean, summary: { valid: number, invalid: number, errors: number, skipped: number },
 *   problems: string[], output: string }}
 */
export function kubeconform(targets) {
  const schemaDir = ensureKubernetesSchemas();
  const result = spawnSync(
    ensureKubeconform(),
    [
      '-strict',
      '-summary',
      '-output',
      'json',
      '-kubernetes-version',
      KUBERNETES_VERSION.slice(1),
      '-schema-location',
      `${schemaDir}/{{.ResourceKind}}{{.KindSuffix}}.json`,
      ...targets,
    ],
    { encoding: 'utf8', timeout: TOOL_RUN_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.error) throw result.error;
  const report = JSON.parse(result.stdout);
  const problems = (report.resources ?? [])
    .filter((/** @type {any} */ resource) => resource.status !== 'statusValid')
    .map(
      (/** @type {any} */ resource) =>
        `${resource.kind ?? '?'} ${resource.name ?? '?'} (${resource.filename}): ${resource.msg}`,
    );
  return {
    ok: result.status === 0 && report.summary.invalid === 0 && report.summary.errors === 0,
    summary: report.summary,
    problems,
    output: result.stdout,
  };
}
