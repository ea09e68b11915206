import { useSessionStore } from '../../stores/session.store';
import { AdminPanel } from './admin-panel';
import { EmployeeDashboard } from './employee-dashboard';
import { UserDashboard } from './user-dashboard';

/** The spec shows the admin, employee or user dashboard by role, user being the default. */
export default function DashboardPage() {
  const user = useSessionStore((state) => state.user);
  if (!user) return null;
  if (user.role === 'admin') return <AdminPanel user={user} />;
  if (user.role === 'employee') return <EmployeeDashboard user={user} />;
  return <UserDashboard user={user} />;
}
