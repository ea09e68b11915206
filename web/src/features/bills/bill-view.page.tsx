import { ComingSoon } from '../../components/coming-soon';
import { STAFF_LINKS } from './staff-links';

export default function BillViewPage() {
  return (
    <ComingSoon
      title="Invoice"
      description="The finished bill, ready to review, print or download as a PDF."
      links={STAFF_LINKS}
    />
  );
}
