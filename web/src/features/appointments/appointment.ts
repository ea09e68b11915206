/**
 * An appointment as the screens use it, read from the booking API's JSON (spec section 3: populated
 * serviceId, userId, employeeId and roomId, ids as `_id`, money in rupees, times ISO-8601 UTC). Every
 * field is read defensively: a reference may be missing (a deleted room) or still a bare id.
 */
import { customerCancellationProblem } from '@spa/rules';

export const APPOINTMENT_STATUSES = [
  'Pending',
  'Scheduled',
  'Confirmed',
  'Arrived',
  'In Progress',
  'Completed',
  'No-show',
  'Cancelled',
] as const;

/** The customer list's filter (spec: All Statuses, Pending, Confirmed, In Progress, Completed, Cancelled). */
export const CUSTOMER_STATUS_FILTERS = ['Pending', 'Confirmed', 'In Progress', 'Completed', 'Cancelled'];

export const PAYMENT_STATUSES = [
  'Pending',
  'Paid',
  'Failed',
  'Partially refunded',
  'Refunded',
  'Cash',
] as const;

export type PaymentMethod = 'cash' | 'online';
export type TimeRange = 'upcoming' | 'past' | 'all';

interface AppointmentService {
  id?: string;
  name: string;
  category?: string;
  description?: string;
  durationMinutes?: number;
}

interface AppointmentPerson {
  id?: string;
  name: string;
  email?: string;
  phone?: string;
}

interface AppointmentEmployee {
  id?: string;
  name: string;
  employeeId?: string;
  employeeRole?: string;
  workingLocation?: string;
}

interface AppointmentRoom {
  id?: string;
  roomNumber?: string;
  type?: string;
  capacity?: string;
  location?: string;
  price?: number;
}

export interface Appointment {
  id: string;
  /** The human id, e.g. APT-20261121-0042. */
  appointmentId: string;
  service: AppointmentService;
  customer?: AppointmentPerson;
  employee?: AppointmentEmployee;
  room?: AppointmentRoom;
  start?: string;
  end?: string;
  createdAt?: string;
  status: string;
  paymentStatus: string;
  paymentMethod?: PaymentMethod;
  servicePrice?: number;
  roomPrice?: number;
  totalPrice?: number;
  /** Set by the server when it tells whether the customer may still cancel. */
  canCancel?: boolean;
  /** The online payment is a deposit (the treatment's policy): what it is, what is due, the terms. */
  deposit?: AppointmentDeposit;
  /** The counter sale the visit was checked out on (its invoice is that sale's). */
  checkedOutSaleId?: string;
}

/** Rupees, as booking answers them. */
export interface AppointmentDeposit {
  amount: number;
  balanceDue: number;
  lateCancellationHours: number;
  lateCancellationFeePercent: number;
  /** What the customer's own cancellation now would keep (0: refunded in full). */
  feeIfCancelledNow: number;
  /** What a late cancellation kept. */
  kept: number;
}

type Json = Record<string, unknown>;

