import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ArrowRightIcon, GridIcon, SignOutIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { formatDate, formatINR, formatTime } from '../../lib/format';
import type { SessionUser } from '../../stores/session.store';
import { soonestFirst, type Appointment } from '../appointments/appointment';
import { appointmentKeys, fetchUserAppointments } from '../appointments/appointments.api';
import { BUSINESS_TIME_ZONE } from '../appointments/business-time';
import { StatusBadge } from '../appointments/status-badge';
import { useSendVerificationEmail } from '../auth/use-send-verification';
import { useSignOut } from '../auth/use-sign-out';
import { ApplicationNotice } from './application-notice';
import {
  BagIcon,
  CalendarIcon,
  DocumentIcon,
  HeartIcon,
  HelpIcon,
  HomeIcon,
  SettingsIcon,
  StarIcon,
} from './dashboard-icons';
import { fetchMyReviews, reviewKeys } from '../reviews/reviews.api';
import './dashboard.css';

const RECENT_APPOINTMENTS = 2;
const IN_BUSINESS_TIME = { timeZone: BUSINESS_TIME_ZONE };

/** Spec: a failed appointment load on this dashboard yields an empty list. */
function useAppointments(userId: string, timeRange: 'upcoming' | 'all') {
  return useQuery({
    queryKey: appointmentKeys.user(userId, timeRange),
    queryFn: () => fetchUserAppointments(userId, timeRange).catch(() => [] as Appointment[]),
  });
}

function SideMenu({ appointmentCount }: { appointmentCount: number | undefined }) {
  const signOut = useSignOut();
  // "My Reviews" counts the reviews written; a failed load shows no count rather than a wrong one.
  const reviews = useQuery({ queryKey: reviewKeys.mine, queryFn: fetchMyReviews });
  const entries: Array<{ to: string; label: string; icon: ReactNode; count?: number; end?: boolean }> = [
    { to: paths.dashboard, label: 'Overview', icon: <GridIcon size={18} />, end: true },
    {
      to: paths.myAppointments,
      label: 'My Appointments',
      icon: <CalendarIcon size={18} />,
      count: appointmentCount,
    },
    { to: paths.orders, label: 'Orders & Purchases', icon: <BagIcon size={18} /> },
    { to: paths.favorites, label: 'Favorites', icon: <HeartIcon size={18} /> },
    { to: paths.addresses, label: 'Addresses', icon: <HomeIcon size={18} /> },
    {
      to: paths.reviews,
      label: 'My Reviews',
      icon: <StarIcon size={18} />,
      count: reviews.data?.written.length,
    },
    { to: paths.settings, label: 'Account Settings', icon: <SettingsIcon size={18} /> },
    { to: paths.help, label: 'Help & Support', icon: <HelpIcon size={18} /> },
    { to: paths.terms, label: 'Terms & Policies', icon: <DocumentIcon size={18} /> },
  ];
  return (
    <nav className="side-menu" aria-label="Your account">
      <ul>
        {entries.map((entry) => (
          <li key={entry.label}>
            <NavLink to={entry.to} end={entry.end} className="side-menu__link">
              {entry.icon}
              <span>{entry.label}</span>
              {entry.count !== undefined && <span className="side-menu__count">{entry.count}</span>}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="side-menu__link side-menu__link--danger"
            onClick={() => void signOut()}
          >
            <SignOutIcon size={18} />
            <span>Logout</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

function VerifyNotice({ user }: { user: SessionUser }) {
  const send = useSendVerificationEmail();
  if (user.isEmailVerified !== false) return null;
  return (
    <div className="dash-notice" role="status">
      <p>
        Please verify <strong>{user.email}</strong> to receive booking confirmations and receipts.
      </p>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={send.isPending || send.isSuccess}
        onClick={() => send.mutate()}
      >
        {send.isPending ? 'Sending...' : send.isSuccess ? 'Email sent' : 'Send Verification Email'}
      </button>
    </div>
  );
}

/** Spec: the first 2 upcoming appointments, the soonest first. */
function RecentAppointments({ appointments }: { appointments: Appointment[] | undefined }) {
  const recent = soonestFirst(appointments ?? []).slice(0, RECENT_APPOINTMENTS);
  return (
    <section className="dash-section" aria-labelledby="recent-title">
      <div className="dash-section__header">
        <h2 id="recent-title" className="dash-section__title">
          Recent Appointments
        </h2>
        <Link to={paths.myAppointments} className="text-link">
          View All
        </Link>
      </div>
      {appointments === undefined ? (
        <p className="muted">Loading your appointments...</p>
      ) : recent.length === 0 ? (
        <div className="dash-empty">
          <CalendarIcon size={28} />
          <p>You have no upcoming appointments.</p>
          <Link to={paths.appointment} className="btn btn--primary btn--sm">
            Book Your First Appointment
          </Link>
        </div>
      ) : (
        <ul className="appointment-list">
          {recent.map((appointment) => (
            <li key={appointment.id} className="appointment-row">
              <div>
                <strong>{appointment.service.name}</strong>
                <span className="muted">
                  {appointment.start
                    ? `${formatDate(appointment.start, IN_BUSINESS_TIME)} · ${formatTime(appointment.start, IN_BUSINESS_TIME)}`
                    : 'Time to be confirmed'}
                  {appointment.room?.location ? ` · ${appointment.room.location}` : ''}
                </span>
              </div>
              {appointment.totalPrice !== undefined && <span>{formatINR(appointment.totalPrice)}</span>}
              <StatusBadge status={appointment.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /dashboard for a customer: welcome, side menu, the two action cards and recent appointments. An
 * employee applicant (a customer until approved) sees the "waiting for approval" state on top.
 */
export function UserDashboard({ user }: { user: SessionUser }) {
  const upcoming = useAppointments(user.id, 'upcoming');
  const all = useAppointments(user.id, 'all');
  const firstName = user.name.trim().split(/\s+/)[0] || 'there';

  return (
    <div className="container dashboard">
      <PageTitle title="Your dashboard" />
      <aside className="dashboard__aside">
        <SideMenu appointmentCount={all.data?.length} />
      </aside>
      <div className="dashboard__main">
        <header className="dash-welcome">
          <span className="eyebrow">Your dashboard</span>
          <h1>Welcome back, {firstName}</h1>
          <p className="lead">Plan your next visit, follow your orders and keep your details up to date.</p>
        </header>
        <ApplicationNotice user={user} />
        <VerifyNotice user={user} />
        <div className="action-cards">
          <Link to={paths.appointment} className="action-card action-card--accent">
            <CalendarIcon size={28} />
            <h2>Book Appointment</h2>
            <p>Choose a treatment, a time and a room that suits you.</p>
            <span className="action-card__cta">
              Book now <ArrowRightIcon size={16} />
            </span>
          </Link>
          <Link to={paths.orders} className="action-card">
            <BagIcon size={28} />
            <h2>Your Orders</h2>
            <p>Track deliveries and see what you bought from our store.</p>
            <span className="action-card__cta">
              View orders <ArrowRightIcon size={16} />
            </span>
          </Link>
        </div>
        <RecentAppointments appointments={upcoming.data} />
      </div>
    </div>
  );
}
