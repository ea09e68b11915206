import { ArrowLeftIcon, ArrowRightIcon } from './icons';
import './pager.css';

interface PagerProps {
  page: number;
  pageCount: number;
  total: number;
  /** What is counted, plural ("bills", "orders"): it names the navigation and the count. */
  noun: string;
  onPageChange: (page: number) => void;
}

/** The number of pages of `total` entries at `pageSize` a page (at least 1). */
export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The one pager of every paged list: Previous, "Page n of m · total", Next. */
export function Pager({ page, pageCount, total, noun, onPageChange }: PagerProps) {
  return (
    <nav className="pager" aria-label={`Pages of ${noun}`}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        <ArrowLeftIcon size={16} /> Previous
      </button>
      <span className="pager__status">
        Page {page} of {pageCount}{' '}
        <span className="muted">
          · {total} {noun}
        </span>
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pageCount}
      >
        Next <ArrowRightIcon size={16} />
      </button>
    </nav>
  );
}
