import { toJson } from '@bufbuild/protobuf';
import { on, type EventHandler, type EventMeta, type Subscription } from '@spa/kit';
import { bookingV1, events, type EventDefinition } from '@spa/proto';
import { isConfirmedToCustomer, type Appointment } from '../../domain/templates/booking-shared.js';
import {
  bookingReminderJob,
  bookingReminderJobId,
  REMINDER_LEAD_MS,
} from '../../domain/templates/booking-reminder.template.js';
import type { EmailJobData, EmailJobSettings, EmailQueue } from '../../use-cases/email-jobs.js';

export interface ReminderDeps {
  emailQueue: EmailQueue;
  jobSettings: EmailJobSettings;
  /** The current time in epoch ms; tests may pin it. */
  now?: () => number;
}

/**
 * Schedules the 24-hour reminder as a delayed job on the email queue (the email worker sends it). An
 * appointment that starts sooner than that gets none: its confirmation has just gone out.
 */
async function scheduleReminder(
  deps: ReminderDeps,
  appointment: Appointment,
  meta: EventMeta,
): Promise<void> {
  const delay = Number(appointment.startMs) - REMINDER_LEAD_MS - (deps.now ?? Date.now)();
  if (delay <= 0) return;
  const data: EmailJobData = {
    eventId: meta.id,
    eventType: bookingReminderJob.type,
    occurredAt: meta.occurredAt.toISOString(),
    payload: toJson(bookingV1.AppointmentSchema, appointment),
  };
  await deps.emailQueue.add(bookingReminderJob.type, data, {
    jobId: bookingReminderJobId(appointment.id),
    delay,
    attempts: deps.jobSettings.attempts,
    backoff: { type: 'exponential', delay: deps.jobSettings.backoffMs },
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: { age: 30 * 24 * 3600 },
  });
}

/**
 * Drops the appointment's reminder. A reminder being sent at this very moment cannot be removed (its
 * job is locked) and goes out; every other state (delayed, waiting, sent, failed) is removed.
 */
async function removeReminder(deps: ReminderDeps, appointmentId: string): Promise<void> {
  const job = await deps.emailQueue.getJob(bookingReminderJobId(appointmentId));
  await job?.remove().catch(() => undefined);
}

const reminderHandlers = (deps: ReminderDeps) =>
  [
    // A cash booking is confirmed at once; an online one when it is paid.
    on(events.appointmentBooked, async (_tx, payload, meta) => {
      if (payload.appointment && isConfirmedToCustomer(payload.appointment))
        await scheduleReminder(deps, payload.appointment, meta);
    }),
    on(events.appointmentPaymentStatusChanged, async (_tx, payload, meta) => {
      const appointment = payload.appointment;
      if (!appointment || appointment.paymentStatus !== 'Paid' || appointment.status === 'Cancelled') return;
      await scheduleReminder(deps, appointment, meta);
    }),
    // A new time replaces the reminder: it is dropped and scheduled for the new start.
    on(events.appointmentRescheduled, async (_tx, payload, meta) => {
      if (!payload.appointment) return;
      await removeReminder(deps, payload.appointment.id);
      if (isConfirmedToCustomer(payload.appointment)) await scheduleReminder(deps, payload.appointment, meta);
    }),
    on(events.appointmentCancelled, async (_tx, payload) => {
      if (payload.appointment) await removeReminder(deps, payload.appointment.id);
    }),
  ] satisfies Subscription[];

/**
 * Adds the reminder scheduling to the email subscriptions. The consumer takes one handler per event
 * type, so where an event also sends an email both run, the email first, in the same transaction.
 */
export function withBookingReminders(emailSubscriptions: Subscription[], deps: ReminderDeps): Subscription[] {
  const handlers = new Map<string, { event: EventDefinition; steps: EventHandler<EventDefinition>[] }>();
  for (const { event, handle } of [...emailSubscriptions, ...reminderHandlers(deps)]) {
    const entry = handlers.get(event.type) ?? { event, steps: [] };
    entry.steps.push(handle);
    handlers.set(event.type, entry);
  }
  return [...handlers.values()].map(({ event, steps }) =>
    on(event, async (tx, payload, meta) => {
      for (const step of steps) await step(tx, payload, meta);
    }),
  );
}
