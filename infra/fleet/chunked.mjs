// The fleet's oversized chunked body: a client streaming more than the API accepts, through HAProxy.
// The answer can come while the client is still writing, so the client listens for it from the start.
import http from 'node:http';

const CHUNK = Buffer.alloc(64 * 1024, 'x');

/**
 * @typedef {{ status: number, headers: import('node:http').IncomingHttpHeaders, text: string,
 *   sentBeforeAnswer: number, writeError?: string, error?: string }} ChunkedAnswer
 *   status 0 when no answer came; sentBeforeAnswer: body bytes written when the answer's head came;
 *   writeError: how writing failed after the answer came (the server closing behind it);
 *   error: what broke the exchange before the answer was whole.
 */

/**
 * POSTs `size` bytes in 64 KiB chunks with no Content-Length (Transfer-Encoding: chunked) on a
 * connection of its own, writing with backpressure and stopping once the answer has come, as a
 * streaming client does. A write that fails after the answer came is noted, not fatal; a write that
 * fails before any answer is the failure itself (status 0), never retried.
 * @param {string} url
 * @param {number} size
 * @param {{ timeoutMs?: number }} [options] timeoutMs: the socket's idle timeout
 * @returns {Promise<ChunkedAnswer>}
 */
export function streamOversizeBody(url, size, { timeoutMs = 15_000 } = {}) {
  return new Promise((resolve) => {
    let sent = 0;
    /** @type {number | undefined} */
    let sentBeforeAnswer;
    /** @type {string | undefined} */
    let writeError;
    let settled = false;
    const settle = (/** @type {Omit<ChunkedAnswer, 'sentBeforeAnswer' | 'writeError'>} */ answer) => {
      if (settled) return;
      settled = true;
      request.destroy(); // what is left unsent is not needed once the answer is whole
      resolve({ ...answer, sentBeforeAnswer: sentBeforeAnswer ?? sent, writeError });
    };
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json' },
        timeout: timeoutMs,
      },
      (response) => {
        sentBeforeAnswer = sent;
        const status = response.statusCode ?? 0;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part) => (text += part));
        response.on('end', () => settle({ status, headers: response.headers, text }));
        response.on('close', () => {
          if (!response.complete)
            settle({ status, headers: response.headers, text, error: 'the answer was cut short' });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms of silence`)));
    request.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      const reason = `${error.code ?? ''} ${error.message}`.trim();
      if (sentBeforeAnswer !== undefined) writeError = reason;
      else settle({ status: 0, headers: {}, text: '', error: reason });
    });
    const sendMore = () => {
      while (sent < size && sentBeforeAnswer === undefined && !request.destroyed) {
        sent += CHUNK.length;
        if (!request.write(CHUNK)) return void request.once('drain', sendMore);
      }
      if (!request.destroyed) request.end();
    };
    sendMore();
  });
}

/**
 * Whether an answer is the 413 in the platform's error shape ({ message, code, details? } only).
 * @param {ChunkedAnswer} answer
 */
export function isPayloadTooLarge(answer) {
  if (answer.status !== 413 || answer.error) return false;
  try {
    const body = JSON.parse(answer.text);
    return (
      body?.code === 'PAYLOAD_TOO_LARGE' &&
      typeof body.message === 'string' &&
      Object.keys(body).every((key) => ['message', 'code', 'details'].includes(key))
    );
  } catch {
    return false;
  }
}
