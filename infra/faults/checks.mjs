// What the fault experiments look at in the databases: every service's outbox and inbox, the domain
// tables behind the load's ledger, the read models and the emails sent. Read-only queries against the
// throwaway stack's databases (<prefix>_<service>) on the private Postgres.
import pg from 'pg';

export const SERVICE_NAMES = ['identity', 'catalogue', 'booking', 'commerce', 'billing', 'notification'];

/** What each service consumes (its events/subscriptions.ts), by event type. */
export const SUBSCRIPTIONS = {
  catalogue: ['identity.employee-role.upserted', 'identity.employee-role.deleted'],
  booking: [
    'catalogue.service.upserted',
    'catalogue.service.deleted',
    'catalogue.category.upserted',
    'catalogue.category.deleted',
    'catalogue.room.upserted',
    'catalogue.room.deleted',
    'identity.user.registered',
    'identity.user.updated',
    'identity.user.deleted',
    'commerce.payment.captured',
    'commerce.payment.failed',
  ],
  commerce: ['catalogue.product.upserted', 'catalogue.product.deleted'],
  notification: [
    'identity.email-verification.requested',
    'identity.password-reset.requested',
    'billing.bill.issued',
    'billing.bill.updated',
    'booking.appointment.booked',
    'booking.appointment.payment-status-changed',
    'booking.appointment.rescheduled',
    'booking.appointment.cancelled',
  ],
};

/** Read models whose rows must not change when events are delivered again (table, ordering key). */
const READ_MODELS = {
  booking: ['services', 'categories', 'rooms', 'users', 'appointments'],
  commerce: ['products', 'orders', 'payments'],
  catalogue: ['employee_roles'],
  notification: ['sent_emails'],
};

/**
 * @param {string} adminUrl
 * @param {string} prefix
 */
