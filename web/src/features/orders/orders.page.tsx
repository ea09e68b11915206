import { ComingSoon } from '../../components/coming-soon';

export default function OrdersPage() {
  return (
    <ComingSoon
      title="Your orders"
      description="All your orders, newest first, with search and a status filter."
    />
  );
}
