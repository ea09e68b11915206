import { get } from '../../../lib/api';
import { formatINR } from '../../../lib/format';

/**
 * GET /admin/stats, composed by the gateway from identity, catalogue and commerce. A part that did not
 * answer in time comes back null, its service named in `unavailable`.
 */
export interface AdminStats {
  totalUsers: number | null;
  totalOrders: number | null;
  totalProducts: number | null;
  /** Rupees, from paid orders. */
  revenue: number | null;
  /** This month's revenue against last month's, in percent. */
  growthRate: number | null;
  unavailable?: string[];
}

export const fetchAdminStats = () => get<AdminStats>('/admin/stats');

const MISSING = '—';
const countFormatter = new Intl.NumberFormat('en-IN');

export function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? countFormatter.format(value) : MISSING;
}

/** +12.5%, −4.0%, 0.0%: one decimal, always signed when it is not zero. */
export function formatGrowth(rate: number | null | undefined): string {
  if (typeof rate !== 'number' || !Number.isFinite(rate)) return MISSING;
  const rounded = Math.round(rate * 10) / 10;
  if (rounded === 0) return '0.0%';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(1)}%`;
}

export type GrowthTone = 'up' | 'down' | 'flat';

export function growthTone(rate: number | null | undefined): GrowthTone {
  if (typeof rate !== 'number' || !Number.isFinite(rate) || Math.round(rate * 10) === 0) return 'flat';
  return rate > 0 ? 'up' : 'down';
}

export interface StatCard {
  key: keyof Omit<AdminStats, 'unavailable'>;
  label: string;
  value: string;
  hint: string;
}

/** The five cards, in the spec's order. Revenue is in rupees like every other amount. */
export function statCards(stats: AdminStats | undefined): StatCard[] {
  return [
    {
      key: 'totalUsers',
      label: 'Total Users',
      value: formatCount(stats?.totalUsers),
      hint: 'Registered accounts',
    },
    {
      key: 'totalOrders',
      label: 'Total Orders',
      value: formatCount(stats?.totalOrders),
      hint: 'Store orders placed',
    },
    {
      key: 'totalProducts',
      label: 'Total Products',
      value: formatCount(stats?.totalProducts),
      hint: 'In the store catalogue',
    },
    {
      key: 'revenue',
      label: 'Revenue',
      value: stats?.revenue === null || stats?.revenue === undefined ? MISSING : formatINR(stats.revenue),
      hint: 'From paid orders',
    },
    {
      key: 'growthRate',
      label: 'Growth Rate',
      value: formatGrowth(stats?.growthRate),
      hint: "This month's revenue against last month's",
    },
  ];
}
