import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_DURATION_MS, toast, useToastStore } from './toast.store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    useToastStore.getState().clear();
    vi.useRealTimers();
  });

  const messages = () => useToastStore.getState().toasts.map((item) => item.message);

  it('defaults to info and 3000 ms', () => {
    toast.show('Hello');
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      type: 'info',
      duration: DEFAULT_TOAST_DURATION_MS,
    });
    expect(DEFAULT_TOAST_DURATION_MS).toBe(3000);
  });

  it('closes itself after its duration', () => {
    toast.success('Added to cart');
    vi.advanceTimersByTime(2999);
    expect(messages()).toEqual(['Added to cart']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('honours a custom duration, as the booking page uses 5000 ms', () => {
    toast.error('Booking failed. Please try again.', { duration: 5000 });
    vi.advanceTimersByTime(3000);
    expect(messages()).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(messages()).toHaveLength(0);
  });

  it('keeps a toast with duration 0 until dismissed', () => {
    const id = toast.info('Payment cancelled', { duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['Payment cancelled']);
    toast.dismiss(id);
    expect(messages()).toEqual([]);
  });

  it('sets the type from the shorthand', () => {
    toast.success('a');
    toast.error('b');
    toast.info('c');
    expect(useToastStore.getState().toasts.map((item) => item.type)).toEqual(['success', 'error', 'info']);
  });

  it('keeps at most five, dropping the oldest', () => {
    for (let index = 1; index <= 7; index += 1) toast.info(`message ${index}`);
    expect(messages()).toEqual(['message 3', 'message 4', 'message 5', 'message 6', 'message 7']);
  });
});
