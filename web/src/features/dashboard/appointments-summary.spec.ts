import { describe, expect, it } from 'vitest';
import { countUpcoming, readAppointments, statusTone } from './appointments-summary';

describe('readAppointments', () => {
  const item = {
    _id: 'a1',
    appointmentId: 'APT-20261121-0042',
    serviceId: { name: 'Aroma Massage' },
    appointmentDateTime: '2026-11-22T10:00:00.000Z',
    status: 'Confirmed',
    totalPrice: 2500,
    roomId: { location: 'Vijay Nagar' },
  };

  it('reads a list, or a list inside { appointments } or { data }', () => {
    for (const body of [[item], { appointments: [item] }, { data: [item] }]) {
      expect(readAppointments(body)).toEqual([
        {
          id: 'a1',
          appointmentId: 'APT-20261121-0042',
          serviceName: 'Aroma Massage',
          dateTime: '2026-11-22T10:00:00.000Z',
          status: 'Confirmed',
          totalPrice: 2500,
          roomLocation: 'Vijay Nagar',
        },
      ]);
    }
  });

  it('skips what it cannot read', () => {
    expect(readAppointments(null)).toEqual([]);
    expect(readAppointments({ message: 'nope' })).toEqual([]);
    expect(readAppointments([null, 3, { name: 'no id' }])).toEqual([]);
    expect(readAppointments([{ id: 'b', serviceId: 's1' }])[0]).toMatchObject({
      serviceName: 'Treatment',
      status: 'Pending',
    });
  });
});

describe('employee dashboard counts', () => {
  it('counts Scheduled and Confirmed as upcoming', () => {
    const of = (status: string) => ({ id: status, serviceName: 'x', status });
    expect(countUpcoming([of('Scheduled'), of('Confirmed'), of('Completed'), of('Pending')])).toBe(2);
  });

  it('colours statuses', () => {
    expect(statusTone('Completed')).toBe('green');
    expect(statusTone('In Progress')).toBe('blue');
    expect(statusTone('Cancelled')).toBe('red');
    expect(statusTone('Pending')).toBe('amber');
  });
});
