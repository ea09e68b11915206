import { describe, expect, it } from 'vitest';
import { isStoreUnreachable, toErrorResponse } from './errors.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('errors while Postgres or Redis is down', () => {
  it('are a 503 in the error shape, whether raised directly or wrapped by the query builder', () => {
    const lost = new Error('Connection terminated unexpectedly');
    const wrapped = new Error('Failed query: select 1', { cause: lost });
    for (const error of [
      lost,
      wrapped,
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection is closed.'),
      new Error('Reached the max retries per request limit (which is 20). Refer to "maxRetriesPerRequest"'),
    ]) {
      expect(isStoreUnreachable(error)).toBe(true);
      expect(toErrorResponse(error)).toEqual({
        status: 503,
        body: {
          message: 'The service is briefly unavailable. Please try again in a moment.',
          code: 'SERVICE_UNAVAILABLE',
        },
      });
    }
  });

  it('leave real bugs and constraint violations alone', () => {
    expect(isStoreUnreachable(new TypeError('x is undefined'))).toBe(false);
    expect(isStoreUnreachable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(
      false,
    );
    expect(toErrorResponse(new TypeError('x is undefined')).status).toBe(500);
  });
});
