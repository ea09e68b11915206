import { describe, expect, it } from 'vitest';
import type { Service } from '../catalogue/types';
import type { RoomTypeOffer } from '../appointments/booking-choices';
import {
  deskBookingProblem,
  deskBookingRequest,
  newCustomerBody,
  newCustomerProblems,
} from './walk-in.rules';

const service: Service = {
  _id: 'svc-1',
  name: 'Deep Tissue Massage',
  category: 'cat-1',
  benefits: [],
  tags: [],
  isActive: true,
  images: [],
  pricing: [{ _id: 'opt-60', duration: '60 min', durationMinutes: 60, price: 2499.99 }],
};
const gold: RoomTypeOffer = {
  key: 'Gold|Single Bed',
  type: 'Gold',
  capacity: 'Single Bed',
  price: 2000.01,
  tint: 'gold',
};
const choice = {
  customerId: 'cust-1',
  service,
  option: service.pricing[0],
  room: gold,
  date: '2026-12-03',
  time: '14:30',
};

describe('newCustomerProblems', () => {
  it('asks for a name and a phone or an email', () => {
    expect(newCustomerProblems({ name: ' ', phone: '', email: '' })).toEqual({
      name: 'Enter the customer’s name.',
      phone: 'Enter a phone number or an email address (or both).',
    });
    expect(newCustomerProblems({ name: 'Asha', phone: '+91 98765 43210', email: '' })).toEqual({});
    expect(newCustomerProblems({ name: 'Asha', phone: '', email: 'asha@example.com' })).toEqual({});
  });

  it('refuses a short phone, a malformed email and a very long name', () => {
    expect(newCustomerProblems({ name: 'Asha', phone: '98765', email: 'asha@' })).toEqual({
      phone: 'Enter the whole phone number, at least 10 digits.',
      email: 'Enter an email address like name@example.com.',
    });
    expect(newCustomerProblems({ name: 'x'.repeat(101), phone: '9876543210', email: '' }).name).toBe(
      'A name is at most 100 characters.',
    );
  });

  it('sends only what was given, trimmed', () => {
    expect(newCustomerBody({ name: ' Asha ', phone: ' 9876543210 ', email: ' ' })).toEqual({
      name: 'Asha',
      phone: '9876543210',
    });
  });
});

describe('the desk booking', () => {
  it('names the first missing choice', () => {
    expect(deskBookingProblem({ ...choice, customerId: null })).toBe(
      'Choose the customer, or add a new one.',
    );
    expect(deskBookingProblem({ ...choice, service: undefined })).toBe('Choose the treatment.');
    expect(deskBookingProblem({ ...choice, room: undefined })).toBe('Choose the room.');
    expect(deskBookingProblem({ ...choice, time: '' })).toBe('Choose the day and time.');
    expect(deskBookingProblem(choice)).toBeUndefined();
    expect(deskBookingRequest({ ...choice, customerId: null })).toBeUndefined();
  });

  it('books for the customer, cash at the counter, at the prices shown (summed in paise), in IST', () => {
    expect(deskBookingRequest(choice)).toEqual({
      customerId: 'cust-1',
      serviceId: 'svc-1',
      durationMinutes: 60,
      pricingOptionId: 'opt-60',
      price: 2499.99,
      roomPrice: 2000.01,
      totalPrice: 4500,
      type: 'Gold',
      capacity: 'Single Bed',
      appointmentDateTime: '2026-12-03T09:00:00.000Z',
      paymentMethod: 'cash',
    });
  });
});
