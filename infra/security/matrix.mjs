// Suite 1: the permission matrix. Every route of the merged OpenAPI (and the gateway's own) is called
// by every role with real path parameters; each answer is compared with the table in expectations.mjs.
import { call, isErrorShape, signIn } from './lib.mjs';
import { expectedFor, GATEWAY_OWN_ANSWERS, INTERNAL_PATHS, ROLES, ROUTE_TABLE } from './expectations.mjs';

/** @typedef {import('./expectations.mjs').Route} Route */
/** @typedef {import('./expectations.mjs').Role} Role */
/** @typedef {import('./expectations.mjs').Fixtures} Fixtures */

const SUITE = 'matrix';
const BUSINESS_REFUSALS = new Set([400, 409, 422]);
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Every "METHOD /path" the gateway documents, and the paths each service documents but the gateway drops.
 * @param {string} base
 */
async function documentedRoutes(base) {
  const merged = (await call(base, 'GET', '/api/openapi.json')).json;
  /** @type {string[]} */
  const routes = [];
  for (const [path, operations] of Object.entries(merged.paths ?? {}))
    for (const method of Object.keys(/** @type {object} */ (operations)))
      routes.push(`${method.toUpperCase()} ${path}`);
  return routes;
}

/**
 * @param {string} path
 * @param {Record<string, string | number | undefined>} params
 */
