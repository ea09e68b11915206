import { lazy, Suspense, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import type { SessionUser } from '../../stores/session.store';
import './dashboard.css';

interface AdminTab {
  id: string;
  label: string;
  Component: ComponentType;
}

// Each tab's code loads when it is first opened; the tabs other than Employees belong to other screens.
const TABS: readonly AdminTab[] = [
  { id: 'dashboard', label: 'Dashboard', Component: lazy(() => import('../admin/stats/stats-tab')) },
  {
    id: 'appointments',
    label: 'Appointments',
    Component: lazy(() => import('../admin/appointments/appointments-tab')),
  },
  {
    id: 'employees',
    label: 'Employees',
    Component: lazy(() => import('../admin/employees/employee-management')),
  },
  { id: 'services', label: 'Services', Component: lazy(() => import('../admin/services/services-tab')) },
  { id: 'rooms', label: 'Rooms', Component: lazy(() => import('../admin/rooms/rooms-tab')) },
  { id: 'closures', label: 'Closures', Component: lazy(() => import('../admin/closures/closures-tab')) },
  {
    id: 'staff-hours',
    label: 'Staff hours',
    Component: lazy(() => import('../admin/schedules/staff-hours-tab')),
  },
  { id: 'products', label: 'Products', Component: lazy(() => import('../admin/products/products-tab')) },
  { id: 'orders', label: 'Orders', Component: lazy(() => import('../admin/orders/orders-tab')) },
  { id: 'reviews', label: 'Reviews', Component: lazy(() => import('../admin/reviews/reviews-tab')) },
];

/** The admin panel: one screen, ten tabs; the open tab lives in ?tab= so it survives a reload. */
export function AdminPanel({ user }: { user: SessionUser }) {
  const [params, setParams] = useSearchParams();
  const active = TABS.find((tab) => tab.id === params.get('tab')) ?? TABS[0]!;
  // Spec: switching to a tab remounts it, so it loads fresh data each time it is opened.
  const [visits, setVisits] = useState(0);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const open = (id: string) => {
    setVisits((count) => count + 1);
    setParams(id === 'dashboard' ? {} : { tab: id }, { replace: false });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = TABS.indexOf(active);
    const next = TABS[(index + step + TABS.length) % TABS.length]!;
    open(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  const { Component } = active;
  return (
    <div className="container admin-panel">
      <PageTitle title="Admin panel" />
      <header className="dash-welcome">
        <span className="eyebrow">Admin panel</span>
        <h1>Welcome back, {user.name.trim().split(/\s+/)[0] || 'admin'}</h1>
        <p className="lead">Run the spa: appointments, people, treatments, rooms, products and orders.</p>
        <div className="admin-panel__links">
          <Link className="btn btn--secondary" to={paths.calendar}>
            Open the calendar
          </Link>
          <Link className="btn btn--secondary" to={paths.counter}>
            Counter
          </Link>
          <Link className="btn btn--secondary" to={paths.reports}>
            Open the reports
          </Link>
        </div>
      </header>
      <div className="admin-tabs" role="tablist" aria-label="Admin sections">
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.id, element);
            }}
            id={`admin-tab-${tab.id}`}
            type="button"
            role="tab"
            className="admin-tabs__tab"
            aria-selected={tab === active}
            aria-controls="admin-tab-panel"
            tabIndex={tab === active ? 0 : -1}
            onClick={() => open(tab.id)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id="admin-tab-panel"
        role="tabpanel"
        aria-labelledby={`admin-tab-${active.id}`}
        className="admin-panel__body"
      >
        <Suspense fallback={<PageLoader />}>
          <Component key={`${active.id}-${visits}`} />
        </Suspense>
      </div>
    </div>
  );
}
