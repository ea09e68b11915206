import { useEffect, useState } from 'react';
import { ReceiptIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { BillDetailsDialog } from './bill-details-dialog';
import { BillFilters, isRangeInOrder } from './bill-filters';
import type { Bill } from './bill-types';
import { useBills } from './bills-api';
import { BillsTable } from './bills-table';
import { useBillPdfDownload } from './download-bill';
import { IncomeCards, type DateRange } from './income-cards';
import { Pager } from '../../components/pager';
import { useDebouncedValue } from './use-debounced-value';
import './bill-common.css';
import './bills.css';

const BILLS_PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;
const NO_RANGE: DateRange = { startDate: '', endDate: '' };

export default function BillsListPage() {
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<DateRange>(NO_RANGE);
  // The page belongs to the filters it was chosen under: new filters start again at page 1.
  const [paging, setPaging] = useState({ filters: '', page: 1 });
  const [viewing, setViewing] = useState<Bill | null>(null);
  const { downloadPdf, downloadingId } = useBillPdfDownload();

  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A range whose end is before its start is not sent; the picker says why.
  const appliedRange = isRangeInOrder(range) ? range : NO_RANGE;
  const filters = JSON.stringify([settledSearch, appliedRange.startDate, appliedRange.endDate]);
  const page = paging.filters === filters ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filters, page: next });
  const bills = useBills({
    search: settledSearch,
    startDate: appliedRange.startDate,
    endDate: appliedRange.endDate,
    page,
    pageSize: BILLS_PAGE_SIZE,
  });

  useEffect(() => {
    // Spec section 8: list errors are only logged.
    if (bills.error) console.error('Failed to load bills', bills.error);
  }, [bills.error]);

  const list = bills.data;
  const pageCount = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  return (
    <div className="bills-page container">
      <PageTitle title="Bills" />
      <header className="bills-page__header">
        <div>
          <span className="eyebrow">Billing history</span>
          <h1>Bills</h1>
        </div>
        <p className="bills-page__intro muted">Income at a glance, every invoice issued and its PDF.</p>
      </header>

      <IncomeCards summary={list?.summary} range={appliedRange} />

      <section className="bills-panel" aria-labelledby="bills-history-title">
        <h2 id="bills-history-title" className="visually-hidden">
          Bills
        </h2>
        <BillFilters search={search} onSearchChange={setSearch} range={range} onRangeChange={setRange} />

        <div className="bills-panel__results" aria-busy={bills.isFetching} aria-live="polite">
          {list && list.bills.length > 0 ? (
            <BillsTable
              bills={list.bills}
              onView={setViewing}
              onDownload={(bill) => void downloadPdf(bill._id)}
              downloadingId={downloadingId}
            />
          ) : (
            <div className="bills-empty">
              <ReceiptIcon size={32} />
              {bills.isError && !list ? (
                <>
                  <p>Could not load bills.</p>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => void bills.refetch()}
                  >
                    Try again
                  </button>
                </>
              ) : (
                <p>{bills.isPending ? 'Loading bills…' : 'No bills found'}</p>
              )}
            </div>
          )}
        </div>

        {list && list.total > list.pageSize && (
          <Pager page={page} pageCount={pageCount} total={list.total} noun="bills" onPageChange={setPage} />
        )}
      </section>

      <BillDetailsDialog bill={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
