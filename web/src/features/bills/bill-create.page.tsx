import { ComingSoon } from '../../components/coming-soon';
import { STAFF_LINKS } from './staff-links';

export default function BillCreatePage() {
  return (
    <ComingSoon
      title="Create bill"
      description="Issue a bill for services and products, with GST, discounts and an advance."
      links={STAFF_LINKS}
    />
  );
}
