// A small JSON client for bench.mjs's set-up calls through the gateway. It sends from 127.0.0.2 (still
// loopback), as the load generator does (open-model.mjs): the gateway's rate-limit counters live in the
// shared Redis and are keyed by client address, so load from 127.0.0.1 would count against other stacks'
// tests on this machine.
import http from 'node:http';

export const LOAD_SOURCE_ADDRESS = '127.0.0.2';
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * @param {string} url
 * @param {{ method?: string, token?: string, body?: unknown }} [options]
 * @returns {Promise<{ status: number, body: any }>}
 */
export function request(url, { method = 'GET', token, body } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method,
        agent,
        localAddress: LOAD_SOURCE_ADDRESS,
        timeout: 30_000,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let parsed = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    outgoing.once('timeout', () => outgoing.destroy(new Error(`${method} ${url} timed out`)));
    outgoing.once('error', reject);
    outgoing.end(payload);
  });
}

/**
 * The same call, failing unless the status is one of `expected`.
 * @param {string} url
 * @param {{ method?: string, token?: string, body?: unknown }} options
 * @param {number[]} [expected]
 */
export async function expectOk(url, options, expected = [200, 201]) {
  const answer = await request(url, options);
  if (!expected.includes(answer.status))
    throw new Error(
      `${options.method ?? 'GET'} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  return answer.body;
}

/**
 * Runs `work` over `items` with at most `concurrency` at a time.
 * @template T, R
 * @param {T[]} items
 * @param {number} concurrency
 * @param {(item: T, index: number) => Promise<R>} work
 * @returns {Promise<R[]>}
 */
export async function mapLimit(items, concurrency, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(/** @type {T} */ (items[index]), index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

export function closeClient() {
  agent.destroy();
}
