import type { FastifyRequest } from 'fastify';

/**
 * The header in which the gateway names the client it decided on (from TRUSTED_PROXIES); the gateway
 * always overwrites it, so a client cannot choose it. Identity listens only where the gateway (and
 * the other services) can reach it.
 */
const CLIENT_ADDRESS_HEADER = 'x-spa-client-address';

/**
 * The client's address for sign-in throttling: the gateway's header, else the peer. X-Forwarded-For
 * is never read here: anyone can write it, and only the gateway knows which proxies to believe.
 */
export function clientAddress(request: FastifyRequest): string {
  const header = request.headers[CLIENT_ADDRESS_HEADER];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value && value.length <= 64 ? value : request.ip;
}

/** The cookie naming a device that signed in before (a random id; identity keeps its hash per account). */
const DEVICE_COOKIE = 'spa_device';

/** The device id the browser presented, if any. */
export function presentedDevice(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=');
  }
  return undefined;
}

/** Set-Cookie for the device id: script-proof, same-site only, Secure in production. */
export function deviceCookie(device: string, maxAgeSeconds: number, secure: boolean): string {
  return `${DEVICE_COOKIE}=${device}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
