import { ComingSoon } from '../../components/coming-soon';
import { BILLS_LIST_LINKS } from './staff-links';

export default function BillsListPage() {
  return (
    <ComingSoon
      title="Bills"
      description="Billing history with income summaries, search, a date filter and PDF invoices."
      links={BILLS_LIST_LINKS}
    />
  );
}
