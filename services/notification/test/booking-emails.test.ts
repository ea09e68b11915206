import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  bullConnection,
  connectDatabase,
  connectServiceDeps,
  createLogger,
  createPublisher,
  EventConsumer,
  migrateDatabase,
  OutboxRelay,
} from '@spa/kit';
import { createTestDatabase, eventually, testInfra, testServiceKeyEnv, uniqueName } from '@spa/kit/testing';
import { events, type EventDefinition } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { bookingReminderJobId } from '../src/domain/templates/booking-reminder.template.js';
import { emailTemplates } from '../src/domain/templates/index.js';
import { createEmailQueue, emailJobId } from '../src/use-cases/email-jobs.js';
import { createMailer } from '../src/integrations/mailer.js';
import { subscriptions } from '../src/events/subscriptions.js';
import { startEmailWorker } from '../src/worker.js';
import ICAL from 'ical.js';
import { attachmentText, emailsTo, uniqueAddress } from './support/inbox.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** An .ics as a calendar app reads it: its method and its one event, the zone taken from the file. */
function calendarOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.register(
    new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!),
    'Asia/Kolkata',
  );
  return {
    method: calendar.getFirstPropertyValue('method'),
    event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!),
  };
}
const APP_URL = 'http://127.0.0.1:18080';
const HOUR = 3_600_000;

/**
 * The notification service as main.ts wires it (consumer, email queue and worker, the real SMTP sink),
 * fed by a throwaway "booking" database whose outbox a real relay sends to Kafka: booking's appointment
 * events arrive exactly as booking publishes them. Its own Kafka namespace and queue keep it apart.
 */
async function startWorld() {
  const notificationDb = await createTestDatabase('notification_booking');
  const bookingDb = await createTestDatabase('notification_booking_source');
  const namespace = uniqueName('nb');
  const config = loadConfig({
    NODE_ENV: 'test',
    ...testServiceKeyEnv('notification'),
    DATABASE_URL: notificationDb.url,
    KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: namespace,
    REDIS_URL: testInfra.redisUrl,
    SMTP_URL: testInfra.smtpUrl,
    APP_URL,
    EMAIL_QUEUE: uniqueName('notification.email.booking'),
    EMAIL_BACKOFF_MS: '300',
  });
  const logger = createLogger('notification-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const deps = await connectServiceDeps(config, logger, migrationsFolder);
  const queueConnection = bullConnection(config.redisUrl);
  const emailQueue = createEmailQueue(config.email.queueName, queueConnection, config.email.queuePrefix);
  await deps.bus.ensureTopics([{ topic: events.appointmentBooked.topic }]);

  const booking = connectDatabase(bookingDb.url);
  await migrateDatabase(booking.db);
  const publish = createPublisher('booking');
  const relay = new OutboxRelay({ pool: booking.pool, bus: deps.bus, logger, pollIntervalMs: 20 });
  relay.start();
  const consumer = new EventConsumer({
    name: 'notification',
    db: deps.db,
    bus: deps.bus,
    logger,
    subscriptions: subscriptions({ emailQueue, templates: emailTemplates, jobSettings: config.email }),
  });
  await consumer.start();
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const stopWorker = startEmailWorker({
    db: deps.db,
    logger,
    mailer,
    templates: emailTemplates,
    appUrl: config.appUrl,
    billingUrl: config.billingUrl,
    serviceAuth: deps.serviceAuth,
    mailFrom: config.mailFrom,
    queueName: config.email.queueName,
    queuePrefix: config.email.queuePrefix,
    redisUrl: config.redisUrl,
    concurrency: 2,
  });

  return {
    emailQueue,
    /** What booking does: the event goes out through its outbox in a transaction. */
    emit<E extends EventDefinition>(event: E, appointmentId: string, payload: MessageInitShape<E['schema']>) {
      return booking.db.transaction((tx) => publish(tx, event, appointmentId, payload));
    },
    async close() {
      await stopWorker();
      mailer.close();
      await consumer.stop();
      await relay.stop({ flush: false });
      await emailQueue.obliterate({ force: true }).catch(() => undefined);
      await emailQueue.close();
      queueConnection.disconnect();
      await deps.bus.close();
      deps.redis.disconnect();
      await deps.database.close();
      await booking.close();
      await notificationDb.drop();
      await bookingDb.drop();
    },
  };
}

let world: Awaited<ReturnType<typeof startWorld>>;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => world?.close());

