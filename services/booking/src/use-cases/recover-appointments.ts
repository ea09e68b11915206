import { AppError, retryUntilDone } from '@spa/kit';
import { SYSTEM_ACTOR, type Appointment } from '../domain/appointment.js';
import { appointmentCodeSequence, appointmentFromSnapshot } from '../domain/appointment-snapshot.js';
import {
  appointmentVersions,
  newestAppointmentChange,
  raiseAppointmentCodeSequence,
  restoreAppointmentSnapshot,
} from '../db/appointment-restore.repository.js';
import { recordHistory } from '../db/appointment-writes.repository.js';
import { constraintRefused } from '../db/pg-errors.js';
import { readAppointmentSnapshotsSince } from '../integrations/appointment-topic.js';
import type { AppointmentRecovery, BookingContext } from './context.js';

/**
 * Kafka stamps an event with the clock of the replica that relayed it, which may run behind the clock
 * of the replica that changed the appointment; read from this long before the newest change.
 */
const CLOCK_SKEW_MARGIN_MS = 10 * 60_000;
/** One attempt to read the topic to its end gives up after this long. */
const READ_TIMEOUT_MS = 30_000;

export const RESTORED_NOTE = 'Restored from booking’s events after its database was restored from a backup';

export interface AppointmentsRecovered {
  /** Kafka was read from this moment (the newest change in the database, less the skew margin). */
  readFrom: Date;
  messages: number;
  /** Appointments read (their newest snapshot each), and what was done with them. */
  read: number;
  inserted: number;
  updated: number;
  /** Refused by a constraint (another active appointment holds the slot, the code is taken). */
  skipped: number;
}

/**
 * Runs at start, before booking serves: gives back to a database restored from a backup the
 * appointments accepted or changed after the backup.
 *
 * Every appointment event booking published went out on its appointment topic through the outbox,
 * carrying the whole appointment as it was after the change, and Kafka keeps those events whatever
 * happens to the database. An appointment the database lacks (or holds in an older state) changed
 * after the newest change the database knows, and its event was relayed after that; so reading the
 * topic from that moment (less a margin for clock skew) to its current end sees all of them, and the
 * read stays small after a plain restart. Each appointment's newest snapshot is written back when the
 * row is missing or older (db/appointment-restore.repository.ts), with a history entry saying so;
 * nothing is published (the events are on the bus already) and nobody is emailed.
 *
 * Not recovered: an appointment whose event had not left the outbox when the database was lost,
 * events the topic's retention already deleted (logged as a warning), and what no event carries
 * (history entries, the late-cancellation terms, a pending online booking's provider order id: its
 * payment still makes it Paid, since recordPayment takes commerce's word for an appointment that knows
 * no order id).
 */
