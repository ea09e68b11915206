// Small helpers shared by the security suites: one HTTP call through the gateway, a chunked upload
// with no Content-Length, the error-shape test, sign-in, and the verdict list every suite appends to.
import http from 'node:http';

/** @typedef {{ suite: string, check: string, verdict: 'PASS'|'FAIL'|'UNAVAILABLE', detail?: string }} Verdict */
/** @typedef {{ token?: string, body?: unknown, raw?: string | Buffer | FormData, headers?: Record<string,string>, timeoutMs?: number }} CallOptions */
/** @typedef {Awaited<ReturnType<typeof call>>} Answer */
/** @typedef {Awaited<ReturnType<typeof signIn>>} Session a signed-in account: its token, user record, id and credentials */

export class Verdicts {
  /** @type {Verdict[]} */
  list = [];
  /** @param {string} suite @param {string} check @param {boolean} ok @param {string} [detail] */
  record(suite, check, ok, detail) {
    /** @type {Verdict} */
    const verdict = { suite, check, verdict: ok ? 'PASS' : 'FAIL', ...(detail ? { detail } : {}) };
    this.list.push(verdict);
    if (!ok || process.env.SECURITY_VERBOSE)
      console.log(`  ${verdict.verdict.padEnd(11)} ${suite} · ${check}${detail ? ` — ${detail}` : ''}`);
    return ok;
  }
  /** @param {string} suite @param {string} check @param {string} reason */
  unavailable(suite, check, reason) {
    this.list.push({ suite, check, verdict: 'UNAVAILABLE', detail: reason });
    console.log(`  UNAVAILABLE ${suite} · ${check} — ${reason}`);
  }
}

/**
 * One request; answers status, headers, the parsed JSON body (or undefined) and the raw text.
 * @param {string} base gateway origin
 * @param {string} method
 * @param {string} path path on the gateway (with /api/v1 where needed)
 * @param {CallOptions} [options]
 */
export async function call(base, method, path, options = {}) {
  const headers = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body;
  // A Buffer is a Uint8Array, which fetch sends as is (DOM's BodyInit type leaves Node's Buffer out).
  if (options.raw !== undefined) body = /** @type {BodyInit} */ (options.raw);
  else if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  // A stream of server-sent events (the calendar's changes) does not end: its status and headers are
  // the answer, and the body is let go.
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, json: undefined, text: '' };
  }
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/**
 * POSTs `size` bytes of JSON (x's) in 64 KiB chunks with no Content-Length (Transfer-Encoding:
 * chunked), as a streaming client would; the answer, or status 0 and the error when the connection
 * broke. Used by the security suite and the fleet run (infra/fleet/harness.mjs).
 * @param {string} url
 * @param {number} size
 * @param {{ token?: string, timeoutMs?: number }} [options] token: sent as a bearer token;
 *   timeoutMs: the socket's idle timeout (http.request's `timeout`)
 * @returns {Promise<{ status: number, text: string, json: unknown }>}
 */
export function postChunked(url, size, { token, timeoutMs } = {}) {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part) => (text += part));
        response.on('end', () => {
          /** @type {unknown} */
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, text, json });
        });
      },
    );
    // A server that refuses the body answers and closes while the client still writes: the write then
    // fails (EPIPE, ECONNRESET) around the time the answer is read. The answer wins if it comes at all.
    request.on('error', (error) =>
      setTimeout(() => resolve({ status: 0, text: error.message, json: undefined }), 2_000).unref(),
    );
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const sendMore = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', sendMore);
      }
      request.end();
    };
    sendMore();
  });
}

/**
 * The platform's one error shape: { message: string, code: string, details? } and nothing else.
 * @param {any} body a parsed answer body
 */
export function isErrorShape(body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  if (typeof body.message !== 'string' || typeof body.code !== 'string') return false;
  return Object.keys(body).every((key) => ['message', 'code', 'details'].includes(key));
}

/**
 * Throws with the answer when a setup call did not succeed.
 * @param {string} base
 * @param {string} method
 * @param {string} path
 * @param {CallOptions} [options]
 * @returns {Promise<any>} the parsed JSON body
 */
export async function must(base, method, path, options = {}) {
  const answer = await call(base, method, path, options);
  if (answer.status >= 300)
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.json;
}

/**
 * @param {string} base
 * @param {string} email
 * @param {string} password
 */
export async function signIn(base, email, password) {
  const { data } = await must(base, 'POST', '/api/v1/auth/login', { body: { email, password } });
  return { token: data.token, user: data.user, id: data.user.id ?? data.user._id, email, password };
}

export const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An address nobody else's test uses, on a domain that never leaves the SMTP sink.
 * @param {string} label
 */
export function uniqueEmail(label) {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@security.test`;
}
