import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ChevronDownIcon, ClockIcon, MapPinIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { formatDate, formatTime } from '../../lib/format';
import type { SessionUser } from '../../stores/session.store';
import { employeeRoleLabel, shiftLabel, statusLabel } from '../auth/account';
import {
  countUpcoming,
  fetchEmployeeAppointments,
  statusTone,
  type AppointmentSummary,
  type TimeRange,
} from './appointments-summary';
import { BadgeIcon, BriefcaseIcon, CalendarIcon, FilterIcon } from './dashboard-icons';
import './dashboard.css';

const DEPARTMENTS: Record<string, string> = {
  manager: 'Management',
  receptionist: 'Front Desk',
  servicestaff: 'Therapies & Treatments',
};

const STATUSES = ['Scheduled', 'Pending', 'Confirmed', 'In Progress', 'Completed', 'Cancelled'];
const RANGES: Array<{ value: TimeRange; label: string }> = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
  { value: 'all', label: 'All' },
];

/** Spec: the employee dashboard logs fetch errors without a message; the list stays empty. */
function useEmployeeAppointments(userId: string, timeRange: TimeRange) {
  return useQuery({
    queryKey: ['appointments', 'employee', userId, timeRange],
    queryFn: () =>
      fetchEmployeeAppointments(userId, timeRange).catch((error: unknown) => {
        console.error('Could not load appointments', error);
        return [] as AppointmentSummary[];
      }),
  });
}

function AppointmentFilters({ status, onStatus }: { status: string; onStatus: (status: string) => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="emp-filters">
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <FilterIcon size={16} /> Filters <ChevronDownIcon size={16} />
      </button>
      <div id={panelId} hidden={!open} className="emp-filters__panel">
        <label className="field__label" htmlFor={`${panelId}-status`}>
          Status
        </label>
        <select
          id={`${panelId}-status`}
          className="select"
          value={status}
          onChange={(event) => onStatus(event.target.value)}
        >
          <option value="">All Statuses</option>
          {STATUSES.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** /dashboard for an employee: their numbers, where and in which role they work, their appointments. */
export function EmployeeDashboard({ user }: { user: SessionUser }) {
  const [range, setRange] = useState<TimeRange>('upcoming');
  const [status, setStatus] = useState('');
  const all = useEmployeeAppointments(user.id, 'all');
  const listed = useEmployeeAppointments(user.id, range);
  const shown = (listed.data ?? []).filter((appointment) => !status || appointment.status === status);
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
          <AppointmentFilters status={status} onStatus={setStatus} />
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
                <li key={appointment.id} className="appointment-row">
                  <div>
                    <strong>{appointment.serviceName}</strong>
                    <span className="muted">
                      {appointment.dateTime
                        ? `${formatDate(appointment.dateTime)} · ${formatTime(appointment.dateTime)}`
                        : 'Time to be confirmed'}
                      {appointment.roomLocation ? ` · ${appointment.roomLocation}` : ''}
                    </span>
                  </div>
                  <span className="muted">{appointment.appointmentId}</span>
                  <span className={`status-badge status-badge--${statusTone(appointment.status)}`}>
                    {appointment.status}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
