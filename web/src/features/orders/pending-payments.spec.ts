import { describe, expect, it } from 'vitest';
import {
  forgetProviderOrder,
  pendingPaymentKey,
  recallProviderOrder,
  rememberProviderOrder,
} from './pending-payments';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('pending online payments kept in the browser', () => {
  it('remembers the provider order of an order until it is forgotten', () => {
    const storage = memoryStorage();
    rememberProviderOrder(storage, 'o1', { id: 'order_ABC', amount: 129950, currency: 'INR' });
    expect(recallProviderOrder(storage, 'o1')).toEqual({ id: 'order_ABC', amount: 129950, currency: 'INR' });
    expect(recallProviderOrder(storage, 'o2')).toBeNull();
    forgetProviderOrder(storage, 'o1');
    expect(recallProviderOrder(storage, 'o1')).toBeNull();
  });

  it('ignores a corrupt or tampered entry', () => {
    const storage = memoryStorage();
    storage.setItem(pendingPaymentKey('o1'), '{not json');
    expect(recallProviderOrder(storage, 'o1')).toBeNull();
    storage.setItem(
      pendingPaymentKey('o1'),
      JSON.stringify({ id: 'order_ABC', amount: -5, currency: 'INR' }),
    );
    expect(recallProviderOrder(storage, 'o1')).toBeNull();
    expect(recallProviderOrder(null, 'o1')).toBeNull();
  });
});
