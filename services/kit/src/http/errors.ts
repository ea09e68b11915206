import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, type ErrorBody } from '../errors.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function describeIssue(
  context: string | undefined,
  issue: ValidationIssue,
): { field: string; message: string } {
  const missing = issue.params?.missingProperty;
  const extra = issue.params?.additionalProperty;
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const field = [path, missing ?? extra].filter(Boolean).join('.') || context || 'request';
  if (extra) return { field, message: `${field} is not an allowed field` };
  if (missing) return { field, message: `${field} is required` };
  return { field, message: `${field} ${issue.message ?? 'is invalid'}` };
}

const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// Postgres: class 08 is "connection exception"; 57P01-57P03 are a shutdown or a server not yet accepting.
const POSTGRES_UNAVAILABLE = /^(08...|57P0[1-3])$/;
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'Connection is closed',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
];

/**
 * True when the error (or one it wraps, as drizzle does) says Postgres or Redis could not be reached:
 * an outage the caller can retry, not a bug, so it is a 503 rather than a 500.
 */
export function isStoreUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_ERROR_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code)))
      return true;
    if (CONNECTION_LOST_MESSAGES.some((text) => current instanceof Error && current.message.includes(text)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Maps every error a request can meet to the one error shape; only a real bug is a 500. */
export function toErrorResponse(error: FastifyError | AppError | Error): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.statusCode, body: error.toBody() };
  const fastifyError = error as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
  if (fastifyError.validation) {
    const details = fastifyError.validation.map((issue) =>
      describeIssue(fastifyError.validationContext, issue),
    );
    return {
      status: 400,
      body: { message: details[0]?.message ?? 'Invalid request', code: 'VALIDATION_FAILED', details },
    };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' } };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { message: 'Request body is not valid JSON', code: 'MALFORMED_JSON' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' } };
  }
  if (error instanceof SyntaxError)
    return { status: 400, body: { message: 'Request body is not valid JSON', code: 'MALFORMED_JSON' } };
  if (isStoreUnreachable(error))
    return {
      status: 503,
      body: {
        message: 'The service is briefly unavailable. Please try again in a moment.',
        code: 'SERVICE_UNAVAILABLE',
      },
    };
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, body: { message: fastifyError.message, code: fastifyError.code ?? 'BAD_REQUEST' } };
  }
  return {
    status: 500,
    body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
  };
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorResponse(error as Error);
    if (status === 503) request.log.warn({ err: error }, 'a store could not be reached');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code }, body.message);
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' }),
  );
}
