import { describe, expect, it } from 'vitest';
import { providerOrderFailure, ProviderRefusedError, ProviderUnreachableError } from './payment-provider.js';

describe('a provider order that could not be made', () => {
  it('passes on the provider’s reason when it refused the payment', () => {
    const refused = providerOrderFailure(
      new ProviderRefusedError(400, 'BAD_REQUEST_ERROR', 'Amount exceeds maximum amount allowed.'),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.message).toBe(
      'The payment provider refused this payment: Amount exceeds maximum amount allowed.',
    );
  });

  it('says "try again" when the provider was unreachable, failed, or refused our credentials', () => {
    for (const error of [
      new ProviderUnreachableError('timeout of 10000ms exceeded'),
      new ProviderRefusedError(500, 'SERVER_ERROR', 'oops'),
      new ProviderRefusedError(401, 'BAD_REQUEST_ERROR', 'Authentication failed'),
    ]) {
      const answer = providerOrderFailure(error);
      expect(answer.statusCode).toBe(502);
      expect(answer.message).toBe('Failed to initialize payment. Please try again.');
    }
  });
});
