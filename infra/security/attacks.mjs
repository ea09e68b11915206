// Suite 3 (API part): token tampering, oversize and malformed bodies, path traversal in uploads,
// security headers and CSP, refunds (who may, and never more than was captured), and the sign-in and
// password-reset rate limits.
import { generateKeyPairSync, createHmac, sign as signWith } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { call, isErrorShape, must, pause, postChunked, signIn, uniqueEmail } from './lib.mjs';
import { ROUTE_TABLE } from './expectations.mjs';
import { payOnlineOrder, registerApplicant } from './fixtures.mjs';
import { checkMoney } from './money.mjs';
import { TINY_PNG } from './matrix.mjs';

/** @typedef {{ status: number, json: any, text: string, headers: import('node:http').IncomingHttpHeaders }} RawAnswer */

const b64url = (/** @type {unknown} */ value) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const partsOf = (/** @type {string} */ token) => {
  const [header, payload, signature] = /** @type {[string, string, string]} */ (token.split('.'));
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()),
    signature,
  };
};

/**
 * Variants of a real token that must all be refused with 401 in the error shape.
 * @param {string} realToken
 */
function tamperedTokens(realToken) {
  const { header, payload, signature } = partsOf(realToken);
  const asAdmin = { ...payload, role: 'admin' };
  const { privateKey } = generateKeyPairSync('ed25519');
  const signedByStranger = (/** @type {unknown} */ claims) => {
    const input = `${b64url(header)}.${b64url(claims)}`;
    return `${input}.${signWith(null, Buffer.from(input), privateKey).toString('base64url')}`;
  };
  const hsHeader = { alg: 'HS256', typ: 'JWT', kid: header.kid };
  const hsInput = `${b64url(hsHeader)}.${b64url(asAdmin)}`;
  return {
    'alg none': `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(asAdmin)}.`,
    'alg none (no dot)': `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(asAdmin)}`,
    'HS256 keyed with the kid (algorithm confusion)': `${hsInput}.${createHmac('sha256', header.kid).update(hsInput).digest('base64url')}`,
    'wrong key, same kid': signedByStranger(asAdmin),
    'payload edited (role admin), signature kept': `${b64url(header)}.${b64url(asAdmin)}.${signature}`,
    'expired claims signed by a stranger': signedByStranger({
      ...payload,
      exp: Math.floor(Date.now() / 1000) - 60,
    }),
    'signature stripped': `${b64url(header)}.${b64url(payload)}.`,
    garbage: 'not.a.token',
  };
}

/**
 * @param {string} base
 * @param {import('./expectations.mjs').Fixtures} fixtures
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
async function checkTokens(base, fixtures, verdicts) {
  const customer = fixtures.sessions.customerA;
  for (const [name, token] of Object.entries(tamperedTokens(customer.token))) {
    const answers = await Promise.all(
      ['/api/v1/auth/me', '/api/v1/admin/users', '/api/v1/bills'].map((path) =>
        call(base, 'GET', path, { token }),
      ),
    );
    const bad = answers.filter((answer) => answer.status !== 401 || !isErrorShape(answer.json));
    verdicts.record(
      'tokens',
      `${name} → 401`,
      bad.length === 0,
      bad.map((a) => `${a.status} ${a.text.slice(0, 80)}`).join(' | '),
    );
  }
  const scheme = await call(base, 'GET', '/api/v1/auth/me', {
    headers: { authorization: `Basic ${customer.token}` },
  });
  verdicts.record(
    'tokens',
    'wrong scheme (Basic) → 401',
    scheme.status === 401 && isErrorShape(scheme.json),
    `${scheme.status}`,
  );

  // Revoked after sign-out: the same token is refused at the gateway and by every service behind it.
  const session = await signIn(base, customer.email, customer.password);
  const before = await call(base, 'GET', '/api/v1/cart', { token: session.token });
  await must(base, 'POST', '/api/v1/auth/logout', { token: session.token });
  const after = await Promise.all(
    [
      '/api/v1/auth/me',
      '/api/v1/cart',
      '/api/v1/favorites',
      `/api/v1/appointments/users/${session.id}/appointments`,
    ].map((path) => call(base, 'GET', path, { token: session.token })),
  );
  const stillWorks = after.filter((answer) => answer.status !== 401);
  verdicts.record(
    'tokens',
    'revoked after sign-out → 401 everywhere',
    before.status === 200 && stillWorks.length === 0,
    `before ${before.status}; after ${after.map((a) => a.status).join(',')}`,
  );
}

/**
 * An expired token really signed by identity: needs a stack whose tokens live a few seconds.
 * @param {string} base
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
export async function checkExpiredToken(base, verdicts) {
  const email = uniqueEmail('expiry');
  await must(base, 'POST', '/api/v1/auth/register', {
    body: { name: 'Expiry', email, password: 'Secure@12345', role: 'user' },
  });
  const { token } = await signIn(base, email, 'Secure@12345');
  const fresh = await call(base, 'GET', '/api/v1/auth/me', { token });
  const { exp } = partsOf(token).payload;
  await pause(Math.max(0, exp * 1000 - Date.now()) + 1_500);
  const expired = await call(base, 'GET', '/api/v1/auth/me', { token });
  verdicts.record(
    'tokens',
    'expired (signed by identity) → 401',
    fresh.status === 200 && expired.status === 401 && isErrorShape(expired.json),
    `fresh ${fresh.status}, after expiry ${expired.status}`,
  );
}

/**
 * A stranger who registers as an employee is an applicant: a customer until an admin approves, so no
 * bills (customers' names and phones), no invoices, no staff member's schedule.
 * @param {string} base
 * @param {import('./expectations.mjs').Fixtures} fixtures
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
async function checkSelfRegisteredEmployee(base, fixtures, verdicts) {
  const applicant = await registerApplicant(base, 'self-employee');
  const as = { token: applicant.token };
  const claims = partsOf(applicant.token).payload;
  const bills = await call(base, 'GET', '/api/v1/bills', as);
  const billBodyOf = /** @type {(fx: unknown) => unknown} */ (
    /** @type {import('./expectations.mjs').Route} */ (ROUTE_TABLE['POST /api/v1/bills']).body
  );
  const create = await call(base, 'POST', '/api/v1/bills', { ...as, body: billBodyOf(fixtures) });
  const schedule = await call(
    base,
    'GET',
    `/api/v1/appointments/employees/${fixtures.sessions.employee.id}/appointments`,
    as,
  );
  verdicts.record(
    'permissions',
    'self-registered employee (applicant) cannot read /bills or create a bill',
    claims.role === 'user' &&
      claims.employeeStatus === 'applicant' &&
      bills.status === 403 &&
      create.status === 403 &&
      isErrorShape(bills.json) &&
      isErrorShape(create.json) &&
      schedule.status === 404,
    `token role ${claims.role}/${claims.employeeStatus}; GET /bills ${bills.status}, POST /bills ${create.status}, a therapist's schedule ${schedule.status}`,
  );
}

