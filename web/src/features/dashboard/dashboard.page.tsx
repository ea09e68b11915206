import { ComingSoon } from '../../components/coming-soon';
import { useSessionStore, type Role } from '../../stores/session.store';

const DASHBOARD_BY_ROLE: Record<Role, { title: string; description: string }> = {
  admin: {
    title: 'Admin dashboard',
    description:
      'Statistics and management of appointments, employees, services, rooms, products and orders.',
  },
  employee: {
    title: 'Employee dashboard',
    description: 'Your appointments, your working location and your role, at a glance.',
  },
  user: {
    title: 'Your dashboard',
    description: 'Your upcoming appointments, orders, favorites and addresses in one place.',
  },
};

/** The spec shows the admin, employee or user dashboard by role, user being the default. */
export default function DashboardPage() {
  const role = useSessionStore((state) => state.user?.role ?? 'user');
  const { title, description } = DASHBOARD_BY_ROLE[role];
  return <ComingSoon title={title} description={description} />;
}
