import { ComingSoon } from '../../components/coming-soon';

export default function EmployeesPage() {
  return (
    <ComingSoon
      title="Employee management"
      description="Manage the team: roles, employee roles, shifts, locations and availability."
    />
  );
}
