import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('never retries a 4xx', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'UNAUTHORIZED', 'No token'))).toBe(false);
  });

  it('retries network errors and 5xx twice', () => {
    const serverError = new ApiError(503, 'HTTP_503', 'Unavailable');
    expect(shouldRetry(0, serverError)).toBe(true);
    expect(shouldRetry(1, new ApiError(0, 'NETWORK_ERROR', 'Offline'))).toBe(true);
    expect(shouldRetry(2, serverError)).toBe(false);
  });
});
