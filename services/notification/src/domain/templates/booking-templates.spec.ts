import { create } from '@bufbuild/protobuf';
import { bookingV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../render-email.js';
import type { EmailTemplate } from '../email-template.js';
import { bookingCancellationTemplate } from './booking-cancellation.template.js';
import { bookingConfirmationTemplate } from './booking-confirmation.template.js';
import { bookingPaymentReceiptTemplate } from './booking-payment-receipt.template.js';
import { bookingReminderTemplate } from './booking-reminder.template.js';
import { bookingRescheduledTemplate } from './booking-rescheduled.template.js';
import { emailTemplates } from './index.js';

/** These templates attach no invoice: asking for one is a bug. */
const noInvoices = {
  pdfOf: (): Promise<Buffer> => Promise.reject(new Error('this email attaches no invoice')),
};

const context = { appUrl: 'https://aranya.example', invoices: noInvoices };

// Saturday 21 November 2026, 11:00 AM to 12:00 PM in Asia/Kolkata.
const appointment = create(bookingV1.AppointmentSchema, {
  id: '5b0d3c1e-6d8c-4b55-9a43-0a4c1f3a9e01',
  appointmentCode: 'APT-20261120-0042',
  status: 'Pending',
  paymentStatus: 'Cash',
  paymentMethod: 'cash',
  customerId: 'u1',
  customerName: 'Priya <b>Sharma</b>',
  customerEmail: 'priya@example.com',
  serviceName: 'Swedish Massage',
  durationLabel: '60 min',
  durationMinutes: 60,
  roomNumber: '201',
  roomType: 'Gold',
  roomLocation: 'First Floor, Lotus Wing',
  employeeName: 'Anjali Patel',
  startMs: BigInt(Date.parse('2026-11-21T05:30:00Z')),
  endMs: BigInt(Date.parse('2026-11-21T06:30:00Z')),
  timeZone: 'Asia/Kolkata',
  servicePricePaise: 249_900n,
  roomPricePaise: 200_000n,
  totalPricePaise: 449_900n,
});
const online = create(bookingV1.AppointmentSchema, {
  ...appointment,
  paymentMethod: 'online',
  paymentStatus: 'Pending',
});
const paid = create(bookingV1.AppointmentSchema, { ...online, paymentStatus: 'Paid' });

async function render(template: EmailTemplate, payload: unknown) {
  return renderEmail(await template.compose(payload as never, context), context);
}

describe('booking emails', () => {
  it('are registered by the event type that sends them', () => {
    expect(emailTemplates.get('booking.appointment.booked')).toBe(bookingConfirmationTemplate);
    expect(emailTemplates.get('booking.appointment.payment-status-changed')).toBe(
      bookingPaymentReceiptTemplate,
    );
    expect(emailTemplates.get('booking.appointment.rescheduled')).toBe(bookingRescheduledTemplate);
    expect(emailTemplates.get('booking.appointment.cancelled')).toBe(bookingCancellationTemplate);
    expect(emailTemplates.get('booking.appointment.status-changed')).toBeUndefined();
  });

  it('confirms a cash booking with its time in India, room, therapist and total', async () => {
    const email = await render(bookingConfirmationTemplate, { appointment });
    expect(email.to).toEqual({ address: 'priya@example.com', name: 'Priya <b>Sharma</b>' });
    expect(email.subject).toBe('Your Swedish Massage on Saturday, 21 November 2026, 11:00 AM is booked');
    expect(email.text).toContain('Hello Priya,');
    expect(email.text).toContain('Appointment: APT-20261120-0042');
    expect(email.text).toContain('Treatment: Swedish Massage (60 min)');
    expect(email.text).toContain('Time: 11:00 AM – 12:00 PM (IST)');
    expect(email.text).toContain('Room: Gold room 201, First Floor, Lotus Wing');
    expect(email.text).toContain('Therapist: Anjali Patel');
    expect(email.text).toContain('Payment: Pay at the counter');
    expect(email.text).toContain('Total: ₹4,499.00');
    expect(email.text).toContain('Please arrive 10 minutes early');
    expect(email.html).toContain('href="https://aranya.example/my-appointments"');
    expect(email.html).not.toContain('<b>Sharma');
  });

  it('sends no confirmation for an online booking until it is paid', () => {
    expect(bookingConfirmationTemplate.wanted!({ appointment } as never)).toBe(true);
    expect(bookingConfirmationTemplate.wanted!({ appointment: online } as never)).toBe(false);
  });

  it('sends the receipt when the payment becomes Paid, and only then', async () => {
    const wanted = bookingPaymentReceiptTemplate.wanted!.bind(bookingPaymentReceiptTemplate);
    expect(wanted({ appointment: paid, previousPaymentStatus: 'Pending' } as never)).toBe(true);
    expect(wanted({ appointment: paid, previousPaymentStatus: 'Paid' } as never)).toBe(false);
    expect(wanted({ appointment: online, previousPaymentStatus: 'Failed' } as never)).toBe(false);
    // Paid at the counter after the treatment: the tax invoice email is the receipt.
    const checkedOut = create(bookingV1.AppointmentSchema, { ...paid, status: 'Completed' });
    expect(wanted({ appointment: checkedOut, previousPaymentStatus: 'Cash' } as never)).toBe(false);
    const email = await render(bookingPaymentReceiptTemplate, {
      appointment: paid,
      previousPaymentStatus: 'Pending',
      providerPaymentId: 'pay_123',
    });
    expect(email.subject).toBe('Payment received: Swedish Massage on Saturday, 21 November 2026, 11:00 AM');
    expect(email.text).toContain('We received your payment of ₹4,499.00.');
    expect(email.text).toContain('Payment: Paid online');
    expect(email.text).toContain('Payment reference: pay_123');
  });

  it('tells a customer whose payment came after the slot was released that it will be refunded', async () => {
    const lost = create(bookingV1.AppointmentSchema, { ...paid, status: 'Cancelled' });
    const email = await render(bookingPaymentReceiptTemplate, {
      appointment: lost,
      previousPaymentStatus: 'Pending',
    });
    expect(email.subject).toBe('Your payment for APT-20261120-0042 will be refunded');
    expect(email.text).toContain('We will refund ₹4,499.00');
  });

  it('notices a cancellation only for appointments the customer had been told were theirs', async () => {
    const wanted = bookingCancellationTemplate.wanted!.bind(bookingCancellationTemplate);
    expect(wanted({ appointment } as never)).toBe(true);
    expect(wanted({ appointment: paid } as never)).toBe(true);
    expect(wanted({ appointment: online } as never)).toBe(false);
    const email = await render(bookingCancellationTemplate, { appointment, reason: 'customer' });
    expect(email.subject).toBe('Cancelled: Swedish Massage on Saturday, 21 November 2026, 11:00 AM');
    expect(email.text).toContain('As you asked, we have cancelled your appointment.');
    expect(email.html).toContain('href="https://aranya.example/appointment"');
  });

  it('tells the new time of a moved appointment', async () => {
    const moved = create(bookingV1.AppointmentSchema, {
      ...appointment,
      startMs: BigInt(Date.parse('2026-11-22T09:30:00Z')),
      endMs: BigInt(Date.parse('2026-11-22T10:30:00Z')),
    });
    const email = await render(bookingRescheduledTemplate, {
      appointment: moved,
      previousStartMs: appointment.startMs,
    });
    expect(email.text).toContain(
      'has moved from Saturday, 21 November 2026, 11:00 AM to Sunday, 22 November 2026, 3:00 PM.',
    );
  });

  it('reminds the day before', async () => {
    const email = await render(bookingReminderTemplate, paid);
    expect(email.subject).toBe('Reminder: Swedish Massage tomorrow, Saturday, 21 November 2026, 11:00 AM');
    expect(email.text).toContain('It is paid; you only need to bring yourself.');
  });
});
