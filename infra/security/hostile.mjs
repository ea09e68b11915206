// Suite: hostile values on every route of the gateway's merged OpenAPI. Each operation is called with
// a body built from its schema where, one field at a time, a number is 1e309, -1e309, 1e300, 2^53+1
// or the largest and smallest its schema accepts (written raw into the JSON text: JSON.stringify
// cannot write 1e309), a string is 100,000 characters or the longest its schema accepts; then one
// body nested 5,000 deep; path and query parameters get the same numbers as text and a 10,000-character
// string. As the admin and signed out. Any 5xx, any refusal outside the one error shape, or a call
// with no answer, fails the suite.
import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import { isErrorShape } from './lib.mjs';
import { EXCLUDED } from './schemathesis.mjs';

const SUITE = 'hostile';
const API = '/api/v1';
/** The services whose public routes the gateway's document must carry. */
const SERVICES = ['identity', 'catalogue', 'booking', 'commerce', 'billing', 'notification'];
/** The demo admin identity seeds (SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD). */
const ADMIN = {
  email: process.env.SEED_ADMIN_EMAIL ?? 'admin@spa.local',
  password: process.env.SEED_ADMIN_PASSWORD ?? 'Admin@12345',
};

/**
 * Operations the admin's run leaves out, beyond schemathesis's (EXCLUDED.admin): a wrong password
 * sent to delete the admin's own account counts against its sign-ins in the Redis every stack shares.
 * @type {Array<[string, string, string]>}
 */
const ALSO_EXCLUDED = [
  ['DELETE', '/auth/me', "a wrong password for the run's own admin counts against its sign-ins"],
];

const HUGE_NUMBERS = ['1e309', '-1e309', '1e300', String(2 ** 53 + 1)];
const LONG_STRING = 'x'.repeat(100_000);
const LONG_PARAMETER = 'p'.repeat(10_000);
const DEPTH = 5_000;
/** What the kit gives a schema that declares no limit (services/kit/src/http/validation.ts). */
const KIT_DEFAULTS = {
  integer: { minimum: -2_147_483_648, maximum: 2_147_483_647 },
  number: { minimum: -1e13, maximum: 1e13 },
  maxLength: 10_000,
};
/** Characters of one, two, three and four bytes in UTF-8, in a mix that does not compress. */
const MIXED = ['a', 'Z', '7', 'é', 'ß', 'न', 'म', '₹', '😀', ' ', '"', '\\'];

/** @typedef {Record<string, any>} Schema */
/** @typedef {{ method: string, path: string, body?: string, role: 'admin' | 'anonymous', what: string }} Case */

/**
 * One call from `localAddress`, a loopback address of this run's own: identity counts failed
 * sign-ins per client address in the Redis every stack on this machine shares, and this run's wrong
 * passwords (a plausible login body with a long password) must not lock 127.0.0.1 for the others.
 * @param {http.Agent} agent
 * @param {string} base
 * @param {{ method: string, path: string, token?: string, body?: string }} request
 * @returns {Promise<{ status: number, text: string, json: unknown }>}
 */
function send(agent, base, { method, path, token, body }) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: hostname,
        port,
        path,
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          // Always a length: Node sends a DELETE's body with neither it nor chunked encoding.
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
        timeout: 15_000,
      },
      (response) => {
        // A stream of server-sent events does not end: its status is the answer.
        if (response.headers['content-type']?.startsWith('text/event-stream')) {
          response.destroy();
          return resolve({ status: response.statusCode ?? 0, text: '', json: undefined });
        }
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part) => (text += part));
        response.on('error', reject);
        response.on('end', () => {
          /** @type {unknown} */
          let json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, text, json });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in 15 s')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The gateway's merged OpenAPI. A service too busy to answer the gateway within its 2 seconds is
 * left out of it for DOCS_REFRESH_MS (30 s): then it is asked again, twice at most.
 * @param {http.Agent} agent
 * @param {string} base
 * @returns {Promise<any>}
 */
async function mergedDocument(agent, base) {
  for (let attempt = 1; ; attempt++) {
    const document = /** @type {any} */ (
      (await send(agent, base, { method: 'GET', path: '/api/openapi.json' })).json
    );
    if (!document?.paths) throw new Error('the gateway served no OpenAPI document at /api/openapi.json');
    const complete = SERVICES.every((service) =>
      document.tags?.some((/** @type {any} */ tag) => tag.name === service),
    );
    if (complete || attempt === 3) return document;
    await new Promise((resolve) => setTimeout(resolve, 31_000));
  }
}

/** @param {string} base */
function assertLoopback(base) {
  const { hostname } = new URL(base);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname) && !hostname.startsWith('127.'))
    throw new Error(`the hostile run only calls loopback stacks, not ${base}`);
}