function fill(path, params) {
  return path.replace(/\{(\w+)\}/g, (_match, /** @type {string} */ name) => {
    if (params[name] === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(/** @type {string | number} */ (params[name]));
  });
}

/**
 * The route's path with its real parameters, and its query string when it has one.
 * @param {string} path
 * @param {Route} route
 * @param {Fixtures} fixtures
 */
function urlOf(path, route, fixtures) {
  const url = fill(path, route.params?.(fixtures) ?? {});
  const query = route.query?.(fixtures);
  return query
    ? `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => /** @type {[string, string]} */ ([k, String(v)])))}`
    : url;
}

/**
 * @param {string} base
 * @param {Role} role
 * @param {Route} route
 * @param {Fixtures} fixtures
 */
async function sessionFor(base, role, route, fixtures) {
  if (role === 'anonymous') return undefined;
  const session = fixtures.sessions[role];
  // A route that revokes the caller's token gets a token of its own.
  return route.freshToken ? signIn(base, session.email, session.password) : session;
}

/**
 * @param {import('./expectations.mjs').Expected} expected
 * @param {number} status
 * @param {Route} route
 */
function meets(expected, status, route) {
  if (expected === 'ok')
    return (
      (status >= 200 && status < 300) ||
      BUSINESS_REFUSALS.has(status) ||
      (route.allow404 && status === 404) ||
      (route.multipart && (status === 413 || status === 415))
    );
  return status === expected;
}

/**
 * A positive control's problem, if any: the role must succeed (2xx, not a business refusal) and the
 * answer (its body, or for a file its Content-Disposition) must hold each of the fixture's values.
 * Without it a refusal for everyone else proves nothing: the resource might not exist at all.
 * @param {import('./expectations.mjs').Expected} expected
 * @param {import('./lib.mjs').Answer} answer
 * @param {string | string[]} shown
 */
function controlProblem(expected, answer, shown) {
  if (expected !== 'ok') return `the table refuses this role (${expected}) yet names a positive control`;
  if (answer.status < 200 || answer.status >= 300)
    return `positive control: expected a 2xx with the fixture, got ${answer.status} ${answer.text.slice(0, 160)}`;
  const values = [shown].flat();
  if (values.some((value) => typeof value !== 'string')) return 'positive control: the fixture has no value';
  const answered = `${answer.headers.get('content-disposition') ?? ''}\n${answer.text}`;
  const absent = values.filter((value) => !answered.includes(value));
  return absent.length
    ? `positive control: the answer does not hold ${absent.join(', ')}: ${answer.text.slice(0, 160)}`
    : undefined;
}

/** @param {string} base @param {Fixtures} fixtures @param {import('./lib.mjs').Verdicts} verdicts */
export async function runMatrix(base, fixtures, verdicts) {
  const documented = await documentedRoutes(base);
  const covered = new Set(Object.keys(ROUTE_TABLE));
  const missing = documented.filter((route) => !covered.has(route));
  verdicts.record(
    SUITE,
    'every documented route is in the expectation table',
    missing.length === 0,
    missing.length ? `not covered: ${missing.join(', ')}` : `${documented.length} routes`,
  );
  const stale = [...covered].filter(
    (route) => !documented.includes(route) && !(/** @type {Route} */ (ROUTE_TABLE[route]).gateway),
  );
  verdicts.record(
    SUITE,
    'every table entry is a documented route',
    stale.length === 0,
    stale.length ? `not documented: ${stale.join(', ')}` : undefined,
  );

  /** @type {Array<{ route: string, access: string, statuses: Record<string, number> }>} */
  const rows = [];
  /** @type {Array<[string, Route, string]>} */
  const rounds = Object.entries(ROUTE_TABLE).flatMap(([key, route]) => [
    /** @type {[string, Route, string]} */ ([key, route, key]),
    // Further rounds of the same route with another body and the answers that body must get.
    ...(route.variants ?? []).map(
      (variant) =>
        /** @type {[string, Route, string]} */ ([
          key,
          { ...route, ...variant, variants: undefined },
          `${key} (${variant.label})`,
        ]),
    ),
  ]);
  for (const [key, route, name] of rounds) {
    if (stale.includes(key)) continue;
    const [method, path] = /** @type {[string, string]} */ (key.split(' '));
    const url = urlOf(path, route, fixtures);
    /** @type {string[]} */
    const problems = [];
    /** @type {Record<string, number>} */
    const seen = {};
    const controls = route.shows?.(fixtures) ?? {};
    for (const role of ROLES) {
      const who = await sessionFor(base, role, route, fixtures);
      /** @type {import('./lib.mjs').CallOptions} */
      const options = { token: who?.token, headers: route.headers?.(fixtures, role) };
      if (route.multipart) {
        const form = new FormData();
        form.append('image', new Blob([TINY_PNG], { type: 'image/png' }), 'matrix.png');
        options.raw = form;
      } else if (route.body) options.body = route.body(fixtures, who);
      else if (method !== 'GET' && method !== 'DELETE') options.body = {};
      const answer = await call(base, method, url, options);
      const expected = expectedFor(route, role, fixtures);
      seen[role] = answer.status;
      const shown = controls[role];
      const control = shown === undefined ? undefined : controlProblem(expected, answer, shown);
      if (answer.status >= 500) problems.push(`${role}: ${answer.status} ${answer.text.slice(0, 160)}`);
      else if (!meets(expected, answer.status, route))
        problems.push(`${role}: expected ${expected}, got ${answer.status} ${answer.text.slice(0, 160)}`);
      else if (control) problems.push(`${role}: ${control}`);
      else if (answer.status >= 400 && !isErrorShape(answer.json))
        problems.push(`${role}: ${answer.status} not in the error shape: ${answer.text.slice(0, 160)}`);
    }
    rows.push({ route: name, access: route.access, statuses: seen });
    const controlled = Object.keys(controls);
    verdicts.record(
      SUITE,
      `${name} [${route.access}]`,
      problems.length === 0,
      problems.length
        ? problems.join(' | ')
        : ROLES.map((role) => `${role} ${seen[role]}`).join(', ') +
            (controlled.length ? `; the fixture shown to ${controlled.join(', ')}` : ''),
    );
  }

  // Guards come before validation: a bad body tells a caller without the right nothing about the rules.
  const early = [];
  for (const [key, route] of Object.entries(ROUTE_TABLE)) {
    const [method, path] = /** @type {[string, string]} */ (key.split(' '));
    if (method === 'GET' || route.access === 'public' || route.multipart || stale.includes(key)) continue;
    const url = urlOf(path, route, fixtures);
    const anonymous = await call(base, method, url, { body: { unexpected: true } });
    if (anonymous.status !== 401) early.push(`${key} signed out → ${anonymous.status}`);
    // Wherever the table refuses a customer with 403 (admin, staff and desk routes): 403 still.
    if (expectedFor(route, 'customerB', fixtures) === 403) {
      const customer = await call(base, method, url, {
        token: fixtures.sessions.customerB.token,
        body: { unexpected: true },
      });
      if (customer.status !== 403) early.push(`${key} customer → ${customer.status}`);
    }
  }
  verdicts.record(
    SUITE,
    'a bad body from a caller without access → 401/403, not 400',
    early.length === 0,
    early.join(' | '),
  );

  // Service-internal paths are never reachable through the gateway, signed in as admin or not.
  const leaks = [];
  for (const path of INTERNAL_PATHS)
    for (const prefix of ['/api/v1', '/api/v1/auth/..', '']) {
      for (const token of [undefined, fixtures.sessions.admin.token]) {
        const answer = await call(base, 'GET', `${prefix}${path}`, { token });
        const isSpa = answer.headers.get('content-type')?.startsWith('text/html');
        if (answer.status === 404 || isSpa) continue;
        const own = prefix === '' ? GATEWAY_OWN_ANSWERS[path] : undefined;
        const body = own === undefined ? undefined : answer.text;
        if (own !== undefined && answer.status === 200 && body === JSON.stringify(own)) continue;
        leaks.push(`${prefix}${path} → ${answer.status}${body === undefined ? '' : ` ${body}`}`);
      }
    }
  verdicts.record(
    SUITE,
    'service-internal paths are not reachable through the gateway',
    leaks.length === 0,
    leaks.join(', ') || `${INTERNAL_PATHS.length} paths`,
  );
  return rows;
}