/** An appointment as booking's events carry it, starting `startsIn` ms from now. */
function appointment(address: string, startsIn: number, fields: Record<string, unknown> = {}) {
  const start = Date.now() + startsIn;
  return {
    id: randomUUID(),
    appointmentCode: `APT-20261121-${Math.floor(Math.random() * 9000) + 1000}`,
    status: 'Pending',
    paymentStatus: 'Cash',
    paymentMethod: 'cash',
    customerId: randomUUID(),
    customerName: 'Priya Sharma',
    customerEmail: address,
    serviceName: 'Swedish Massage',
    durationLabel: '60 min',
    durationMinutes: 60,
    roomNumber: '201',
    roomType: 'Gold',
    roomLocation: 'First Floor, Lotus Wing',
    startMs: BigInt(start),
    endMs: BigInt(start + HOUR),
    timeZone: 'Asia/Kolkata',
    servicePricePaise: 249_900n,
    roomPricePaise: 200_000n,
    totalPricePaise: 449_900n,
    ...fields,
  };
}

const customer = { id: 'u1', name: 'Priya Sharma', role: 'user' };
const system = { id: 'system', name: 'Booking service', role: 'system' };

async function subjectsTo(address: string, count: number, timeoutMs = 30_000) {
  return eventually(
    async () => {
      const emails = await emailsTo(address);
      expect(emails).toHaveLength(count);
      return emails.map((email) => email.subject).sort();
    },
    { timeoutMs, intervalMs: 250 },
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('booking emails through Kafka, BullMQ and SMTP', () => {
  it('confirms a cash booking at once and reminds 24 hours before it (a delayed job)', async () => {
    const address = uniqueAddress('booking-cash');
    // Starting in 24 hours and 4 seconds: the reminder is due in 4 seconds.
    const booked = appointment(address, 24 * HOUR + 4_000);
    await world.emit(events.appointmentBooked, booked.id, { appointment: booked, bookedBy: customer });

    await eventually(async () => {
      const job = await world.emailQueue.getJob(bookingReminderJobId(booked.id));
      expect(await job?.getState()).toMatch(/delayed|waiting|active|completed/);
    });
    const subjects = await subjectsTo(address, 2);
    expect(subjects[0]).toMatch(/^Reminder: Swedish Massage tomorrow, /);
    expect(subjects[1]).toMatch(/^Your Swedish Massage on .* is booked$/);
    const reminder = (await emailsTo(address)).find((email) => email.subject.startsWith('Reminder'))!;
    expect(reminder.text).toContain(`Appointment: ${booked.appointmentCode}`);
    expect(reminder.text).toContain('You pay at the counter when you arrive.');

    // The confirmation carries the invitation a calendar app adds: parsed by a real iCalendar library.
    const confirmation = (await emailsTo(address)).find((email) => email.subject.endsWith('is booked'))!;
    const invite = calendarOf(await attachmentText(confirmation, 'text/calendar'));
    expect(invite.method).toBe('REQUEST');
    expect(invite.event.uid).toBe(`${booked.id}@bookings.aranyaspa.in`);
    // iCalendar counts whole seconds (a real appointment starts on a whole minute; this one does not).
    const second = (ms: bigint) => Math.floor(Number(ms) / 1000) * 1000;
    expect(invite.event.startDate.toJSDate().getTime()).toBe(second(booked.startMs));
    expect(invite.event.endDate.toJSDate().getTime()).toBe(second(booked.endMs));
  });

  it('confirms an online booking by its receipt once paid, then reminds', async () => {
    const address = uniqueAddress('booking-online');
    const held = appointment(address, 24 * HOUR + 5_000, {
      paymentMethod: 'online',
      paymentStatus: 'Pending',
    });
    await world.emit(events.appointmentBooked, held.id, { appointment: held, bookedBy: customer });
    await world.emit(events.appointmentPaymentStatusChanged, held.id, {
      appointment: { ...held, paymentStatus: 'Paid' },
      previousPaymentStatus: 'Pending',
      changedBy: system,
      providerOrderId: 'order_1',
      providerPaymentId: 'pay_1',
    });

    const subjects = await subjectsTo(address, 2);
    expect(subjects[0]).toMatch(/^Payment received: Swedish Massage on /);
    expect(subjects[1]).toMatch(/^Reminder: /);
    const receipt = (await emailsTo(address)).find((email) => email.subject.startsWith('Payment'))!;
    expect(receipt.text).toContain('Payment reference: pay_1');
    expect(receipt.text).toContain('Total: ₹4,499.00');
  });

  it('sends the cancellation notice and no reminder for a cancelled appointment', async () => {
    const address = uniqueAddress('booking-cancel');
    const booked = appointment(address, 24 * HOUR + 6_000);
    await world.emit(events.appointmentBooked, booked.id, { appointment: booked, bookedBy: customer });
    await world.emit(events.appointmentCancelled, booked.id, {
      appointment: { ...booked, status: 'Cancelled' },
      previousStatus: 'Pending',
      cancelledBy: customer,
      reason: 'customer',
    });

    const subjects = await subjectsTo(address, 2);
    expect(subjects[0]).toMatch(/^Cancelled: Swedish Massage on /);
    expect(subjects[1]).toMatch(/ is booked$/);
    expect(await world.emailQueue.getJob(bookingReminderJobId(booked.id))).toBeUndefined();
    // The notice removes the entry its confirmation added: the same UID, METHOD:CANCEL.
    const notice = (await emailsTo(address)).find((email) => email.subject.startsWith('Cancelled'))!;
    const invite = calendarOf(await attachmentText(notice, 'text/calendar'));
    expect(invite.method).toBe('CANCEL');
    expect(invite.event.uid).toBe(`${booked.id}@bookings.aranyaspa.in`);
    // Past the moment the reminder was due: still only those two.
    await sleep(9_000);
    expect(await emailsTo(address)).toHaveLength(2);
  });

  it('moves the reminder with a rescheduled appointment', async () => {
    const address = uniqueAddress('booking-moved');
    const booked = appointment(address, 48 * HOUR);
    await world.emit(events.appointmentBooked, booked.id, { appointment: booked, bookedBy: customer });
    const start = Date.now() + 24 * HOUR + 5_000;
    await world.emit(events.appointmentRescheduled, booked.id, {
      appointment: { ...booked, startMs: BigInt(start), endMs: BigInt(start + HOUR) },
      previousStartMs: booked.startMs,
      previousEndMs: booked.endMs,
      previousRoomId: 'room-1',
      rescheduledBy: customer,
    });

    const subjects = await subjectsTo(address, 3);
    expect(subjects[0]).toMatch(/^Moved: Swedish Massage is now on /);
    expect(subjects[1]).toMatch(/^Reminder: /);
    expect(subjects[2]).toMatch(/ is booked$/);
  });

  it("skips a phone-only walk-in's confirmation and reminder: no address, nothing sent, nothing retried", async () => {
    // A customer the front desk created with a phone number only: booking's events carry email ''.
    const booked = appointment('', 24 * HOUR + 3_000, { customerName: 'Phone Only' });
    const published = await world.emit(events.appointmentBooked, booked.id, {
      appointment: booked,
      bookedBy: customer,
    });

    const outcomeOf = async (jobId: string) =>
      eventually(
        async () => {
          const job = await world.emailQueue.getJob(jobId);
          expect(await job?.isCompleted()).toBe(true);
          const done = (await world.emailQueue.getJob(jobId))!;
          return { outcome: done.returnvalue as unknown, attempts: done.attemptsMade };
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      );
    expect(await outcomeOf(emailJobId(published.id))).toEqual({ outcome: 'skipped-no-address', attempts: 1 });
    // The reminder is scheduled as for anyone (the worker is the one place that skips); due, it is skipped.
    expect(await outcomeOf(bookingReminderJobId(booked.id))).toEqual({
      outcome: 'skipped-no-address',
      attempts: 1,
    });
  });

  it('sends nothing for an online hold that expired unpaid', async () => {
    const address = uniqueAddress('booking-expired');
    const held = appointment(address, 24 * HOUR + 3_000, {
      paymentMethod: 'online',
      paymentStatus: 'Pending',
    });
    await world.emit(events.appointmentBooked, held.id, { appointment: held, bookedBy: customer });
    await world.emit(events.appointmentCancelled, held.id, {
      appointment: { ...held, status: 'Cancelled' },
      previousStatus: 'Pending',
      cancelledBy: system,
      reason: 'payment-expired',
    });
    // A marker after the two on the same key: once it is delivered, both were handled.
    const marker = appointment(address, 3 * HOUR, { id: held.id, customerEmail: uniqueAddress('marker') });
    await world.emit(events.appointmentBooked, held.id, { appointment: marker, bookedBy: customer });
    await subjectsTo(marker.customerEmail, 1);
    // An absence cannot be polled: past the moment a reminder would have been due (3 s), still nothing.
    await sleep(5_000);
    expect(await emailsTo(address)).toHaveLength(0);
  });
});