/**
 * @param {Schema} document
 * @param {unknown} schema
 * @returns {Schema}
 */
function resolve(document, schema, seen = 0) {
  if (!schema || typeof schema !== 'object') return {};
  const ref = /** @type {Schema} */ (schema).$ref;
  if (typeof ref !== 'string' || seen > 20) return /** @type {Schema} */ (schema);
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);
  return resolve(document, target, seen + 1);
}

/**
 * The non-null types a schema allows.
 * @param {Schema} schema
 * @returns {string[]}
 */
function typesOf(schema) {
  if (Array.isArray(schema.type)) return schema.type.filter((type) => type !== 'null');
  if (typeof schema.type === 'string') return schema.type === 'null' ? [] : [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

/**
 * The first of a oneOf/anyOf that is not just null, merged with an allOf.
 * @param {Schema} document
 * @param {Schema} schema
 * @returns {Schema}
 */
function flatten(document, schema) {
  let flat = resolve(document, schema);
  if (Array.isArray(flat.allOf))
    flat = flat.allOf.reduce(
      (merged, part) => {
        const one = flatten(document, part);
        return {
          ...merged,
          ...one,
          properties: { ...merged.properties, ...one.properties },
          required: [...(merged.required ?? []), ...(one.required ?? [])],
        };
      },
      { ...flat, allOf: undefined },
    );
  const options = flat.oneOf ?? flat.anyOf;
  if (Array.isArray(options)) {
    const first = options.map((option) => resolve(document, option)).find((o) => typesOf(o).length) ?? {};
    flat = { ...flat, oneOf: undefined, anyOf: undefined, ...flatten(document, first) };
  }
  return flat;
}

/** Text a `pattern` accepts, from a few shapes the API's patterns take, or undefined. */
const PATTERN_CANDIDATES = [
  '10:00',
  '2028-06-15',
  '+919876543210',
  '9876543210',
  '452010',
  'ABCDE1234F',
  'abc',
  'Abc-123',
  'x',
  '1',
];

/**
 * A plausible value for a schema (what a form would send), so that the one hostile field is what
 * the route meets.
 * @param {Schema} document
 * @param {Schema} raw
 * @param {number} depth
 * @returns {unknown}
 */
function plausible(document, raw, depth = 0) {
  const schema = flatten(document, raw);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? null;
  if (schema.default !== undefined) return schema.default;
  const [type] = typesOf(schema);
  switch (type) {
    case 'string':
      return plausibleString(schema);
    case 'integer':
    case 'number': {
      const minimum = schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
      return Math.min(Math.max(minimum, 1), schema.maximum ?? Infinity);
    }
    case 'boolean':
      return false;
    case 'array': {
      if (depth > 6) return [];
      const count = Math.max(1, schema.minItems ?? 0);
      return Array.from({ length: count }, () => plausible(document, schema.items ?? {}, depth + 1));
    }
    case 'object': {
      if (depth > 6) return {};
      /** @type {Record<string, unknown>} */
      const object = {};
      for (const [name, property] of Object.entries(schema.properties ?? {}))
        object[name] = plausible(document, property, depth + 1);
      return object;
    }
    default:
      return null;
  }
}

/** @param {Schema} schema */
function plausibleString(schema) {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return `hostile.${randomUUID().slice(0, 8)}@security.test`;
    case 'date':
      return '2028-06-15';
    case 'date-time':
      return '2028-06-15T10:00:00.000Z';
    case 'time':
      return '10:00:00';
    case 'uri':
    case 'url':
      return 'https://example.com/hostile';
  }
  const minLength = schema.minLength ?? 1;
  if (typeof schema.pattern === 'string') {
    let pattern;
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      pattern = undefined;
    }
    const fits = PATTERN_CANDIDATES.find(
      (text) =>
        pattern?.test(text) && text.length >= minLength && text.length <= (schema.maxLength ?? Infinity),
    );
    if (fits) return fits;
  }
  return 'Hostile'.padEnd(Math.min(Math.max(minLength, 7), schema.maxLength ?? 7), 'x');
}

/**
 * Every number, integer and string in a plausible value, with the path to it and its schema.
 * @param {Schema} document
 * @param {Schema} raw
 * @param {unknown} value
 * @param {Array<string | number>} path
 * @returns {Array<{ path: Array<string | number>, schema: Schema, types: string[] }>}
 */
function leaves(document, raw, value, path = []) {
  const schema = flatten(document, raw);
  const types = typesOf(schema);
  if (Array.isArray(value)) {
    const items = schema.items ?? {};
    return value.length ? leaves(document, items, value[0], [...path, 0]) : [];
  }
  if (value && typeof value === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
      leaves(document, property, /** @type {Record<string, unknown>} */ (value)[name], [...path, name]),
    );
  const scalar = types.filter((type) => ['number', 'integer', 'string'].includes(type));
  return scalar.length && path.length ? [{ path, schema, types: scalar }] : [];
}

