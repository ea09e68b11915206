import type { Page } from 'playwright-core';
import { baseUrl } from './browser.js';

/** A signed-in session as POST /auth/login answers it. */
export interface Session {
  token: string;
  user: Record<string, unknown> & { _id?: string; id?: string };
}

/** One call to the gateway's API, failing the test with the answer when it is not a success. */
export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function signIn(email: string, password: string): Promise<Session> {
  const { data } = await api<{ data: Session }>('POST', '/auth/login', { email, password });
  return data;
}

/** Loads the app once, stores the session where the app keeps it (spec: token, user), then opens the page. */
export async function openSignedIn(page: Page, session: Session, path: string): Promise<void> {
  await page.goto('/unauthorized');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
  await page.goto(path);
}