export async function recoverAppointments(
  deps: Pick<BookingContext, 'db' | 'logger' | 'config'>,
): Promise<AppointmentsRecovered> {
  const started = Date.now();
  const newest = await newestAppointmentChange(deps.db);
  const readFrom = new Date(newest ? Math.max(0, newest.getTime() - CLOCK_SKEW_MARGIN_MS) : 0);
  const read = await readAppointmentSnapshotsSince({
    brokers: deps.config.kafkaBrokers,
    namespace: deps.config.kafkaNamespace,
    sinceMs: readFrom.getTime(),
    timeoutMs: READ_TIMEOUT_MS,
  });
  const snapshots = [...read.snapshots.values()];
  const versions = await appointmentVersions(
    deps.db,
    snapshots.map((snapshot) => snapshot.appointment.id),
  );
  const result: AppointmentsRecovered = {
    readFrom,
    messages: read.messages,
    read: snapshots.length,
    inserted: 0,
    updated: 0,
    skipped: 0,
  };
  let highestCode = 0;
  let pending: Array<{ row: Appointment; known?: { status: string } }> = [];
  for (const snapshot of snapshots) {
    highestCode = Math.max(highestCode, appointmentCodeSequence(snapshot.appointment.appointmentCode) ?? 0);
    const known = versions.get(snapshot.appointment.id);
    if (known && known.updatedAt.getTime() >= Number(snapshot.appointment.updatedAtMs)) continue;
    try {
      pending.push({ row: appointmentFromSnapshot(snapshot), known });
    } catch (error) {
      deps.logger.warn(
        { err: error, appointmentId: snapshot.appointment.id },
        'appointment recovery: skipped',
      );
      result.skipped += 1;
    }
  }
  // Rows the database has first (a stale one may still hold a slot its newer state gave up, which a
  // forgotten appointment took); then again whatever a constraint refused, while that helps.
  pending.sort((a, b) => Number(!a.known) - Number(!b.known));
  let refused: Array<{ row: Appointment; known?: { status: string }; constraint: string }> = [];
  while (pending.length > 0) {
    refused = [];
    for (const { row, known } of pending) {
      try {
        const written = await deps.db.transaction(async (tx) => {
          if (!(await restoreAppointmentSnapshot(tx, row))) return false;
          await recordHistory(tx, row.id, SYSTEM_ACTOR, new Date(), [
            { field: 'status', from: known?.status ?? null, to: row.status, note: RESTORED_NOTE },
          ]);
          return true;
        });
        if (written) result[known ? 'updated' : 'inserted'] += 1;
      } catch (error) {
        const constraint = constraintRefused(error);
        if (!constraint) throw error;
        refused.push({ row, known, constraint });
      }
    }
    if (refused.length === pending.length) break;
    pending = refused;
  }
  for (const { row, constraint } of refused) {
    // Another active appointment holds its room or employee now (or its code is taken): written back,
    // it would be a double booking. Left for the desk to sort out with the customer.
    deps.logger.warn(
      {
        appointmentId: row.id,
        appointmentCode: row.appointmentCode,
        roomId: row.roomId,
        employeeId: row.employeeId,
        startsAt: row.startsAt,
        status: row.status,
        constraint,
      },
      'appointment recovery: not restored, it conflicts with an appointment the database has',
    );
    result.skipped += 1;
  }
  // The codes of the appointments written back must never be handed out again.
  if (highestCode > 0) await raiseAppointmentCodeSequence(deps.db, highestCode);
  const summary = {
    ...result,
    partitions: read.partitions,
    ms: Date.now() - started,
  };
  if (read.retentionGap) {
    deps.logger.warn(
      summary,
      'appointment recovery: the appointment topic no longer keeps every event since the newest ' +
        'appointment change (retention); appointments of that stretch cannot be recovered',
    );
  }
  deps.logger.info(
    summary,
    result.inserted + result.updated > 0
      ? 'appointment recovery: appointments written back from booking’s events'
      : 'appointment recovery: the database already has every appointment its events show',
  );
  return result;
}

/**
 * What taking a slot (booking, moving, reopening an appointment) throws while the recovery has not
 * run: a slot held by an appointment the restored database forgot would otherwise be booked twice.
 */
const appointmentsRecovering = () =>
  new AppError(
    503,
    'APPOINTMENTS_RECOVERING',
    'Appointments are being checked against the bookings already taken. Please try again in a minute.',
  );

/** Throws appointmentsRecovering when a recovery is under way and has not yet succeeded. */
export function assertAppointmentsRecovered(context: { recovery?: AppointmentRecovery }): void {
  if (context.recovery && !context.recovery.recovered()) throw appointmentsRecovering();
}

/**
 * Recovers the appointments at start (recoverAppointments), waiting for that first attempt. When Kafka
 * cannot be read, booking still starts and serves, but refuses to take slots (new bookings, moves,
 * reopening a cancelled or no-show appointment answer 503 APPOINTMENTS_RECOVERING) until an attempt
 * has succeeded; it is retried in the background (the kit's retryUntilDone) every 5 s, then up to a
 * minute apart.
 *
 * Why serve at all: reading appointments, the calendar, check-in, cancelling and paying an existing
 * appointment stay right (or, for a row the restore made older, are overwritten only by a newer change
 * of the desk's own), and the spa's desk keeps working through a Kafka outage. Why refuse slots: unlike
 * a change to a known appointment, a new booking cannot see an appointment the restored database
 * forgot, and would double-book its room or employee: the customer who booked after the backup would
 * arrive to find their slot given away. (Billing likewise refuses only new bills meanwhile.) Without
 * Kafka the relay and the consumers are stalled too, so nothing else takes slots in the meantime.
 */
export async function startAppointmentRecovery(
  deps: Pick<BookingContext, 'db' | 'logger' | 'config'>,
): Promise<AppointmentRecovery> {
  const run = await retryUntilDone({
    attempt: () => recoverAppointments(deps),
    onFailure: (error) =>
      deps.logger.error(
        { err: error },
        'appointment recovery: could not read the appointment topic; new bookings are refused until it can be read',
      ),
  });
  return { recovered: run.done, stop: run.stop };
}
