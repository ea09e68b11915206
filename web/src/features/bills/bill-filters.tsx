import type { DateRange } from './income-cards';

const RANGE_ORDER_MESSAGE = 'End date cannot be before start date';

/** ISO days compare as text. */
export function isRangeInOrder({ startDate, endDate }: DateRange): boolean {
  return !startDate || !endDate || startDate <= endDate;
}

interface BillFiltersProps {
  search: string;
  onSearchChange: (search: string) => void;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
}

/** Search by name or customer ID and an inclusive date range with Clear (spec sections 2 and 5). */
export function BillFilters({ search, onSearchChange, range, onRangeChange }: BillFiltersProps) {
  const inOrder = isRangeInOrder(range);
  const hasRange = Boolean(range.startDate || range.endDate);

  return (
    <div className="bill-filters" role="search">
      <label className="bill-filters__search">
        <span className="bill-filters__label">Search</span>
        <input
          type="search"
          value={search}
          placeholder="Name or customer ID"
          onChange={(event) => onSearchChange(event.target.value)}
          autoComplete="off"
        />
      </label>
      <fieldset className="bill-filters__range">
        <legend className="bill-filters__label">Date range</legend>
        <div className="bill-filters__dates">
          <label>
            <span className="visually-hidden">Start date</span>
            <input
              type="date"
              value={range.startDate}
              max={range.endDate || undefined}
              onChange={(event) => onRangeChange({ ...range, startDate: event.target.value })}
              aria-invalid={!inOrder || undefined}
            />
          </label>
          <span className="bill-filters__to" aria-hidden="true">
            to
          </span>
          <label>
            <span className="visually-hidden">End date</span>
            <input
              type="date"
              value={range.endDate}
              min={range.startDate || undefined}
              onChange={(event) => onRangeChange({ ...range, endDate: event.target.value })}
              aria-invalid={!inOrder || undefined}
              aria-describedby={inOrder ? undefined : 'bill-range-error'}
            />
          </label>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => onRangeChange({ startDate: '', endDate: '' })}
            disabled={!hasRange}
          >
            Clear
          </button>
        </div>
        {!inOrder && (
          <p id="bill-range-error" className="field-error" role="alert">
            {RANGE_ORDER_MESSAGE}
          </p>
        )}
      </fieldset>
    </div>
  );
}