/**
 * The hostile texts for one field, each as raw JSON.
 * @param {Schema} schema
 * @param {string[]} types
 */
function hostileJson(schema, types) {
  /** @type {string[]} */
  const texts = [];
  if (types.includes('number') || types.includes('integer')) {
    const limits = types.includes('number') ? KIT_DEFAULTS.number : KIT_DEFAULTS.integer;
    texts.push(
      ...HUGE_NUMBERS,
      // The edges the schema (or the kit's default) accepts: what reaches the service's own code.
      String(schema.maximum ?? limits.maximum),
      String(schema.minimum ?? limits.minimum),
    );
  }
  if (types.includes('string')) {
    const longest = Math.min(schema.maxLength ?? KIT_DEFAULTS.maxLength, KIT_DEFAULTS.maxLength);
    const edge = Array.from({ length: longest }, (_, i) => MIXED[(i * 7 + (i >> 3)) % MIXED.length]).join('');
    texts.push(JSON.stringify(LONG_STRING), JSON.stringify(edge));
  }
  return [...new Set(texts)];
}

/**
 * `value` as JSON text with the field at `path` replaced by raw JSON text.
 * @param {unknown} value
 * @param {Array<string | number>} path
 * @param {string} raw
 */
function withRawAt(value, path, raw) {
  const marker = `__hostile_${randomUUID()}__`;
  const copy = structuredClone(value);
  /** @type {any} */
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[/** @type {string | number} */ (path.at(-1))] = marker;
  return JSON.stringify(copy).replace(JSON.stringify(marker), raw);
}

/**
 * @param {string} template the OpenAPI path
 * @param {Record<string, string>} values
 */
const fill = (template, values) =>
  template.replace(/\{(\w+)\}/g, (_match, /** @type {string} */ name) =>
    encodeURIComponent(values[name] ?? randomUUID()),
  );

/**
 * Every case of one operation.
 * @param {Schema} document
 * @param {string} method
 * @param {string} path
 * @param {Schema} operation
 * @param {'admin' | 'anonymous'} role
 * @returns {Case[]}
 */
function casesOf(document, method, path, operation, role) {
  const parameters = /** @type {Schema[]} */ (
    (operation.parameters ?? []).map((/** @type {unknown} */ p) => resolve(document, p))
  );
  const pathParameters = parameters.filter((p) => p.in === 'path');
  const queryParameters = parameters.filter((p) => p.in === 'query');
  /** @type {Record<string, string>} */
  const plausiblePath = Object.fromEntries(
    pathParameters.map((p) => [p.name, String(plausible(document, p.schema ?? {}))]),
  );
  /** @type {Record<string, string>} */
  const plausibleQuery = Object.fromEntries(
    queryParameters
      .filter((p) => p.required)
      .map((p) => [p.name, String(plausible(document, p.schema ?? {}))]),
  );
  const query = (/** @type {Record<string, string>} */ values) => {
    const text = new URLSearchParams(values).toString();
    return text ? `?${text}` : '';
  };
  const url = fill(path, plausiblePath) + query(plausibleQuery);
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? plausible(document, bodySchema) : undefined;
  const plainBody = body === undefined ? undefined : JSON.stringify(body);
  /** @type {Case[]} */
  const cases = [];
  const add = (
    /** @type {string} */ what,
    /** @type {string} */ target,
    /** @type {string | undefined} */ text,
  ) => cases.push({ method, path: target, body: text, role, what });

  if (bodySchema) {
    for (const leaf of leaves(document, bodySchema, body))
      for (const raw of hostileJson(leaf.schema, leaf.types))
        add(`${leaf.path.join('.')}=${raw.slice(0, 24)}`, url, withRawAt(body, leaf.path, raw));
    const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
    const first = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body)[0] : undefined;
    add(
      `body nested ${DEPTH} deep`,
      url,
      first ? withRawAt(body, [first], deepObject) : `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
    );
    add(`bare arrays nested ${DEPTH} deep`, url, `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`);
  }
  for (const parameter of pathParameters)
    for (const value of [...HUGE_NUMBERS, LONG_PARAMETER])
      add(
        `{${parameter.name}}=${value.slice(0, 24)}`,
        fill(path, { ...plausiblePath, [parameter.name]: value }) + query(plausibleQuery),
        plainBody,
      );
  for (const parameter of queryParameters)
    for (const value of [...HUGE_NUMBERS, LONG_PARAMETER])
      add(
        `?${parameter.name}=${value.slice(0, 24)}`,
        fill(path, plausiblePath) + query({ ...plausibleQuery, [parameter.name]: value }),
        plainBody,
      );
  return cases;
}

/**
 * @param {string} base the gateway (loopback)
 * @param {import('./lib.mjs').Verdicts} verdicts
 * @param {{ maxRequests?: number, seconds?: number, concurrency?: number }} [budget]
 */
export async function runHostile(base, verdicts, budget = {}) {
  assertLoopback(base);
  const { maxRequests = 20_000, seconds = 240, concurrency = 6 } = budget;
  const localAddress = `127.${randomInt(1, 250)}.${randomInt(0, 250)}.${randomInt(2, 250)}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, localAddress });
  try {
    await hostileCalls(base, verdicts, { agent, maxRequests, seconds, concurrency });
  } finally {
    agent.destroy();
  }
}

