import { describe, expect, it } from 'vitest';
import { describeChangedFields } from './bill-history';

describe('describeChangedFields', () => {
  it('names the changed fields in words', () => {
    expect(describeChangedFields(['products'])).toBe('products');
    expect(describeChangedFields(['products', 'subTotal', 'totalPrice'])).toBe(
      'products, sub total and total',
    );
    expect(describeChangedFields(['somethingNew'])).toBe('somethingNew');
    expect(describeChangedFields([])).toBe('');
  });
});
