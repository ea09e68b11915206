// Suite 3 (API part): token tampering, oversize and malformed bodies, path traversal in uploads,
// security headers and CSP, and the sign-in and password-reset rate limits.
import { generateKeyPairSync, createHmac, sign as signWith } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { call, isErrorShape, must, pause, signIn, uniqueEmail } from './lib.mjs';
import { ROUTE_TABLE } from './expectations.mjs';
import { TINY_PNG } from './matrix.mjs';

const b64url = (value) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const partsOf = (token) => {
  const [header, payload, signature] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()),
    signature,
  };
};

/** Variants of a real token that must all be refused with 401 in the error shape. */
function tamperedTokens(realToken) {
  const { header, payload, signature } = partsOf(realToken);
  const asAdmin = { ...payload, role: 'admin' };
  const { privateKey } = generateKeyPairSync('ed25519');
  const signedByStranger = (claims) => {
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

/** An expired token really signed by identity: needs a stack whose tokens live a few seconds. */
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

async function checkBodies(base, fixtures, verdicts) {
  const admin = fixtures.sessions.admin.token;
  const writes = Object.entries(ROUTE_TABLE).filter(
    ([key, route]) => !key.startsWith('GET') && !key.startsWith('DELETE') && !route.multipart,
  );
  const oversize = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
  const malformedFailures = [];
  const oversizeFailures = [];
  for (const [key, route] of writes) {
    const [method, template] = key.split(' ');
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
}

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

async function checkHeaders(base, fixtures, verdicts) {
  const pageProblems = [];
  for (const page of SPA_PAGES) {
    const answer = await call(base, 'GET', page);
    const problems = headerProblems(answer.headers, { page: true });
    if (problems.length) pageProblems.push(`${page}: ${problems.join(', ')}`);
  }
  const index = await call(base, 'GET', '/');
  const assets = [...index.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  for (const asset of assets) {
    const problems = headerProblems((await call(base, 'GET', asset)).headers, { page: false });
    if (problems.length) pageProblems.push(`${asset}: ${problems.join(', ')}`);
  }
  if (/<script>(?!\s*<\/script>)|<script[^>]*>\s*[^<\s]/.test(index.text))
    pageProblems.push('index.html carries an inline script');
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

/** The gateway's configured limits: its environment if set, else the defaults in gateway/src/config.ts. */
export function configuredLimits(repoRoot) {
  const source = readFileSync(`${repoRoot}/gateway/src/config.ts`, 'utf8');
  const read = (name) => {
    const fallback = new RegExp(`env\\.int\\('${name}', ([\\d_]+)\\)`).exec(source)?.[1];
    return Number(process.env[name] ?? fallback?.replaceAll('_', ''));
  };
  return { auth: read('AUTH_RATE_LIMIT_MAX'), password: read('PASSWORD_RATE_LIMIT_MAX') };
}

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
          resolve({ status: response.statusCode, json, text, headers: response.headers });
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
 */
export async function checkRateLimits(base, repoRoot, verdicts) {
  const limits = configuredLimits(repoRoot);
  const address = () =>
    `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
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

/**
 * A customer's own data: every export answers the caller's data only (customer B's exports never
 * mention customer A), and B cannot delete A's account, not even knowing A's password (DELETE
 * /auth/me only ever acts on the token's own account, and B's own password is what it checks).
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
    leaks.join(' | ') || `${exports.length} exports`,
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

export async function runAttacks(base, fixtures, verdicts) {
  await checkTokens(base, fixtures, verdicts);
  await checkBodies(base, fixtures, verdicts);
  await checkTraversal(base, fixtures, verdicts);
  await checkHeaders(base, fixtures, verdicts);
  await checkOwnData(base, fixtures, verdicts);
}
