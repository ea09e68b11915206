import { ComingSoon } from '../../components/coming-soon';
import { STAFF_LINKS } from './staff-links';

export default function BillEditPage() {
  return (
    <ComingSoon
      title="Edit bill"
      description="Correct the details of an existing bill and save it again."
      links={STAFF_LINKS}
    />
  );
}
