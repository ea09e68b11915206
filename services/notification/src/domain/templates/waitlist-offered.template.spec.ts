import { create } from '@bufbuild/protobuf';
import { bookingV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../render-email.js';
import { emailTemplates } from './index.js';
import { waitlistOfferedTemplate } from './waitlist-offered.template.js';

const context = {
  appUrl: 'https://aranya.example',
  invoices: { pdfOf: (): Promise<Buffer> => Promise.reject(new Error('this email attaches no invoice')) },
};

// Held on Saturday 21 November 2026, 11:00 AM IST, until 10:15 AM that morning.
const offer = create(bookingV1.WaitlistOfferedSchema, {
  entry: {
    entryId: '0f1e2d3c-4b5a-4968-8776-655443322110',
    customerId: 'u1',
    customerName: 'Priya <b>Sharma</b>',
    customerEmail: 'priya@example.com',
    serviceId: 's1',
    serviceName: 'Swedish Massage',
    durationMinutes: 60,
    date: '2026-11-21',
    fromMinute: 600,
    toMinute: 720,
    status: 'offered',
  },
  appointment: {
    id: '5b0d3c1e-6d8c-4b55-9a43-0a4c1f3a9e01',
    appointmentCode: 'APT-20261121-0007',
    status: 'Pending',
    paymentStatus: 'Pending',
    paymentMethod: 'online',
    customerId: 'u1',
    customerName: 'Priya <b>Sharma</b>',
    customerEmail: 'priya@example.com',
    serviceName: 'Swedish Massage',
    durationLabel: '60 min',
    durationMinutes: 60,
    roomNumber: '201',
    roomType: 'Gold',
    startMs: BigInt(Date.parse('2026-11-21T05:30:00Z')),
    endMs: BigInt(Date.parse('2026-11-21T06:30:00Z')),
    timeZone: 'Asia/Kolkata',
    totalPricePaise: 449_900n,
  },
  expiresMs: BigInt(Date.parse('2026-11-21T04:45:00Z')),
});

describe('the waitlist offer email', () => {
  it('is registered for booking.waitlist.offered', () => {
    expect(emailTemplates.get('booking.waitlist.offered')).toBe(waitlistOfferedTemplate);
  });

  it('says what is held, until when (in India), what keeps it, and links to the offer', async () => {
    const email = renderEmail(await waitlistOfferedTemplate.compose(offer, context), context);
    expect(email.to).toEqual({ address: 'priya@example.com', name: 'Priya <b>Sharma</b>' });
    expect(email.subject).toBe('A time is free: Swedish Massage on Saturday, 21 November 2026, 11:00 AM');
    expect(email.text).toContain('Hello Priya,');
    expect(email.text).toContain('we are holding it for you until 10:15 AM');
    expect(email.text).toContain('Pay ₹4,499.00 online before then to keep it.');
    expect(email.text).toContain(
      'https://aranya.example/my-appointments?waitlist=0f1e2d3c-4b5a-4968-8776-655443322110',
    );
    expect(email.html).not.toContain('<b>Sharma');
  });

  it('sends nothing to a customer without an email, and refuses an offer without its entry', () => {
    const noAddress = create(bookingV1.WaitlistOfferedSchema, {
      ...offer,
      entry: { ...offer.entry!, customerEmail: '' },
    });
    expect(waitlistOfferedTemplate.wanted!(noAddress as never)).toBe(false);
    expect(() =>
      waitlistOfferedTemplate.recipient(create(bookingV1.WaitlistOfferedSchema, {}) as never),
    ).toThrow(/carries no entry/);
  });
});
