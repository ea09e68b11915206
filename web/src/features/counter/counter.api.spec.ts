import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { alreadyCheckedOutSale, canCheckOut } from './counter.api';

describe('alreadyCheckedOutSale', () => {
  it('finds the sale to continue in a 409 ALREADY_CHECKED_OUT', () => {
    const error = new ApiError(409, 'ALREADY_CHECKED_OUT', 'On a sale', 'On a sale', { saleId: 'sale-7' });
    expect(alreadyCheckedOutSale(error)).toBe('sale-7');
  });

  it('does not take another conflict, or one without a sale, for it', () => {
    expect(
      alreadyCheckedOutSale(new ApiError(409, 'SALE_CHANGED', 'x', 'x', { saleId: 'sale-7' })),
    ).toBeNull();
    expect(alreadyCheckedOutSale(new ApiError(409, 'ALREADY_CHECKED_OUT', 'x', 'x'))).toBeNull();
    expect(alreadyCheckedOutSale(new Error('offline'))).toBeNull();
  });
});

describe('canCheckOut', () => {
  it('offers checkout once the customer came, and not twice', () => {
    expect(
      ['Pending', 'Confirmed', 'Arrived', 'In Progress', 'Completed', 'Cancelled', 'No-show'].filter(
        (status) => canCheckOut({ status }),
      ),
    ).toEqual(['Arrived', 'In Progress', 'Completed']);
    expect(canCheckOut({ status: 'Completed', checkedOutSaleId: 'sale-1' })).toBe(false);
  });
});
