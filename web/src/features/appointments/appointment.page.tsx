import { ComingSoon } from '../../components/coming-soon';

export default function AppointmentPage() {
  return (
    <ComingSoon
      title="Book an appointment"
      description="Choose a treatment, a duration and time, a room type and how to pay, in four short steps."
    />
  );
}
