import { describe, expect, it } from 'vitest';
import { isWriteMethod } from './methods.js';

describe('isWriteMethod', () => {
  it('GET, HEAD and OPTIONS only read', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(isWriteMethod(method)).toBe(false);
  });

  it('POST, PUT, PATCH and DELETE write', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(isWriteMethod(method)).toBe(true);
  });

  it('any other method counts as a write (forgetting too much is safe, keeping too much is not)', () => {
    for (const method of ['TRACE', 'QUERY', 'PROPFIND', 'CONNECT']) expect(isWriteMethod(method)).toBe(true);
  });

  it('takes the method as Node gives it (upper case): another spelling is no read', () => {
    expect(isWriteMethod('get')).toBe(true);
  });
});
