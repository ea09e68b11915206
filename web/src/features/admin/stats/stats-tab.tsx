import { ComingSoon } from '../../../components/coming-soon';

/** The admin panel's Dashboard tab. */
export default function DashboardTab() {
  return (
    <ComingSoon
      title="Dashboard"
      description="Statistics cards: users, orders, products, revenue and growth."
    />
  );
}
