import { ComingSoon } from '../../../components/coming-soon';

/** The admin panel's Orders tab. */
export default function OrdersTab() {
  return <ComingSoon title="Orders" description="Every store order, with Mark Delivered." />;
}
