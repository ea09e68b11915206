import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../stores/session.store';
import {
  ApiError,
  buildUrl,
  createApiClient,
  get,
  getErrorMessage,
  setApiFetch,
  setUnauthorizedHandler,
  toApiError,
} from './api';

interface Call {
  url: string;
  init: RequestInit;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function clientAnswering(response: Response | (() => Promise<Response>), token: string | null = 'jwt') {
  const calls: Call[] = [];
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: '/api/v1',
    getToken: () => token,
    onUnauthorized,
    fetch: async (input, init) => {
      calls.push({ url: input instanceof Request ? input.url : String(input), init: init ?? {} });
      return typeof response === 'function' ? response() : response.clone();
    },
  });
  return { client, calls, onUnauthorized };
}

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

describe('buildUrl', () => {
  it('joins base and path and leaves out empty query values', () => {
    expect(
      buildUrl('/api/v1', '/appointments/admin/appointments', { search: '', status: undefined, page: 2 }),
    ).toBe('/api/v1/appointments/admin/appointments?page=2');
    expect(buildUrl('/api/v1/', 'orders', { timeRange: 'past', tag: ['a', 'b'] })).toBe(
      '/api/v1/orders?timeRange=past&tag=a&tag=b',
    );
  });
});

describe('api client', () => {
  it('sends the bearer token and JSON body, and parses the JSON answer', async () => {
    const { client, calls } = clientAnswering(jsonResponse(201, { _id: 'b1' }));
    const bill = await client.post<{ _id: string }>('/bills', { name: 'Meera' });

    expect(bill).toEqual({ _id: 'b1' });
    expect(calls[0]?.url).toBe('/api/v1/bills');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"name":"Meera"}');
    expect(headersOf(calls[0])).toMatchObject({
      Authorization: 'Bearer jwt',
      'Content-Type': 'application/json',
    });
  });

  it('sends no Authorization header when signed out', async () => {
    const { client, calls } = clientAnswering(jsonResponse(200, []), null);
    await client.get('/products');
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
    expect(headersOf(calls[0])['Content-Type']).toBeUndefined();
  });

  it('sends a public read marked anonymous without the token, so a shared cache may answer it', async () => {
    const { client, calls } = clientAnswering(jsonResponse(200, { days: [] }));
    await client.get('/appointments/availability', { anonymous: true });
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
    await client.get('/appointments/availability');
    expect(headersOf(calls[1]).Authorization).toBe('Bearer jwt');
  });

  it('returns undefined for 204', async () => {
    const { client, calls } = clientAnswering(new Response(null, { status: 204 }));
    await expect(client.del('/cart/i1')).resolves.toBeUndefined();
    expect(calls[0]?.init.method).toBe('DELETE');
  });

  it('throws ApiError with the server status, code, message and details', async () => {
    const { client, onUnauthorized } = clientAnswering(
      jsonResponse(422, {
        message: 'Room is occupied',
        code: 'ROOM_OCCUPIED',
        details: [{ field: 'roomId' }],
      }),
    );
    const error = await client.put('/admin/rooms/r1', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'ROOM_OCCUPIED',
      message: 'Room is occupied',
      serverMessage: 'Room is occupied',
      details: [{ field: 'roomId' }],
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('calls onUnauthorized with the token the request carried on a 401, then throws', async () => {
    const { client, onUnauthorized } = clientAnswering(
      jsonResponse(401, { message: 'Token expired', code: 'UNAUTHORIZED' }),
    );
    await expect(client.get('/cart')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('jwt');
  });

  it('leaves the session alone on a 401 to a request that carried no token', async () => {
    const { client, onUnauthorized } = clientAnswering(
      jsonResponse(401, { message: 'Sign in', code: 'UNAUTHORIZED' }),
      null,
    );
    await expect(client.get('/cart')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { client } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.get('/products')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('uploads multipart without forcing a JSON content type', async () => {
    const { client, calls } = clientAnswering(jsonResponse(200, { imageUrl: '/uploads/a.png' }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    const answer = await client.upload<{ imageUrl: string }>('/upload', form);

    expect(answer.imageUrl).toBe('/uploads/a.png');
    expect(calls[0]?.init.body).toBe(form);
    expect(headersOf(calls[0])['Content-Type']).toBeUndefined();
    expect(headersOf(calls[0]).Authorization).toBe('Bearer jwt');
  });

  it('downloads a binary answer as a Blob', async () => {
    const pdf = new Response(new Blob(['%PDF']), {
      status: 200,
      headers: { 'Content-Type': 'application/pdf' },
    });
    const { client } = clientAnswering(pdf);
    const blob = await client.download('/bills/b1/download');
    expect(await blob.text()).toBe('%PDF');
  });
});

describe('error messages', () => {
  it('prefers the server message and falls back to the screen text', () => {
    expect(getErrorMessage(toApiError(400, { message: 'Email already used' }), 'Registration failed')).toBe(
      'Email already used',
    );
    expect(getErrorMessage(toApiError(500, 'Bad gateway'), 'Registration failed')).toBe(
      'Registration failed',
    );
    expect(getErrorMessage(new Error('boom'), 'Login failed')).toBe('Login failed');
  });

  it('reads the error field when there is no message', () => {
    expect(toApiError(400, { error: 'Customer ID is required' }).serverMessage).toBe(
      'Customer ID is required',
    );
  });

  it('invents a code from the status when the server sent none', () => {
    expect(toApiError(503, undefined)).toMatchObject({ code: 'HTTP_503', serverMessage: undefined });
  });
});

describe('the app client on a 401', () => {
  const user = { id: 'u1', name: 'Asha Menon', email: 'asha@example.com', role: 'user' as const };

  it('ends the session the request belonged to and sends the page to sign in', async () => {
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    useSessionStore.getState().signIn('token-a', user);
    setApiFetch(() => Promise.resolve(jsonResponse(401, { message: 'Token revoked', code: 'UNAUTHORIZED' })));
    await expect(get('/me')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().token).toBeNull();
    expect(toLogin).toHaveBeenCalledTimes(1);
  });

  it('ignores a late 401 for a session already signed out of and replaced', async () => {
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    useSessionStore.getState().signIn('token-a', user);
    // The answer arrives after the user signed out and signed in again (the old token was revoked).
    setApiFetch(() => {
      useSessionStore.getState().signOut();
      useSessionStore.getState().signIn('token-b', user);
      return Promise.resolve(jsonResponse(401, { message: 'Token revoked', code: 'UNAUTHORIZED' }));
    });
    await expect(get('/me')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().token).toBe('token-b');
    expect(toLogin).not.toHaveBeenCalled();
  });
});
