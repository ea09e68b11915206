import { ComingSoon } from '../../../components/coming-soon';

/** The admin panel's Appointments tab. */
export default function AppointmentsTab() {
  return <ComingSoon title="Appointments" description="Search, filter and manage every appointment." />;
}
