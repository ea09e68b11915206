import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';
import { pageItems } from './store-filters';

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** Numbered pages with previous and next; shown only when there is more than one page. */
export function Pagination({ page, totalPages, onChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="cat-pagination" aria-label="Pages">
      <button
        type="button"
        className="cat-pagination__step"
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
      >
        <ArrowLeftIcon size={16} /> Previous
      </button>
      <ol className="cat-pagination__pages">
        {pageItems(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="cat-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`cat-pagination__page${item === page ? ' cat-pagination__page--current' : ''}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className="cat-pagination__step"
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
      >
        Next <ArrowRightIcon size={16} />
      </button>
    </nav>
  );
}