/**
 * Accounts that look like someone else's, and passwords from breach lists, are refused at sign-up
 * through the gateway.
 * @param {string} base
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
export async function checkAccountTrust(base, verdicts) {
  const register = (/** @type {string} */ email, password = 'Quiet-river-77') =>
    call(base, 'POST', '/api/v1/auth/register', {
      body: { name: 'Trust Check', email, password, role: 'user' },
    });
  const email = uniqueEmail('customer');
  const original = await register(email);
  const cyrillic = await register(email.replace('c', '\u0441')); // Cyrillic es for the first "c"
  verdicts.record(
    'accounts',
    'a look-alike email (Cyrillic letter) is refused, not a second account → 400',
    original.status === 201 &&
      cyrillic.status === 400 &&
      isErrorShape(cyrillic.json) &&
      /before the @/.test(cyrillic.json.message),
    `original ${original.status}; look-alike ${cyrillic.status} ${cyrillic.text.slice(0, 100)}`,
  );
  const mixedDomain = await register(uniqueEmail('asha').replace('security.test', 'secur\u0456ty.test'));
  verdicts.record(
    'accounts',
    'a mixed-script (Latin and Cyrillic) email domain is refused → 400',
    mixedDomain.status === 400 && isErrorShape(mixedDomain.json),
    `${mixedDomain.status} ${mixedDomain.text.slice(0, 100)}`,
  );
  const wideEmail = email.replace(/[a-z@.]/g, (c) =>
    String.fromCodePoint(/** @type {number} */ (c.codePointAt(0)) + 0xfee0),
  );
  const fullWidth = await register(wideEmail, 'Other-river-88');
  // Sign-up answers a taken address exactly as a new one; the proof of "same account" is sign-in: the
  // full-width spelling reaches the first account with its password, and the second password is nobody's.
  const login = (/** @type {string} */ as, /** @type {string} */ password) =>
    call(base, 'POST', '/api/v1/auth/login', { body: { email: as, password } });
  const [asOriginal, asWide, secondPassword] = [
    await login(email, 'Quiet-river-77'),
    await login(wideEmail, 'Quiet-river-77'),
    await login(wideEmail, 'Other-river-88'),
  ];
  const idOf = (/** @type {{ json?: any }} */ answer) => answer.json?.data?.user?.id;
  verdicts.record(
    'accounts',
    'a full-width spelling of a taken email is the same account (NFKC), answered as a new address → 201',
    fullWidth.status === original.status &&
      fullWidth.text === original.text &&
      asOriginal.status === 200 &&
      asWide.status === 200 &&
      idOf(asWide) === idOf(asOriginal) &&
      secondPassword.status === 401,
    `sign-up ${fullWidth.status} (a new address ${original.status}, same body: ${fullWidth.text === original.text}); sign-in as the full-width spelling ${asWide.status} ${idOf(asWide) === idOf(asOriginal) ? 'reaches the first account' : 'reaches another account'}, with the second password ${secondPassword.status}`,
  );
  const breached = await register(uniqueEmail('breached'), 'Password123');
  verdicts.record(
    'accounts',
    'a breached password (Password123) is refused and the answer says why → 400',
    breached.status === 400 &&
      isErrorShape(breached.json) &&
      /leaked in data breaches/.test(breached.json.message),
    `${breached.status} ${breached.text.slice(0, 100)}`,
  );
}

