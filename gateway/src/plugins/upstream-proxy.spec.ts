import { PassThrough, Readable } from 'node:stream';
import { createBaseApp, createLogger } from '@spa/kit';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PrivateResponseCache } from '../private-cache.js';
import { SharedResponseCache } from '../shared-cache.js';
import { BUFFERED_BODY_LIMIT, sendUpstreamBody, upstreamFailure, upstreamProxy } from './upstream-proxy.js';
import { UNREACHABLE_UPSTREAMS } from './unreachable-upstreams.spec-support.js';

describe('upstreamFailure', () => {
  it('answers 504 UPSTREAM_TIMEOUT for a timeout, by status or by error code', () => {
    const expected = {
      status: 504,
      body: {
        message: 'The catalogue service took too long to answer. Please try again.',
        code: 'UPSTREAM_TIMEOUT',
      },
    };
    expect(upstreamFailure('catalogue', { statusCode: 504 })).toEqual(expected);
    expect(upstreamFailure('catalogue', { code: 'UND_ERR_HEADERS_TIMEOUT' })).toEqual(expected);
    expect(upstreamFailure('catalogue', { code: 'UND_ERR_BODY_TIMEOUT' })).toEqual(expected);
  });

  it('answers 502 UPSTREAM_UNAVAILABLE otherwise, naming the service as visitors know it', () => {
    expect(upstreamFailure('commerce', { code: 'ECONNREFUSED' })).toEqual({
      status: 502,
      body: {
        message: 'The store and payments service is not reachable right now. Please try again shortly.',
        code: 'UPSTREAM_UNAVAILABLE',
      },
    });
    expect(upstreamFailure('identity', { statusCode: 503 }).body.message).toContain('The accounts service');
  });
});

/** A reply as far as sendUpstreamBody uses it, recording what was sent. */
function fakeReply(contentLength?: number) {
  const sent: { status?: number; payload?: unknown; warnings: string[] } = { warnings: [] };
  const reply = {
    getHeader: (name: string) => (name === 'content-length' ? contentLength : undefined),
    header: () => reply,
    send: (payload: unknown) => void (sent.payload = payload),
    code: (status: number) => {
      sent.status = status;
      return reply;
    },
    request: {
      headers: {},
      log: { warn: (_details: object, message: string) => sent.warnings.push(message) },
    },
  };
  return { reply, sent };
}

describe('sendUpstreamBody', () => {
  it('streams a body of unknown length or above the buffered limit straight through', () => {
    for (const length of [undefined, BUFFERED_BODY_LIMIT + 1]) {
      const { reply, sent } = fakeReply(length);
      const body = Readable.from([Buffer.from('x')]);
      const onBuffered = vi.fn();
      sendUpstreamBody(reply, body, 'catalogue', onBuffered);
      expect(sent.payload).toBe(body);
      expect(onBuffered).not.toHaveBeenCalled();
    }
  });

  it('gathers a small body and sends it in one piece, or what onBuffered made of it', async () => {
    const whole = fakeReply(11);
    const seen: Buffer[] = [];
    sendUpstreamBody(
      whole.reply,
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      'catalogue',
      (body) => {
        seen.push(body);
        return undefined;
      },
    );
    await vi.waitFor(() => expect(whole.sent.payload).toBeDefined());
    expect(String(whole.sent.payload)).toBe('hello world');
    expect(String(seen[0])).toBe('hello world');

    const compressed = fakeReply(5);
    sendUpstreamBody(compressed.reply, Readable.from([Buffer.from('plain')]), 'catalogue', () =>
      Buffer.from('packed'),
    );
    await vi.waitFor(() => expect(compressed.sent.payload).toBeDefined());
    expect(String(compressed.sent.payload)).toBe('packed');
  });

  it('answers in the error shape when the body breaks off half-way, and says so in the log', async () => {
    const { reply, sent } = fakeReply(100);
    const body = new PassThrough();
    sendUpstreamBody(reply, body, 'booking', () => undefined);
    body.write('{"partial":');
    body.destroy(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
    await vi.waitFor(() => expect(sent.status).toBe(502));
    expect(sent.payload).toEqual({
      message: 'The booking service is not reachable right now. Please try again shortly.',
      code: 'UPSTREAM_UNAVAILABLE',
    });
    expect(sent.warnings).toEqual(['upstream body failed']);
  });
});

describe('the upstream proxy plugin with no service deployed', () => {
  const app = createBaseApp({ logger: createLogger('upstream-proxy-spec', 'silent') });
  const ready = (async () => {
    await app.register(upstreamProxy, {
      config: {
        enabledServices: [],
        upstreamTimeoutMs: 1_000,
        upstreams: UNREACHABLE_UPSTREAMS,
      },
      cache: new SharedResponseCache(10),
      privateCache: new PrivateResponseCache(10),
    });
    await app.ready();
  })();
  afterAll(() => app.close());

  it('answers every prefix of a service that is not deployed with 503, the public file paths too', async () => {
    await ready;
    const cart = await app.inject({ method: 'POST', url: '/api/v1/cart/items', payload: {} });
    expect(cart.statusCode).toBe(503);
    expect(cart.json()).toEqual({
      message: 'The store and payments service is not available yet.',
      code: 'SERVICE_NOT_AVAILABLE',
    });
    const image = await app.inject({ method: 'GET', url: '/uploads/oil.webp' });
    expect(image.statusCode).toBe(503);
    expect(image.json<{ message: string }>().message).toBe('The catalogue service is not available yet.');
  });

  it('answers anything else under /api as an unknown endpoint, without its query', async () => {
    await ready;
    const response = await app.inject({ method: 'DELETE', url: '/api/v2/things?id=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No API endpoint for DELETE /api/v2/things',
      code: 'NOT_FOUND',
    });
  });
});