export function openDatabases(adminUrl, prefix) {
  const pools = Object.fromEntries(
    SERVICE_NAMES.map((name) => {
      const url = new URL(adminUrl);
      url.pathname = `/${prefix}_${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2, connectionTimeoutMillis: 3_000 });
      pool.on('error', () => undefined); // Postgres restarts under us on purpose
      return [name, pool];
    }),
  );
  /**
   * @param {string} name the service whose database to ask
   * @param {string} text
   * @param {unknown[]} [values]
   * @returns {Promise<any[]>}
   */
  const query = async (name, text, values) =>
    (await /** @type {pg.Pool} */ (pools[name]).query(text, values)).rows;
  return { pools, query, close: () => Promise.all(Object.values(pools).map((pool) => pool.end())) };
}

/** @typedef {ReturnType<typeof openDatabases>} Databases */

/**
 * Unsent outbox rows per service (the relay's backlog).
 * @param {Databases} db
 */
export async function outboxBacklog(db) {
  /** @type {Record<string, number>} */
  const backlog = {};
  for (const name of SERVICE_NAMES) {
    const [row] = await db.query(name, 'select count(*)::int as n from outbox where sent_at is null');
    backlog[name] = row.n;
  }
  return backlog;
}

/**
 * For every consumer and every producer: the producer's outbox events of a type the consumer handles
 * against the consumer's inbox. missing = produced but never handled; unknown = handled but produced
 * by nobody (never expected).
 * @param {Databases} db
 */
export async function deliveryReport(db) {
  /** @type {Map<string, string>} */
  const produced = new Map(); // event id -> type
  for (const name of SERVICE_NAMES) {
    for (const row of await db.query(name, 'select id::text as id, event_type from outbox'))
      produced.set(row.id, row.event_type);
  }
  /** @type {Record<string, { expected: number, handled: number, missing: number, unknown: number }>} */
  const perConsumer = {};
  let missingTotal = 0;
  let unknownTotal = 0;
  for (const [consumer, types] of Object.entries(SUBSCRIPTIONS)) {
    // A service may consume under several names: booking's read models use `booking.read-models.<generation>`.
    /** @type {Set<string>} */
    const handled = new Set(
      (
        await db.query(
          consumer,
          `select distinct event_id::text as id from inbox where consumer = $1 or consumer like $1 || '.%'`,
          [consumer],
        )
      ).map((row) => row.id),
    );
    const wanted = [...produced].filter(([, type]) => types.includes(type)).map(([id]) => id);
    const missing = wanted.filter((id) => !handled.has(id));
    const unknown = [...handled].filter((id) => !produced.has(id));
    perConsumer[consumer] = {
      expected: wanted.length,
      handled: handled.size,
      missing: missing.length,
      unknown: unknown.length,
    };
    missingTotal += missing.length;
    unknownTotal += unknown.length;
  }
  return { perConsumer, missing: missingTotal, unknown: unknownTotal, produced: produced.size };
}

/**
 * Inbox row counts per consumer (a redelivery must not add any).
 * @param {Databases} db
 */
export async function inboxCounts(db) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const consumer of Object.keys(SUBSCRIPTIONS)) {
    const [row] = await db.query(consumer, 'select count(*)::int as n from inbox');
    counts[consumer] = row.n;
  }
  return counts;
}

/**
 * One digest per read model: any changed, added or removed row changes it.
 * @param {Databases} db
 */
export async function readModelDigests(db) {
  /** @type {Record<string, string>} */
  const digests = {};
  for (const [service, tables] of Object.entries(READ_MODELS)) {
    for (const table of tables) {
      const [row] = await db.query(
        service,
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
      );
      digests[`${service}.${table}`] = `${row.n}:${row.digest}`;
    }
  }
  return digests;
}

/**
 * Every accepted item in its domain table exactly once; rows beyond the ledger at most the requests
 * whose outcome was unknown; every verified payment captured once and its order or appointment paid.
 * @param {Databases} db
 * @param {import('./load.mjs').Ledger} ledger
 * @param {Record<import('./load.mjs').LedgerKind, number>} uncertain
 */
export async function ledgerReport(db, ledger, uncertain) {
  /** @type {string[]} */
  const problems = [];
  /** @type {Record<string, Record<string, number>>} */
  const counts = {};
  /**
   * @param {import('./load.mjs').LedgerKind} kind
   * @param {string} service
   * @param {string} table
   * @param {string[]} ids
   */
  const compare = async (kind, service, table, ids) => {
    const rows = await db.query(service, `select id::text as id from ${table}`);
    /** @type {Map<string, number>} */
    const seen = new Map();
    for (const { id } of rows) seen.set(id, (seen.get(id) ?? 0) + 1);
    const lost = ids.filter((id) => !seen.has(id));
    const duplicated = [...seen].filter(([, n]) => n > 1).length;
    const acceptedTwice = ids.length - new Set(ids).size;
    const beyondLedger = [...seen.keys()].filter((id) => !ids.includes(id)).length;
    counts[kind] = {
      accepted: ids.length,
      rows: rows.length,
      lost: lost.length,
      duplicated,
      beyondLedger,
      uncertain: uncertain[kind],
    };
    if (lost.length > 0) problems.push(`${kind}: ${lost.length} accepted but missing (e.g. ${lost[0]})`);
    if (duplicated > 0 || acceptedTwice > 0)
      problems.push(`${kind}: ${duplicated + acceptedTwice} duplicated`);
    if (beyondLedger > uncertain[kind])
      problems.push(
        `${kind}: ${beyondLedger} rows nobody was told were accepted, only ${uncertain[kind]} uncertain requests`,
      );
  };
  await compare(
    'bookings',
    'booking',
    'appointments',
    ledger.bookings.map((entry) => entry.id),
  );
  await compare(
    'orders',
    'commerce',
    'orders',
    ledger.orders.map((entry) => entry.id),
  );
  await compare(
    'bills',
    'billing',
    'bills',
    ledger.bills.map((entry) => entry.id),
  );

  const invoices = await db.query(
    'billing',
    'select count(*)::int as n, count(distinct invoice_number)::int as distinct_numbers from bills',
  );
  if (invoices[0].n !== invoices[0].distinct_numbers)
    problems.push('bills: an invoice number was given twice');

  // Payments: one captured payment per provider order, and the thing it paid for is paid.
  const payments = await db.query(
    'commerce',
    `select provider_order_id, status, purpose, order_id::text as order_id, appointment_id from payments`,
  );
  const byProviderOrder = new Map(payments.map((row) => [row.provider_order_id, row]));
  let paymentProblems = 0;
  /** @type {string[]} */
  const paidOrders = [];
  /** @type {string[]} */
  const paidAppointments = [];
  for (const entry of ledger.payments) {
    const payment = byProviderOrder.get(entry.providerOrderId);
    if (!payment || payment.status !== 'captured') {
      paymentProblems++;
      if (paymentProblems === 1)
        problems.push(
          `payments: verified payment ${entry.providerOrderId} is ${payment?.status ?? 'missing'}`,
        );
      continue;
    }
    if (entry.kind === 'order') paidOrders.push(entry.targetId);
    else paidAppointments.push(entry.targetId);
  }
  const verifiedTwice =
    ledger.payments.length - new Set(ledger.payments.map((entry) => entry.providerOrderId)).size;
  if (verifiedTwice > 0)
    problems.push(`payments: ${verifiedTwice} provider orders verified twice by the load`);
  const unpaidOrders = paidOrders.length
    ? (
        await db.query(
          'commerce',
          'select count(*)::int as n from orders where id = any($1::uuid[]) and not is_paid',
          [paidOrders],
        )
      )[0].n
    : 0;
  if (unpaidOrders > 0)
    problems.push(`payments: ${unpaidOrders} orders paid at the provider but not marked paid`);
  const unpaidAppointments = paidAppointments.length
    ? (
        await db.query(
          'booking',
          `select count(*)::int as n from appointments where id = any($1::uuid[]) and payment_status <> 'Paid'`,
          [paidAppointments],
        )
      )[0].n
    : 0;
  if (unpaidAppointments > 0)
    problems.push(`payments: ${unpaidAppointments} appointments paid but not marked Paid in booking`);
  const captured = payments.filter((row) => row.status === 'captured').length;
  counts.payments = {
    accepted: ledger.payments.length,
    capturedRows: captured,
    notCaptured: paymentProblems,
    unpaidOrders,
    unpaidAppointments,
    uncertain: uncertain.payments,
  };
  return { ok: problems.length === 0, problems, counts };
}

/**
 * Emails: every booking confirmation (a cash booking's booked event) sent exactly once, and maildev
 * holding exactly one message per sent_emails row.
 * @param {Databases} db
 * @param {string} mailWebUrl
 * @param {number} [allowedExtra]
 */
export async function emailReport(db, mailWebUrl, allowedExtra = 0) {
  /** @type {string[]} */
  const problems = [];
  const cashBooked = await db.query(
    'booking',
    `select count(*)::int as n from appointments where payment_method = 'cash'`,
  );
  const bookedEvents = await db.query(
    'booking',
    `select id::text as id, key from outbox where event_type = 'booking.appointment.booked'`,
  );
  const cashIds = new Set(
    (await db.query('booking', `select id::text as id from appointments where payment_method = 'cash'`)).map(
      (row) => row.id,
    ),
  );
  const confirmationEvents = bookedEvents.filter((event) => cashIds.has(event.key)).map((event) => event.id);
  const sent = await db.query(
    'notification',
    'select event_id::text as event_id, purpose, message_id, event_type from sent_emails',
  );
  /** @type {Map<string, number>} */
  const sentByEvent = new Map();
  for (const row of sent) sentByEvent.set(row.event_id, (sentByEvent.get(row.event_id) ?? 0) + 1);
  const unconfirmed = confirmationEvents.filter((id) => !sentByEvent.has(id)).length;
  if (unconfirmed > 0) problems.push(`${unconfirmed} cash bookings without a confirmation email`);

  const inbox = /** @type {any[]} */ (
    await (await fetch(`${mailWebUrl}/email`, { signal: AbortSignal.timeout(10_000) })).json()
  );
  /** @type {Map<string, number>} */
  const byMessageId = new Map();
  for (const email of inbox) {
    const id = email.messageId ?? email.headers?.['message-id'] ?? email.id;
    byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
  }
  // Two deliveries of one email carry different message ids: count by recipient and subject too.
  /** @type {Map<string, number>} */
  const byRecipientSubject = new Map();
  for (const email of inbox) {
    const key = `${(email.to ?? []).map((/** @type {{ address: string }} */ to) => to.address).join(',')}|${email.subject}`;
    byRecipientSubject.set(key, (byRecipientSubject.get(key) ?? 0) + 1);
  }
  const expectedMessages = sent.filter((row) => row.message_id).length;
  // The same email (same Message-ID) twice: a send whose commit failed after the SMTP server's
  // "250 OK" (the worker killed, or Postgres gone at that moment) is retried and sends again. That is
  // notification's at-least-once contract, a window no SMTP client can close; it is counted and shown.
  // Anything else is a failure: fewer emails than recorded sends (lost), or an extra email that is not
  // such a resend (a double effect), beyond what the caller's kills may explain.
  const resentIdentical = [...byMessageId.values()].reduce((sum, n) => sum + n - 1, 0);
  if (inbox.length < sent.length)
    problems.push(`maildev holds ${inbox.length} emails but notification recorded ${sent.length} sends`);
  const unexplained = inbox.length - sent.length - resentIdentical;
  if (unexplained > allowedExtra)
    problems.push(`${unexplained} emails beyond the recorded sends that are not resends of one email`);
  return {
    ok: problems.length === 0,
    problems,
    counts: {
      cashBookings: cashBooked[0].n,
      confirmations: confirmationEvents.length - unconfirmed,
      sentEmails: sent.length,
      resentIdentical,
      resentAfterCrash: Math.max(0, inbox.length - sent.length - resentIdentical),
      withMessageId: expectedMessages,
      maildev: inbox.length,
      sameRecipientAndSubjectTwice: [...byRecipientSubject.values()].filter((n) => n > 1).length,
    },
  };
}

/**
 * Outboxes empty, every event handled by its consumers, the cash bookings' emails sent.
 * @param {Databases} db
 * @param {string} mailWebUrl
 * @param {number} [allowedExtraEmails]
 */
export async function quiescent(db, mailWebUrl, allowedExtraEmails = 0) {
  const backlog = await outboxBacklog(db);
  const unsent = Object.values(backlog).reduce((sum, n) => sum + n, 0);
  const delivery = await deliveryReport(db);
  const emails = await emailReport(db, mailWebUrl, allowedExtraEmails);
  return {
    done: unsent === 0 && delivery.missing === 0 && emails.ok,
    settled: unsent === 0 && delivery.missing === 0,
    backlog,
    unsent,
    delivery,
    emails,
  };
}