/**
 * @param {string} base
 * @param {import('./expectations.mjs').Fixtures} fixtures
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
async function checkBodies(base, fixtures, verdicts) {
  const admin = fixtures.sessions.admin.token;
  const writes = Object.entries(ROUTE_TABLE).filter(
    ([key, route]) => !key.startsWith('GET') && !key.startsWith('DELETE') && !route.multipart,
  );
  const oversize = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
  const malformedFailures = [];
  const oversizeFailures = [];
  for (const [key, route] of writes) {
    const [method, template] = /** @type {[string, string]} */ (key.split(' '));
    const path = template.replace(/\{(\w+)\}/g, (_m, name) =>
      encodeURIComponent(route.params?.(fixtures)?.[name] ?? 'x'),
    );
    const headers = { 'content-type': 'application/json' };
    for (const raw of ['{"name": "unterminated', '{bad json}', '[1,2', '\u0000']) {
      const answer = await call(base, method, path, { token: admin, raw, headers });
      if (answer.status !== 400 || !isErrorShape(answer.json))
        malformedFailures.push(
          `${key} ${JSON.stringify(raw)} → ${answer.status} ${answer.text.slice(0, 80)}`,
        );
    }
    const big = await call(base, method, path, { token: admin, raw: oversize, headers });
    if (big.status !== 413 || !isErrorShape(big.json))
      oversizeFailures.push(`${key} → ${big.status} ${big.text.slice(0, 80)}`);
  }
  verdicts.record(
    'bodies',
    `malformed JSON → 400 on every write (${writes.length} routes)`,
    malformedFailures.length === 0,
    malformedFailures.join(' | '),
  );
  verdicts.record(
    'bodies',
    `2 MiB JSON → 413 on every write (${writes.length} routes)`,
    oversizeFailures.length === 0,
    oversizeFailures.join(' | '),
  );

  const form = new FormData();
  form.append('image', new Blob([Buffer.alloc(25 * 1024 * 1024, 1)], { type: 'image/png' }), 'huge.png');
  const huge = await call(base, 'POST', '/api/v1/upload', { token: admin, raw: form, timeoutMs: 60_000 });
  verdicts.record(
    'bodies',
    '25 MiB upload → 413',
    huge.status === 413 && isErrorShape(huge.json),
    `${huge.status} ${huge.text.slice(0, 80)}`,
  );

  const chunked = await postChunked(`${base}/api/v1/cart`, 3 * 1024 * 1024, {
    token: admin,
    timeoutMs: 30_000,
  });
  verdicts.record(
    'bodies',
    '3 MiB chunked JSON (no Content-Length) → 413',
    chunked.status === 413 && isErrorShape(chunked.json),
    `${chunked.status} ${chunked.text.slice(0, 80)}`,
  );
}

/**
 * @param {string} base
 * @param {import('./expectations.mjs').Fixtures} fixtures
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
async function checkTraversal(base, fixtures, verdicts) {
  const admin = fixtures.sessions.admin.token;
  const names = [
    '../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '..\\..\\windows\\win.ini',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/etc/passwd',
    'a/../../../../tmp/x.png',
    '....//....//etc/passwd.png',
  ];
  const problems = [];
  const stored = [];
  for (const name of names) {
    const form = new FormData();
    form.append('image', new Blob([TINY_PNG], { type: 'image/png' }), name);
    const answer = await call(base, 'POST', '/api/v1/upload', { token: admin, raw: form });
    if (answer.status >= 500) problems.push(`${name} → ${answer.status}`);
    else if (answer.status < 300) {
      const urls = JSON.stringify(answer.json).match(/\/uploads\/[^"]+/g) ?? [];
      for (const url of urls) {
        stored.push(url);
        const file = url.slice('/uploads/'.length);
        if (file.includes('..') || file.includes('/') || file.includes('\\') || /passwd|win\.ini/.test(file))
          problems.push(`${name} stored as ${url}`);
      }
    } else if (!isErrorShape(answer.json)) problems.push(`${name} → ${answer.status} not in the error shape`);
  }
  verdicts.record(
    'traversal',
    'upload filenames never choose the stored path',
    problems.length === 0,
    problems.join(' | ') || `stored: ${stored.slice(0, 2).join(', ')}…`,
  );

  const reads = [
    '/uploads/..%2f..%2fpackage.json',
    '/uploads/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/uploads/%2e%2e/%2e%2e/package.json',
    '/uploads/..%252f..%252fpackage.json',
    '/uploads/....//....//etc/passwd',
    '/uploads/%2e%2e%5c%2e%2e%5cpackage.json',
    '/uploads/..;/..;/package.json',
  ];
  const leaks = [];
  for (const path of reads) {
    const answer = await call(base, 'GET', path);
    if (
      answer.status >= 500 ||
      /"workspaces"|root:x:0:0/.test(answer.text) ||
      // A 200 is only fine as an image or as the SPA's page (a path that resolved outside /uploads).
      (answer.status === 200 &&
        !answer.headers.get('content-type')?.startsWith('image/') &&
        !answer.text.includes('<div id="root"'))
    )
      leaks.push(`${path} → ${answer.status} ${answer.headers.get('content-type')}`);
  }
  // Raw (unnormalised) dot segments, which fetch would resolve before sending.
  for (const path of ['/uploads/../../package.json', '/uploads/../../../../etc/passwd']) {
    const answer = await rawGet(base, path);
    if (answer.status >= 500 || /"workspaces"|root:x:0:0/.test(answer.body))
      leaks.push(`${path} (raw) → ${answer.status}`);
  }
  verdicts.record(
    'traversal',
    '/uploads reads never leave the upload folder',
    leaks.length === 0,
    leaks.join(' | ') || `${reads.length + 2} paths`,
  );
}

/** @param {string} base @param {string} path @param {{ localAddress?: string }} [options] */
function rawGet(base, path, { localAddress } = {}) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path, method: 'GET', localAddress }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

