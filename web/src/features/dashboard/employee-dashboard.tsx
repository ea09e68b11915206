import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { MyHoursAndTimeOff } from '../staff-time/my-time-off';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInStatus } from '@spa/rules';
import { getErrorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { useNow } from '../appointments/use-now';
import { checkInAppointment } from '../calendar/calendar.api';
import { checkInActions } from '../calendar/check-in';
import { useId, useState } from 'react';
import { ChevronDownIcon, ClockIcon, MapPinIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { formatDate, formatTime } from '../../lib/format';
import type { SessionUser } from '../../stores/session.store';
import {
  APPOINTMENT_STATUSES,
  countUpcoming,
  newestFirst,
  soonestFirst,
  type Appointment,
  type TimeRange,
} from '../appointments/appointment';
import { appointmentKeys, fetchEmployeeAppointments } from '../appointments/appointments.api';
import { BUSINESS_TIME_ZONE } from '../appointments/business-time';
import { StatusBadge } from '../appointments/status-badge';
import { employeeRoleLabel, shiftLabel, statusLabel } from '../auth/account';
import { BadgeIcon, BriefcaseIcon, CalendarIcon, FilterIcon } from './dashboard-icons';
import '../auth/forms.css';
import './dashboard.css';

const DEPARTMENTS: Record<string, string> = {
  manager: 'Management',
  receptionist: 'Front Desk',
  servicestaff: 'Therapies & Treatments',
};

const IN_BUSINESS_TIME = { timeZone: BUSINESS_TIME_ZONE };
const RANGES: Array<{ value: TimeRange; label: string }> = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
  { value: 'all', label: 'All' },
];

/** Spec: the employee dashboard logs fetch errors without a message; the list stays empty. */
function useEmployeeAppointments(userId: string, timeRange: TimeRange) {
  return useQuery({
    queryKey: appointmentKeys.employee(userId, timeRange),
    queryFn: () =>
      fetchEmployeeAppointments(userId, timeRange).catch((error: unknown) => {
        console.error('Could not load appointments', error);
        return [] as Appointment[];
      }),
  });
}

interface Filters {
  status: string;
  search: string;
}

/** The collapsible panel: status and a search over the customer, treatment and appointment id. */
function AppointmentFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = Number(Boolean(filters.status)) + Number(Boolean(filters.search.trim()));
  return (
    <div className="emp-filters">
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <FilterIcon size={16} /> Filters{active ? ` (${active})` : ''} <ChevronDownIcon size={16} />
      </button>
      <div id={panelId} hidden={!open} className="emp-filters__panel">
        <div className="field">
          <label className="field__label" htmlFor={`${panelId}-status`}>
            Status
          </label>
          <select
            id={`${panelId}-status`}
            className="select"
            value={filters.status}
            onChange={(event) => onChange({ ...filters, status: event.target.value })}
          >
            <option value="">All Statuses</option>
            {APPOINTMENT_STATUSES.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${panelId}-search`}>
            Search
          </label>
          <input
            id={`${panelId}-search`}
            className="input"
            type="search"
            placeholder="Customer, treatment or ID"
            value={filters.search}
            onChange={(event) => onChange({ ...filters, search: event.target.value })}
          />
        </div>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={!active}
          onClick={() => onChange({ status: '', search: '' })}
        >
          Reset
        </button>
      </div>
    </div>
  );
}

function matches(appointment: Appointment, { status, search }: Filters): boolean {
  if (status && appointment.status !== status) return false;
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [appointment.appointmentId, appointment.service.name, appointment.customer?.name]
    .filter((value): value is string => Boolean(value))
    .some((value) => value.toLowerCase().includes(needle));
}

/**
 * The therapist's own steps of the check-in flow: start the treatment and complete
 * it, when booking's rule allows them now; the desk does arrivals and no-shows.
 */
function TherapistSteps({ appointment }: { appointment: Appointment }) {
  const now = useNow(30_000);
  const queryClient = useQueryClient();
  const step = useMutation({
    mutationFn: (status: CheckInStatus) => checkInAppointment(appointment.id, status),
    onSuccess: async (_answer, status) => {
      toast.success(`${appointment.appointmentId}: ${status}`);
      await queryClient.invalidateQueries({ queryKey: ['appointments'] });
    },
    onError: (error) => toast.error(getErrorMessage(error, 'The step was refused.')),
  });
  if (!appointment.start) return null;
  const actions = checkInActions({ status: appointment.status, start: appointment.start }, now).filter(
    (action) => action.status === 'In Progress' || action.status === 'Completed',
  );
  return (
    <>
      {actions.map((action) => (
        <button
          key={action.status}
          type="button"
          className="btn btn--primary btn--sm"
          disabled={step.isPending}
          aria-label={`${action.label}: ${appointment.appointmentId}`}
          onClick={() => step.mutate(action.status)}
        >
          {action.label}
        </button>
      ))}
    </>
  );
}

function EmployeeAppointmentRow({ appointment }: { appointment: Appointment }) {
  const room = appointment.room;
  return (
    <li className="appointment-row">
      <div>
        <strong>{appointment.service.name}</strong>
        <span className="muted">
          {appointment.start
            ? `${formatDate(appointment.start, IN_BUSINESS_TIME)} · ${formatTime(appointment.start, IN_BUSINESS_TIME)}${appointment.end ? ` - ${formatTime(appointment.end, IN_BUSINESS_TIME)}` : ''}`
            : 'Time to be confirmed'}
        </span>
        <span className="muted">
          {[
            appointment.customer?.name,
            room && [room.type, room.roomNumber && `Room ${room.roomNumber}`].filter(Boolean).join(' '),
            room?.location,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <span className="muted">{appointment.appointmentId}</span>
      <span className="appointment-row__status">
        <StatusBadge status={appointment.status} />
        <TherapistSteps appointment={appointment} />
      </span>
    </li>
  );
}

/** /dashboard for an employee: their numbers, where and in which role they work, their appointments. */
export function EmployeeDashboard({ user }: { user: SessionUser }) {
  const [range, setRange] = useState<TimeRange>('upcoming');
  const [filters, setFilters] = useState<Filters>({ status: '', search: '' });
  const all = useEmployeeAppointments(user.id, 'all');
  const listed = useEmployeeAppointments(user.id, range);
  const ordered = range === 'upcoming' ? soonestFirst(listed.data ?? []) : newestFirst(listed.data ?? []);
  const shown = ordered.filter((appointment) => matches(appointment, filters));
  const allAppointments = all.data ?? [];
  const roleName = employeeRoleLabel(user.employeeRole);

  return (
    <div className="container dashboard dashboard--wide">
      <PageTitle title="Employee dashboard" />
      <div className="dashboard__main">
        <header className="dash-welcome">
          <span className="eyebrow">Employee dashboard</span>
          <h1>Hello, {user.name.trim().split(/\s+/)[0] || 'there'}</h1>
          <p className="lead">Your appointments, your location and your role at a glance.</p>
          <div className="admin-panel__links">
            {['manager', 'receptionist'].includes((user.employeeRole ?? '').toLowerCase()) && (
              <Link className="btn btn--secondary" to={paths.calendar}>
                Open the calendar
              </Link>
            )}
            <Link className="btn btn--secondary" to={paths.counter}>
              Counter
            </Link>
          </div>
        </header>

        <div className="stat-cards">
          <div className="stat-card">
            <span className="stat-card__label">Total appointments</span>
            <strong className="stat-card__value">{allAppointments.length}</strong>
          </div>
          <div className="stat-card">
            <span className="stat-card__label">Upcoming</span>
            <strong className="stat-card__value">{countUpcoming(allAppointments)}</strong>
          </div>
          <div className="stat-card">
            <span className="stat-card__label">Completed</span>
            <strong className="stat-card__value">
              {allAppointments.filter((appointment) => appointment.status === 'Completed').length}
            </strong>
          </div>
          <div className="stat-card">
            <span className="stat-card__label">Availability</span>
            <strong className="stat-card__value stat-card__value--text">{statusLabel(user.status)}</strong>
          </div>
        </div>

        <div className="info-cards">
          <div className="info-card">
            <BadgeIcon size={24} />
            <div>
              <span className="info-card__label">Your role</span>
              <strong>{roleName}</strong>
              <span className="muted">{user.employeeId ? `Employee ID ${user.employeeId}` : 'Employee'}</span>
            </div>
          </div>
          <div className="info-card">
            <MapPinIcon size={24} />
            <div>
              <span className="info-card__label">Working location</span>
              <strong>{user.workingLocation || 'Not set yet'}</strong>
              <span className="muted">
                <ClockIcon size={14} className="inline-icon" /> {shiftLabel(user.shift)} shift
              </span>
            </div>
          </div>
          <div className="info-card">
            <BriefcaseIcon size={24} />
            <div>
              <span className="info-card__label">Department</span>
              <strong>{DEPARTMENTS[user.employeeRole ?? ''] ?? roleName}</strong>
              <span className="muted">Aranya team</span>
            </div>
          </div>
        </div>

        <section className="dash-section" aria-labelledby="employee-appointments-title">
          <div className="dash-section__header">
            <h2 id="employee-appointments-title" className="dash-section__title">
              Your appointments
            </h2>
            <div className="range-toggle" role="group" aria-label="Time range">
              {RANGES.map((option) => (
                <button
                  key={option.value}
                  type="button"
                  aria-pressed={range === option.value}
                  onClick={() => setRange(option.value)}
                >
                  {option.label}
                </button>
              ))}
            </div>
          </div>
          <AppointmentFilters filters={filters} onChange={setFilters} />
          {listed.isPending ? (
            <p className="muted">Loading appointments...</p>
          ) : shown.length === 0 ? (
            <div className="dash-empty">
              <CalendarIcon size={28} />
              <p>No appointments found</p>
            </div>
          ) : (
            <ul className="appointment-list">
              {shown.map((appointment) => (
                <EmployeeAppointmentRow key={appointment.id} appointment={appointment} />
              ))}
            </ul>
          )}
        </section>

        <MyHoursAndTimeOff employeeId={user.id} />
      </div>
    </div>
  );
}
