import { RequireRole } from '../../components/guards/require-auth';
import { PageTitle } from '../../components/page-title';
import EmployeeManagement from '../admin/employees/employee-management';
import './dashboard.css';

const ADMINS = ['admin'] as const;

/** /dashboard/employees: the admin panel's Employee Management on a page of its own. */
export default function EmployeesPage() {
  return (
    <RequireRole roles={ADMINS}>
      <div className="container admin-panel">
        <PageTitle title="Employee Management" />
        <header className="dash-welcome">
          <span className="eyebrow">Admin</span>
          <h1>Employee Management</h1>
          <p className="lead">
            The team directory, shifts, locations and availability, and the employee roles.
          </p>
        </header>
        <EmployeeManagement />
      </div>
    </RequireRole>
  );
}