/**
 * @param {string} base
 * @param {import('./lib.mjs').Verdicts} verdicts
 * @param {{ agent: http.Agent, maxRequests: number, seconds: number, concurrency: number }} options
 */
async function hostileCalls(base, verdicts, { agent, maxRequests, seconds, concurrency }) {
  const signIn = await send(agent, base, {
    method: 'POST',
    path: `${API}/auth/login`,
    body: JSON.stringify(ADMIN),
  });
  const adminToken = /** @type {any} */ (signIn.json)?.data?.token;
  if (!adminToken)
    throw new Error(`the demo admin could not sign in: ${signIn.status} ${signIn.text.slice(0, 200)}`);
  const document = await mergedDocument(agent, base);
  const missing = SERVICES.filter(
    (service) => !document.tags?.some((/** @type {any} */ tag) => tag.name === service),
  );
  verdicts.record(
    SUITE,
    "the gateway's merged OpenAPI has every service's operations",
    missing.length === 0,
    missing.length ? `missing: ${missing.join(', ')} (their routes went untested)` : undefined,
  );
  const excluded = new Set(
    [...EXCLUDED.admin, ...ALSO_EXCLUDED].map(([method, path]) => `${method} ${API}${path}`),
  );
  /** @type {Case[]} */
  const cases = [];
  let operations = 0;
  for (const role of /** @type {const} */ (['admin', 'anonymous']))
    for (const [path, item] of Object.entries(/** @type {Record<string, Schema>} */ (document.paths)))
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        if (role === 'admin' && excluded.has(`${method.toUpperCase()} ${path}`)) continue;
        operations++;
        cases.push(...casesOf(document, method.toUpperCase(), path, operation, role));
      }

  const deadline = Date.now() + seconds * 1000;
  const planned = Math.min(cases.length, maxRequests);
  /** @type {Map<string, string>} */
  const serverErrors = new Map();
  /** @type {Map<string, string>} */
  const offShape = new Map();
  /** @type {Record<string, number>} */
  const statuses = {};
  let sent = 0;
  let next = 0;
  const worker = async () => {
    while (next < planned && Date.now() < deadline) {
      const one = /** @type {Case} */ (cases[next++]);
      const key = `${one.role} ${one.method} ${one.path.split('?')[0]?.slice(0, 80)} [${one.what}]`;
      /** @type {{ status: number, text: string, json: unknown } | undefined} */
      let answer;
      try {
        answer = await send(agent, base, {
          method: one.method,
          path: one.path,
          token: one.role === 'admin' ? adminToken : undefined,
          body: one.body,
        });
      } catch (error) {
        serverErrors.set(key, `no answer: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      } finally {
        sent++;
      }
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status >= 500) serverErrors.set(key, `${answer.status} ${answer.text.slice(0, 160)}`);
      else if (answer.status >= 400 && answer.status !== 405 && !isErrorShape(answer.json))
        offShape.set(key, `${answer.status} ${answer.text.slice(0, 160)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));

  const summary = Object.entries(statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  const list = (/** @type {Map<string, string>} */ found) =>
    [...found]
      .slice(0, 12)
      .map(([key, detail]) => `${key} → ${detail}`)
      .join(' | ');
  verdicts.record(
    SUITE,
    'no 5xx (or no answer) for huge or non-finite numbers, long strings and deep bodies on any route',
    serverErrors.size === 0,
    serverErrors.size ? `${serverErrors.size} cases: ${list(serverErrors)}` : `${sent} calls: ${summary}`,
  );
  verdicts.record(
    SUITE,
    'every refusal in the one error shape',
    offShape.size === 0,
    offShape.size ? `${offShape.size} cases: ${list(offShape)}` : `${sent} calls`,
  );
  verdicts.record(
    SUITE,
    `every case of ${operations} operations (admin and signed out) sent within the budget`,
    sent === cases.length,
    `${sent} of ${cases.length} cases (at most ${maxRequests} calls, ${seconds} s)`,
  );
  for (const [key, detail] of [...serverErrors, ...offShape].slice(0, 80))
    console.log(`    ${key} → ${detail}`);
}
