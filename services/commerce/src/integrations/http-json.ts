import { propagationHeaders, type ServiceAuth } from '@spa/kit';

/** The other service did not answer (refused, timed out, or answered something that is not JSON). */
export class UpstreamUnreachableError extends Error {
  override name = 'UpstreamUnreachableError';
}

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A JSON call to another service of the platform, carrying the request id and trace along. */
export async function callJson(
  url: string,
  options: {
    method: 'GET' | 'POST';
    body?: unknown;
    timeoutMs: number;
    /** Signs the call for `callee` (its /internal routes refuse unsigned calls). */
    signedFor?: { auth?: ServiceAuth; callee: string };
  },
): Promise<JsonAnswer> {
  let response: Response;
  try {
    const credential = options.signedFor
      ? await options.signedFor.auth?.headersFor(options.signedFor.callee)
      : undefined;
    response = await fetch(url, {
      method: options.method,
      headers: {
        ...propagationHeaders(),
        ...credential,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new UpstreamUnreachableError(`${options.method} ${url} failed: ${describe(error)}`, {
      cause: error,
    });
  }
  try {
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch (error) {
    throw new UpstreamUnreachableError(`${options.method} ${url} answered ${response.status} without JSON`, {
      cause: error,
    });
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return cause ? `${error.message} (${cause})` : error.message;
  }
  return String(error);
}
