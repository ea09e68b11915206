import { describe, expect, it } from 'vitest';
import { toApiError } from '../../lib/api';
import { CART_COMING_SOON, cartErrorMessage } from './add-to-cart';

describe('cartErrorMessage', () => {
  it('says the cart is coming when the deployment has no store service', () => {
    expect(
      cartErrorMessage(toApiError(503, { message: 'not available yet', code: 'SERVICE_NOT_AVAILABLE' })),
    ).toBe(CART_COMING_SOON);
    expect(
      cartErrorMessage(
        toApiError(404, { message: 'No API endpoint for POST /api/v1/cart', code: 'NOT_FOUND' }),
      ),
    ).toBe(CART_COMING_SOON);
  });

  it("prefers the server's own message for a refusal or an outage", () => {
    expect(cartErrorMessage(toApiError(404, { message: 'Product not found', code: 'NOT_FOUND' }))).toBe(
      'Product not found',
    );
    expect(cartErrorMessage(toApiError(409, { message: 'Only 2 left in stock', code: 'CONFLICT' }))).toBe(
      'Only 2 left in stock',
    );
    const unreachable =
      'The store and payments service is not reachable right now. Please try again shortly.';
    expect(cartErrorMessage(toApiError(502, { message: unreachable, code: 'UPSTREAM_UNAVAILABLE' }))).toBe(
      unreachable,
    );
  });

  it('falls back to the spec text', () => {
    expect(cartErrorMessage(new Error('boom'))).toBe('Failed to add to cart');
    expect(cartErrorMessage(toApiError(500, {}))).toBe('Failed to add to cart');
  });
});