function asObject(value: unknown): Json | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() ? value : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function amount(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

function idOf(value: unknown): string | undefined {
  const object = asObject(value);
  return object ? (text(object._id) ?? text(object.id)) : text(value);
}

function nameOf(value: unknown): string | undefined {
  const object = asObject(value);
  return object ? text(object.name) : undefined;
}

function readService(raw: Json): AppointmentService {
  const service = asObject(raw.serviceId) ?? asObject(raw.service);
  return {
    id: idOf(raw.serviceId) ?? idOf(raw.service),
    name: text(service?.name) ?? text(raw.serviceName) ?? 'Treatment',
    category: nameOf(service?.category) ?? text(service?.category),
    description: text(service?.description),
    durationMinutes: amount(service?.durationMinutes) ?? amount(raw.durationMinutes),
  };
}

function readPerson(value: unknown): AppointmentPerson | undefined {
  const person = asObject(value);
  if (!person) return undefined;
  return {
    id: idOf(person),
    name: text(person.name) ?? 'Customer',
    email: text(person.email),
    phone: text(person.phone),
  };
}

function readEmployee(value: unknown): AppointmentEmployee | undefined {
  const employee = asObject(value);
  if (!employee || !text(employee.name)) return undefined;
  return {
    id: idOf(employee),
    name: text(employee.name)!,
    employeeId: text(employee.employeeId),
    employeeRole: text(employee.employeeRole),
    workingLocation: text(employee.workingLocation),
  };
}

function readRoom(value: unknown): AppointmentRoom | undefined {
  const room = asObject(value);
  if (!room) return undefined;
  return {
    id: idOf(room),
    roomNumber: text(room.roomNumber),
    type: text(room.type),
    capacity: text(room.capacity),
    location: text(room.location),
    price: amount(room.price),
  };
}

function readPaymentMethod(value: unknown): PaymentMethod | undefined {
  const method = text(value)?.toLowerCase();
  return method === 'cash' || method === 'online' ? method : undefined;
}

/** One appointment from the API, or null when it has no id. */
export function readAppointment(value: unknown): Appointment | null {
  const raw = asObject(value);
  const id = raw && (text(raw._id) ?? text(raw.id));
  if (!raw || !id) return null;
  return {
    id,
    appointmentId: text(raw.appointmentId) ?? id,
    service: readService(raw),
    customer: readPerson(raw.userId ?? raw.user),
    employee: readEmployee(raw.employeeId ?? raw.employee),
    room: readRoom(raw.roomId ?? raw.room),
    start: text(raw.appointmentDateTime),
    end: text(raw.endDateTime),
    createdAt: text(raw.createdAt),
    status: text(raw.status) ?? 'Pending',
    paymentStatus: text(raw.paymentStatus) ?? 'Pending',
    paymentMethod: readPaymentMethod(raw.paymentMethod),
    servicePrice: amount(raw.servicePrice),
    roomPrice: amount(raw.roomPrice),
    totalPrice: amount(raw.totalPrice),
    canCancel: typeof raw.canCancel === 'boolean' ? raw.canCancel : undefined,
    deposit: readDeposit(raw.deposit),
    checkedOutSaleId: text(raw.checkedOutSaleId),
  };
}

function readDeposit(value: unknown): AppointmentDeposit | undefined {
  const raw = asObject(value);
  const paid = raw && amount(raw.amount);
  if (!raw || !paid) return undefined;
  return {
    amount: paid,
    balanceDue: amount(raw.balanceDue) ?? 0,
    lateCancellationHours: amount(raw.lateCancellationHours) ?? 0,
    lateCancellationFeePercent: amount(raw.lateCancellationFeePercent) ?? 0,
    feeIfCancelledNow: amount(raw.feeIfCancelledNow) ?? 0,
    kept: amount(raw.kept) ?? 0,
  };
}

/** A list answer: an array, or an object holding one under appointments or data. */
export function readAppointments(body: unknown): Appointment[] {
  const object = asObject(body);
  const list = Array.isArray(body)
    ? body
    : Array.isArray(object?.appointments)
      ? object.appointments
      : Array.isArray(object?.data)
        ? object.data
        : [];
  return (list as unknown[]).flatMap((item) => {
    const appointment = readAppointment(item);
    return appointment ? [appointment] : [];
  });
}

function time(value: string | undefined): number {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? NaN : ms;
}

/** Spec: the duration is end minus start in minutes, or else the service's own duration. */
export function appointmentMinutes(appointment: Appointment): number | undefined {
  const minutes = (time(appointment.end) - time(appointment.start)) / 60_000;
  if (Number.isFinite(minutes) && minutes > 0) return Math.round(minutes);
  return appointment.service.durationMinutes;
}

/** Spec: newest first by appointment date-time, or by creation date when it has none. */
export function newestFirst(appointments: readonly Appointment[]): Appointment[] {
  const key = (appointment: Appointment) => {
    const start = time(appointment.start);
    return Number.isNaN(start) ? time(appointment.createdAt) || 0 : start;
  };
  return [...appointments].sort((a, b) => key(b) - key(a));
}

/** Soonest first, for "what is next" lists such as the dashboards' upcoming appointments. */
export function soonestFirst(appointments: readonly Appointment[]): Appointment[] {
  return newestFirst(appointments).reverse();
}

export interface CustomerFilters {
  search: string;
  /** '' for All Statuses. */
  status: string;
}

/** Spec: the search matches the appointment id, the service name and the room location. */
function matchesSearch(appointment: Appointment, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [appointment.appointmentId, appointment.service.name, appointment.room?.location]
    .filter((value): value is string => Boolean(value))
    .some((value) => value.toLowerCase().includes(needle));
}

export function filterAppointments(
  appointments: readonly Appointment[],
  { search, status }: CustomerFilters,
): Appointment[] {
  return appointments.filter(
    (appointment) => (!status || appointment.status === status) && matchesSearch(appointment, search),
  );
}

/** "1 Appointment", "3 Appointments" */
export function appointmentCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'Appointment' : 'Appointments'}`;
}

/**
 * Whether to offer Cancel: the server's own flag when it sends one; otherwise booking's rule (an open
 * appointment that starts at least the notice from now, @spa/rules) with booking's notice.
 */
export function isCancellable(appointment: Appointment, now: Date, noticeMinutes: number): boolean {
  if (appointment.canCancel !== undefined) return appointment.canCancel;
  const start = time(appointment.start);
  return (
    Number.isFinite(start) &&
    customerCancellationProblem(
      { status: appointment.status, startsAt: new Date(start) },
      now,
      noticeMinutes,
    ) === undefined
  );
}

/** Spec (employee dashboard): the upcoming count is the appointments Scheduled or Confirmed. */
export function countUpcoming(appointments: readonly Appointment[]): number {
  return appointments.filter((appointment) => ['Scheduled', 'Confirmed'].includes(appointment.status)).length;
}

export type Tone = 'green' | 'amber' | 'grey' | 'red' | 'blue';

/** Statuses are colour coded (spec section 4). */
export function statusTone(status: string): Tone {
  switch (status.toLowerCase()) {
    case 'confirmed':
    case 'completed':
      return 'green';
    case 'pending':
    case 'scheduled':
      return 'amber';
    case 'arrived':
    case 'in progress':
      return 'blue';
    case 'cancelled':
    case 'no-show':
    case 'no show':
      return 'red';
    default:
      return 'grey';
  }
}

export function paymentTone(paymentStatus: string): Tone {
  switch (paymentStatus.toLowerCase()) {
    case 'paid':
      return 'green';
    case 'pending':
      return 'amber';
    case 'failed':
      return 'red';
    case 'refunded':
    case 'partially refunded':
      return 'blue';
    default:
      return 'grey';
  }
}

/**
 * An online booking whose payment booking has not recorded yet: paid moments ago (booking marks it Paid
 * from commerce's event, a moment after the checkout) or still waiting for its payment or hold to run out.
 */
export function awaitsPayment(appointment: Appointment): boolean {
  return (
    appointment.paymentMethod === 'online' &&
    appointment.paymentStatus === 'Pending' &&
    appointment.status !== 'Cancelled'
  );
}

export function paymentMethodLabel(method: PaymentMethod | undefined): string {
  if (method === 'online') return 'Online';
  if (method === 'cash') return 'Cash';
  return '—';
}
