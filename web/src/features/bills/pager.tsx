import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';

interface PagerProps {
  page: number;
  pageCount: number;
  total: number;
  onPageChange: (page: number) => void;
}

export function Pager({ page, pageCount, total, onPageChange }: PagerProps) {
  return (
    <nav className="pager" aria-label="Pages of bills">
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        <ArrowLeftIcon size={16} /> Previous
      </button>
      <span className="pager__status">
        Page {page} of {pageCount} <span className="muted">· {total} bills</span>
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