const REQUIRED_HEADERS = {
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^DENY$/,
  'referrer-policy': /./,
  'strict-transport-security': /max-age=\d+/,
  'cross-origin-opener-policy': /same-origin/,
};

/**
 * @param {Headers} headers
 * @param {{ page: boolean }} options
 */
function headerProblems(headers, { page }) {
  const problems = [];
  for (const [name, pattern] of Object.entries(REQUIRED_HEADERS))
    if (!pattern.test(headers.get(name) ?? '')) problems.push(`${name}=${headers.get(name)}`);
  const csp = headers.get('content-security-policy') ?? '';
  if (!/default-src 'self'/.test(csp)) problems.push('csp without default-src self');
  if (page) {
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    if (/unsafe-inline|unsafe-eval|\*/.test(scriptSrc)) problems.push(`script-src ${scriptSrc}`);
    if (!/frame-ancestors 'none'/.test(csp)) problems.push('no frame-ancestors none');
    if (!/object-src 'none'/.test(csp)) problems.push("no object-src 'none'");
  }
  if (headers.get('x-powered-by')) problems.push(`x-powered-by=${headers.get('x-powered-by')}`);
  return problems;
}

export const SPA_PAGES = [
  '/',
  '/login',
  '/auth/register',
  '/auth/forgot-password',
  '/store',
  '/appointment',
  '/cart',
  '/createorder',
  '/orders',
  '/my-appointments',
  '/address-management',
  '/favorites',
  '/settings',
  '/dashboard',
  '/dashboard/employees',
  '/bills/view',
  '/bills/create',
  '/help',
  '/terms',
  '/no-such-page',
];

/**
 * @param {string} base
 * @param {import('./expectations.mjs').Fixtures} fixtures
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
async function checkHeaders(base, fixtures, verdicts) {
  const pageProblems = [];
  for (const page of SPA_PAGES) {
    const answer = await call(base, 'GET', page);
    const problems = headerProblems(answer.headers, { page: true });
    if (problems.length) pageProblems.push(`${page}: ${problems.join(', ')}`);
  }
  const index = await call(base, 'GET', '/');
  const assets = [...index.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(
    (m) => /** @type {string} */ (m[1]),
  );
  for (const asset of assets) {
    const problems = headerProblems((await call(base, 'GET', asset)).headers, { page: false });
    if (problems.length) pageProblems.push(`${asset}: ${problems.join(', ')}`);
  }
  // A data block (the server render's dehydrated state, JSON-LD) is not a script the browser runs;
  // anything else with inline content is.
  const inlineScripts = [...index.text.matchAll(/<script([^>]*)>\s*([^<\s])/g)].filter(
    ([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes ?? ''),
  );
  if (inlineScripts.length > 0) pageProblems.push('index.html carries an inline script');
  verdicts.record(
    'headers',
    `security headers and CSP on every SPA page and asset (${SPA_PAGES.length + assets.length})`,
    pageProblems.length === 0,
    pageProblems.join(' | '),
  );

  const apiProblems = [];
  const admin = fixtures.sessions.admin.token;
  const probes = [
    ['GET', '/api/v1/products', undefined],
    ['GET', '/api/v1/products', undefined], // second read: the gateway's shared cache answers it
    ['GET', '/api/v1/auth/me', undefined],
    ['GET', '/api/v1/auth/me', admin],
    ['GET', '/api/v1/admin/users', fixtures.sessions.customerA.token],
    ['GET', '/api/v1/nope', undefined],
    ['GET', `/api/v1/bills/${fixtures.ids.bill}/download`, admin],
    ['GET', '/api/openapi.json', undefined],
    ['GET', '/healthz', undefined],
    ['GET', fixtures.product.images?.[0] ?? '/uploads/none.webp', undefined],
    ['POST', '/api/v1/auth/login', undefined],
  ];
  for (const [method, path, token] of probes) {
    const answer = await call(base, method, path, { token, ...(method === 'POST' ? { body: {} } : {}) });
    const problems = headerProblems(answer.headers, { page: false });
    if (path.startsWith('/api/v1') && answer.status >= 400 && !isErrorShape(answer.json))
      problems.push('error not in the error shape');
    if (problems.length) apiProblems.push(`${method} ${path} (${answer.status}): ${problems.join(', ')}`);
  }
  verdicts.record(
    'headers',
    `security headers on API answers, errors, files and the PDF (${probes.length})`,
    apiProblems.length === 0,
    apiProblems.join(' | '),
  );
}

/**
 * The gateway's configured limits: its environment if set, else the defaults in gateway/src/config.ts.
 * @param {string} repoRoot
 */
