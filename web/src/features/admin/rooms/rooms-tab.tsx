import { ComingSoon } from '../../../components/coming-soon';

/** The admin panel's Rooms tab. */
export default function RoomsTab() {
  return <ComingSoon title="Rooms" description="Treatment rooms, their type, capacity and computed price." />;
}
