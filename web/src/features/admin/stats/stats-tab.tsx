import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getErrorMessage } from '../../../lib/api';
import { toast } from '../../../stores/toast.store';
import { fetchAdminStats, growthTone, statCards } from './admin-stats';
import '../../../components/ui/admin.css';
import './stats-tab.css';

/** The admin panel's Dashboard tab: the figures reload each time the tab is opened (spec). */
export default function DashboardTab() {
  const stats = useQuery({
    queryKey: ['admin', 'stats'],
    queryFn: fetchAdminStats,
    refetchOnMount: 'always',
    staleTime: 0,
  });

  useEffect(() => {
    if (stats.error) toast.error(getErrorMessage(stats.error, 'Failed to load dashboard stats'));
  }, [stats.error]);

  const missing = stats.data?.unavailable?.length ?? 0;
  const tone = growthTone(stats.data?.growthRate);

  return (
    <div className="cat-admin">
      <div className="cat-admin-toolbar">
        <div>
          <h2>Dashboard</h2>
          <p>The spa at a glance: accounts, the store and its revenue.</p>
        </div>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => void stats.refetch()}
          disabled={stats.isFetching}
        >
          {stats.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {stats.error && !stats.data && (
        <p className="cat-admin-banner" role="alert">
          Failed to load dashboard stats
        </p>
      )}
      {missing > 0 && (
        <p className="admin-stats__partial" role="status">
          Some figures are not available right now; they show as —.
        </p>
      )}
      <ul className="admin-stats" aria-label="Statistics" aria-busy={stats.isPending}>
        {statCards(stats.data).map((card) => (
          <li
            key={card.key}
            className={`admin-stat${card.key === 'revenue' ? ' admin-stat--feature' : ''}${
              card.key === 'growthRate' ? ` admin-stat--${tone}` : ''
            }`}
            data-stat={card.key}
          >
            <span className="admin-stat__label">{card.label}</span>
            <strong className="admin-stat__value">{stats.isPending ? '…' : card.value}</strong>
            <span className="admin-stat__hint">{card.hint}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