export function configuredLimits(repoRoot) {
  const source = readFileSync(`${repoRoot}/gateway/src/config.ts`, 'utf8');
  const read = (/** @type {string} */ name) => {
    const fallback = new RegExp(`env\\.int\\('${name}', ([\\d_]+)\\)`).exec(source)?.[1];
    return Number(process.env[name] ?? fallback?.replaceAll('_', ''));
  };
  return { auth: read('AUTH_RATE_LIMIT_MAX'), password: read('PASSWORD_RATE_LIMIT_MAX') };
}

/**
 * @param {string} base
 * @param {string} path
 * @param {unknown} body
 * @param {string} localAddress
 * @param {Record<string, string>} [extraHeaders]
 * @returns {Promise<RawAnswer>}
 */
function rawPost(base, path, body, localAddress, extraHeaders = {}) {
  const { hostname, port } = new URL(base);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path,
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          ...extraHeaders,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({
            status: /** @type {number} */ (response.statusCode),
            json,
            text,
            headers: response.headers,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

/**
 * Sign-in and password-reset limits against the real configured counts. The gateway keys limits by
 * client address in a Redis shared by every stack on this machine, so the run calls from a loopback
 * address of its own (127.x.y.z) to count only its own attempts.
 * @param {string} base
 * @param {string} repoRoot
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
export async function checkRateLimits(base, repoRoot, verdicts) {
  const limits = configuredLimits(repoRoot);
  const address = () =>
    `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
  /** @type {[string, string, number, () => object][]} */
  const cases = [
    [
      'sign-in',
      '/api/v1/auth/login',
      limits.auth,
      () => ({ email: uniqueEmail('limit'), password: 'Wrong@12345' }),
    ],
    [
      'password reset',
      '/api/v1/auth/forgot-password',
      limits.password,
      () => ({ email: uniqueEmail('limit') }),
    ],
  ];
  for (const [name, path, limit, body] of cases) {
    const from = address();
    const statuses = [];
    for (let attempt = 0; attempt < limit; attempt++)
      statuses.push((await rawPost(base, path, body(), from)).status);
    const over = await rawPost(base, path, body(), from);
    const spoofed = await rawPost(base, path, body(), from, { 'x-forwarded-for': address() });
    const allowedBefore = statuses.every((status) => status !== 429);
    verdicts.record(
      'rate-limits',
      `${name}: ${limit} attempts pass, attempt ${limit + 1} → 429 in the error shape`,
      allowedBefore &&
        over.status === 429 &&
        isErrorShape(over.json) &&
        Boolean(over.headers['retry-after'] ?? over.headers['x-ratelimit-reset']),
      `before: ${[...new Set(statuses)].join(',')}; after: ${over.status} ${over.text.slice(0, 100)}`,
    );
    verdicts.record(
      'rate-limits',
      `${name}: a forged X-Forwarded-For does not reset the limit`,
      spoofed.status === 429,
      `${spoofed.status}`,
    );
  }
}

const randomOctet = () => Math.floor(Math.random() * 254) + 1;
/** A client address behind the proxy (the benchmarking range), random so runs never share a bucket. */
const clientBehindProxy = () => `198.${18 + Math.floor(Math.random() * 2)}.${randomOctet()}.${randomOctet()}`;
/** A loopback address of this run's own: a peer the gateway does not trust. */
const untrustedPeer = () => `127.${randomOctet()}.${randomOctet()}.${randomOctet()}`;

/** The proxy the limits stack trusts (TRUSTED_PROXIES, see run.mjs). */
export const TRUSTED_PROXY = '127.0.0.1';

/**
 * Client addresses behind a trusted proxy (TRUSTED_PROXIES): its clients get a bucket each; a peer
 * the gateway does not trust cannot pick its address with X-Forwarded-For (checkRateLimits), nor
 * with the gateway-to-service header x-spa-client-address, which the gateway always overwrites.
 * @param {string} base
 * @param {string} repoRoot
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
export async function checkTrustedProxies(base, repoRoot, verdicts) {
  const limits = configuredLimits(repoRoot);
  const login = (/** @type {string} */ from, /** @type {Record<string, string> | undefined} */ headers) =>
    rawPost(
      base,
      '/api/v1/auth/login',
      { email: uniqueEmail('proxy'), password: 'Wrong@12345' },
      from,
      headers,
    );

  const first = clientBehindProxy();
  const statuses = [];
  for (let attempt = 0; attempt <= limits.auth; attempt++)
    statuses.push((await login(TRUSTED_PROXY, { 'x-forwarded-for': first })).status);
  const second = await login(TRUSTED_PROXY, { 'x-forwarded-for': clientBehindProxy() });
  verdicts.record(
    'proxies',
    `two clients behind a trusted proxy have separate sign-in buckets (${limits.auth} each)`,
    statuses.at(-1) === 429 &&
      statuses.slice(0, -1).every((status) => status !== 429) &&
      second.status !== 429,
    `first client: ${statuses.join(',')}; second client: ${second.status}`,
  );

  // Identity slows an address after SIGNIN_FREE_FAILURES (3) failures against one account. If a
  // client could name its address to identity, a new name per guess would never be slowed.
  for (const [name, from, forwarded] of /** @type {[string, string, () => Record<string, string>][]} */ ([
    ['an untrusted peer', untrustedPeer(), () => ({})],
    [
      'a client behind the trusted proxy',
      TRUSTED_PROXY,
      ((client) => () => ({ 'x-forwarded-for': client }))(clientBehindProxy()),
    ],
  ])) {
    const email = uniqueEmail('forged');
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt++)
      answers.push(
        await rawPost(base, '/api/v1/auth/login', { email, password: 'Wrong@12345' }, from, {
          ...forwarded(),
          'x-spa-client-address': `192.0.2.${attempt + 1}`,
        }),
      );
    const last = /** @type {RawAnswer} */ (answers.at(-1));
    verdicts.record(
      'proxies',
      `${name} cannot forge the gateway-to-service address header (x-spa-client-address)`,
      last.status === 429 &&
        isErrorShape(last.json) &&
        /^Too many failed sign-in attempts\. Please wait/.test(last.json.message) &&
        Number(last.headers['retry-after']) >= 1,
      answers
        .map((answer) => `${answer.status} ${answer.json?.message ?? ''}`)
        .join(' | ')
        .slice(0, 300),
    );
  }
}

