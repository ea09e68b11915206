/**
 * The one error shape of the platform: `{ message, code, details? }`. Throw an AppError from any
 * handler; the app factory's error handler turns everything else into the same shape.
 */
export interface ErrorBody {
  message: string;
  code: string;
  details?: unknown[];
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return this.details
      ? { message: this.message, code: this.code, details: this.details }
      : { message: this.message, code: this.code };
  }
}

export const badRequest = (message: string, details?: unknown[]) =>
  new AppError(400, 'BAD_REQUEST', message, details);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, details?: unknown[]) =>
  new AppError(409, 'CONFLICT', message, details);
export const unprocessable = (message: string, details?: unknown[]) =>
  new AppError(422, 'BUSINESS_RULE', message, details);
export const tooManyRequests = (message: string) => new AppError(429, 'RATE_LIMITED', message);

/**
 * Environment configuration is read once at start-up (config.ts). Every problem is collected first so
 * a misconfigured service names all of its missing or bad variables in one message.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}
