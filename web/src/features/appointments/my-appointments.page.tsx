import { ComingSoon } from '../../components/coming-soon';

export default function MyAppointmentsPage() {
  return (
    <ComingSoon
      title="My appointments"
      description="See your upcoming and past appointments, search them and open their details."
    />
  );
}