/**
 * The sign-in throttle slows attackers without locking the owner out (identity's defaults): growing
 * delays per account and address, a per-account ceiling that only slows a correct sign-in from a
 * fresh address, and none at all for a device that signed in before; and what 100 addresses achieve.
 * @param {string} base
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
export async function checkSignInThrottle(base, verdicts) {
  const password = `Spa-${Math.random().toString(36).slice(2, 8)}-91`;
  const register = async () => {
    const email = uniqueEmail('owner');
    const answer = await rawPost(
      base,
      '/api/v1/auth/register',
      { name: 'Owner Test', email, password, role: 'user' },
      untrustedPeer(),
    );
    if (answer.status !== 201)
      throw new Error(`register answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    return email;
  };
  /**
   * @param {string} email
   * @param {string} secret
   * @param {string} from
   * @param {Record<string, string>} [headers]
   */
  const login = (email, secret, from, headers = {}) =>
    rawPost(base, '/api/v1/auth/login', { email, password: secret }, from, headers);

  // Growing delays for one address against one account.
  const email = await register();
  const home = await login(email, password, untrustedPeer());
  const deviceCookie = /** @type {string} */ (
    String([home.headers['set-cookie']].flat()[0] ?? '').split(';')[0]
  );
  const guesser = untrustedPeer();
  const early = [];
  for (let attempt = 0; attempt < 4; attempt++) early.push(await login(email, 'Wrong@12345', guesser));
  const firstWait = /** @type {RawAnswer} */ (early.at(-1));
  await pause(Number(firstWait.headers['retry-after'] ?? 1) * 1000 + 100);
  const afterWait = await login(email, 'Wrong@12345', guesser);
  const secondWait = await login(email, password, guesser);
  verdicts.record(
    'throttle',
    'one address waits 1 s, then 2 s... after 3 failures against an account (429, Retry-After, error shape)',
    early.slice(0, 3).every((answer) => answer.status === 401) &&
      firstWait.status === 429 &&
      firstWait.headers['retry-after'] === '1' &&
      isErrorShape(firstWait.json) &&
      afterWait.status === 401 &&
      secondWait.status === 429 &&
      secondWait.headers['retry-after'] === '2',
    [...early, afterWait, secondWait]
      .map((answer) => `${answer.status}/${answer.headers['retry-after'] ?? '-'}`)
      .join(' '),
  );

  // Thirty wrong passwords from thirty addresses: the account is under pressure, never locked.
  const attack = await Promise.all(
    Array.from({ length: 30 }, () => login(email, 'Wrong@12345', untrustedPeer())),
  );
  const owner = untrustedPeer();
  const slowed = await login(email, password, owner);
  await pause(Number(slowed.headers['retry-after'] ?? 0) * 1000 + 100);
  const admitted = await login(email, password, owner);
  verdicts.record(
    'throttle',
    'no account lock: after 30 failures from 30 addresses the owner signs in from a fresh address, slowed only',
    attack.every((answer) => [401, 429].includes(answer.status)) &&
      (slowed.status === 200 || (slowed.status === 429 && Number(slowed.headers['retry-after']) <= 10)) &&
      admitted.status === 200,
    `attack: ${[...new Set(attack.map((answer) => answer.status))].join(',')}; owner: ${slowed.status}/${slowed.headers['retry-after'] ?? '-'} then ${admitted.status}`,
  );
  const fromDevice = await login(email, password, untrustedPeer(), { cookie: deviceCookie });
  verdicts.record(
    'throttle',
    'a device that signed in before is not slowed while the account is under pressure',
    deviceCookie.startsWith('spa_device=') && fromDevice.status === 200,
    `${deviceCookie.slice(0, 12)}… → ${fromDevice.status} ${fromDevice.text.slice(0, 100)}`,
  );

  // A hundred addresses, flat out, for two rounds around the clean wait: what got through is the
  // ceiling (20), one attempt per address (100) and the shared attempts (one a minute, plus one).
  const target = await register();
  const addresses = Array.from({ length: 100 }, untrustedPeer);
  const started = Date.now();
  let guesses = 0;
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(addresses.map((from) => login(target, 'Wrong@12345', from)));
    guesses += answers.filter((answer) => answer.status === 401).length;
    await pause(3_000);
  }
  const bound = 20 + 100 + Math.floor((Date.now() - started) / 60_000) + 1;
  verdicts.record(
    'throttle',
    `100 addresses against one account: at most ${bound} guesses (the hour's bound is 181)`,
    guesses >= 100 && guesses <= bound,
    `${guesses} guesses got an answer in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

/**
 * Every service's /internal routes, called straight at the service (as a pod or an SSRF inside the
 * cluster would, past the gateway): unsigned, with a garbage credential, and with a well-formed one
 * claiming to be the allowed caller but signed by a stranger's key. Each must be a 401 in the error shape.
 */
/** @type {Readonly<Record<string, Array<[method: string, path: string, caller: string]>>>} */
export const INTERNAL_ROUTES = Object.freeze({
  identity: [['GET', '/internal/stats', 'gateway']],
  catalogue: [
    ['GET', '/internal/stats', 'gateway'],
    ['POST', '/internal/reservations', 'commerce'],
    ['POST', '/internal/reservations/x/release', 'commerce'],
    ['GET', '/internal/reservations/x', 'commerce'],
  ],
  booking: [
    ['GET', '/internal/dependents?roomId=x', 'catalogue'],
    ['GET', '/internal/visits/x', 'commerce'],
  ],
  commerce: [
    ['GET', '/internal/stats', 'gateway'],
    ['POST', '/internal/payments', 'booking'],
  ],
  billing: [
    ['GET', '/internal/bills/00000000-0000-4000-8000-000000000000/invoice.pdf', 'notification'],
    ['GET', '/internal/tax-documents/00000000-0000-4000-8000-000000000000/document.pdf', 'notification'],
  ],
});

/**
 * @param {Record<string, string>} serviceUrls service name → base URL
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
export async function checkInternalCalls(serviceUrls, verdicts) {
  const { privateKey } = generateKeyPairSync('ed25519');
  const strangerSigned = (/** @type {string} */ caller, /** @type {string} */ callee) => {
    const now = Math.floor(Date.now() / 1000);
    const input = `${b64url({ alg: 'EdDSA', kid: caller })}.${b64url({ iss: caller, aud: callee, jti: `${now}-${Math.random()}`, iat: now, exp: now + 60 })}`;
    return `${input}.${signWith(null, Buffer.from(input), privateKey).toString('base64url')}`;
  };
  for (const [service, routes] of Object.entries(INTERNAL_ROUTES)) {
    const base = serviceUrls[service];
    if (!base) continue;
    for (const [method, path, caller] of routes) {
      const credentials = {
        unsigned: undefined,
        garbage: 'not.a.token',
        [`signed by a stranger as ${caller}`]: strangerSigned(caller, service),
      };
      for (const [name, token] of Object.entries(credentials)) {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: {
            ...(token ? { 'x-service-token': token } : {}),
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          // Any body: the guard refuses the call before the route reads it.
          body: method === 'POST' ? JSON.stringify({ orderId: 'order_x' }) : undefined,
        });
        const json = await response.json().catch(() => undefined);
        const ok = response.status === 401 && isErrorShape(json);
        verdicts.record(
          'internal calls',
          `${service} ${method} ${path}, ${name} → 401`,
          ok,
          ok ? '' : `${response.status} ${JSON.stringify(json)?.slice(0, 80)}`,
        );
      }
    }
  }
}

/**
 * A real online payment (customer A's order, paid through the sandbox's checkout endpoint, verified),
 * then: a customer cannot refund it (their own or another's), and no refund, alone or added to others,
 * exceeds what was captured.
 * @param {string} base
 * @param {import('./expectations.mjs').Fixtures} fixtures
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
async function checkRefunds(base, fixtures, verdicts) {
  const A = { token: fixtures.sessions.customerA.token };
  const B = { token: fixtures.sessions.customerB.token };
  const admin = { token: fixtures.sessions.admin.token };
  const { order } = await payOnlineOrder(base, fixtures.sessions.customerA, fixtures.product._id, 'Refunds');
  const orderId = order._id;
  const total = order.totalPrice;
  /**
   * @param {{ token?: string }} who
   * @param {unknown} body
   * @param {Record<string, string>} [headers]
   */
  const refund = (who, body, headers) =>
    call(base, 'POST', `/api/v1/orders/${orderId}/refund`, { ...who, body, headers });

  const byOwner = await refund(A, {});
  const byOther = await refund(B, {});
  const forged = await call(base, 'POST', `/api/v1/orders/${orderId}/refund`, {
    ...A,
    body: {},
    headers: { 'x-user-role': 'admin', 'x-forwarded-user': 'admin' },
  });
  verdicts.record(
    'refunds',
    'a customer cannot refund (their own payment, another’s, with forged role headers) → 403',
    [byOwner, byOther, forged].every((answer) => answer.status === 403 && isErrorShape(answer.json)),
    [byOwner, byOther, forged].map((answer) => answer.status).join(', '),
  );

  const over = await refund(admin, { amount: total + 0.01 });
  const negative = await refund(admin, { amount: -total });
  const asString = await refund(admin, { amount: `${total * 2}` });
  const part = await refund(admin, { amount: total - 1 }, { 'idempotency-key': 'attack-part' });
  const beyondRest = await refund(admin, { amount: 1.01 });
  const parallel = await Promise.all(
    Array.from({ length: 5 }, (_value, index) =>
      refund(admin, { amount: 1 }, { 'idempotency-key': `attack-rest-${index}` }),
    ),
  );
  const state = await call(base, 'GET', `/api/v1/orders/${orderId}/refunds`, admin);
  const committed = (state.json?.refunds ?? [])
    .filter((/** @type {any} */ entry) => entry.status !== 'failed')
    .reduce((/** @type {number} */ sum, /** @type {any} */ entry) => sum + Math.round(entry.amount * 100), 0);
  const accepted = parallel.filter((answer) => answer.status === 201).length;
  verdicts.record(
    'refunds',
    'no refund exceeds the captured amount: over, negative, string, beyond the rest refused; 5 racing refunds of the last ₹1 → 1',
    over.status === 422 &&
      over.json?.code === 'REFUND_EXCEEDS_CAPTURED' &&
      negative.status === 400 &&
      (asString.status === 400 || asString.status === 422) &&
      part.status === 201 &&
      beyondRest.status === 422 &&
      accepted === 1 &&
      committed === Math.round(total * 100),
    `over ${over.status} ${over.json?.code}, negative ${negative.status}, string ${asString.status}, part ${part.status}, beyond ${beyondRest.status}, racing accepted ${accepted}, committed ${committed} of ${Math.round(total * 100)} paise`,
  );
}

/**
 * A customer's own data: every export answers the caller's data only (customer B's exports never
 * mention customer A), and B cannot delete A's account, not even knowing A's password (DELETE
 * /auth/me only ever acts on the token's own account, and B's own password is what it checks).
 * @param {string} base
 * @param {import('./expectations.mjs').Fixtures} fixtures
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
async function checkOwnData(base, fixtures, verdicts) {
  const { customerA, customerB } = fixtures.sessions;
  const exports = [
    '/api/v1/auth/me/export',
    '/api/v1/appointments/me/export',
    '/api/v1/orders/me/export',
    '/api/v1/bills/me/export',
    '/api/v1/notifications/me/export',
  ];
  const leaks = [];
  for (const path of exports) {
    // The positive control: A's own export shows A, so B's not showing A proves something.
    const own = await call(base, 'GET', path, { token: customerA.token });
    if (own.status !== 200) leaks.push(`${path} as A → ${own.status}`);
    else if (!own.text.includes(customerA.email) && !own.text.includes(customerA.id))
      leaks.push(`${path} does not show customer A their own data`);
    const answer = await call(base, 'GET', path, { token: customerB.token });
    if (answer.status !== 200) leaks.push(`${path} → ${answer.status}`);
    else if (answer.text.includes(customerA.email) || answer.text.includes(customerA.id))
      leaks.push(`${path} shows customer A's data to B`);
  }
  const forged = await call(base, 'GET', '/api/v1/auth/me/export?userId=' + customerA.id, {
    token: customerB.token,
  });
  if (forged.text.includes(customerA.email)) leaks.push('a userId query reached A');
  verdicts.record(
    'own-data',
    'exports answer only the caller',
    leaks.length === 0,
    leaks.join(' | ') || `${exports.length} exports: each shows A to A and not to B`,
  );

  const problems = [];
  const deletion = await call(base, 'DELETE', '/api/v1/auth/me', {
    token: customerB.token,
    body: { password: customerA.password, userId: customerA.id },
  });
  if (deletion.status !== 400 || !isErrorShape(deletion.json))
    problems.push(`B deleting with A's password and id → ${deletion.status}`);
  const stillThere = await call(base, 'GET', '/api/v1/auth/me', { token: customerA.token });
  if (stillThere.status !== 200) problems.push(`A's account after B's attempt → ${stillThere.status}`);
  const bad = await call(base, 'DELETE', '/api/v1/auth/me', {
    token: customerB.token,
    body: { password: 42 },
  });
  if (bad.status !== 400) problems.push(`a malformed confirmation → ${bad.status}`);
  verdicts.record(
    'own-data',
    "one customer cannot delete another's account",
    problems.length === 0,
    problems.join(' | ') || 'refused with 400, A untouched',
  );
}

/**
 * @param {string} base
 * @param {import('./expectations.mjs').Fixtures} fixtures
 * @param {import('./lib.mjs').Verdicts} verdicts
 * @param {{ serviceUrls?: Record<string, string> }} [options]
 */
export async function runAttacks(base, fixtures, verdicts, { serviceUrls = {} } = {}) {
  await checkInternalCalls(serviceUrls, verdicts);
  await checkTokens(base, fixtures, verdicts);
  await checkSelfRegisteredEmployee(base, fixtures, verdicts);
  await checkAccountTrust(base, verdicts);
  await checkBodies(base, fixtures, verdicts);
  await checkTraversal(base, fixtures, verdicts);
  await checkHeaders(base, fixtures, verdicts);
  await checkRefunds(base, fixtures, verdicts);
  await checkMoney(base, fixtures, verdicts);
  await checkOwnData(base, fixtures, verdicts);
}
