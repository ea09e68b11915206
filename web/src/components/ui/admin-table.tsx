import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { CheckCircleIcon, CloseIcon, EyeIcon, PencilIcon, TrashIcon } from '../icons';
import { Pager } from '../pager';
import { EmptyState } from './empty-state';
import './admin.css';
import './badge.css';
import './admin-kit.css';

/**
 * The admin panel's one table-and-toolbar kit. Every admin list (rooms, categories, subcategories,
 * products, treatments, closures, and the screens to come) is a titled section with an optional action,
 * a banner for what failed, a table whose rows end in icon actions, and a pager: written once here, so
 * every tab looks and behaves alike and none writes those 80 lines again.
 */

/** The section around an admin list: title, one line of help, the primary action on the right. */
export function AdminSection({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  // A region named by its title: a tab with two lists (Staff hours) reads as two landmarks.
  return (
    <section className="cat-admin" aria-labelledby={titleId}>
      <div className="cat-admin-toolbar">
        <div>
          <h2 id={titleId}>{title}</h2>
          {description && <p>{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A failure said above the table (the load failed, or the last delete was refused and why). */
export function AdminBanner({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="cat-admin-banner" role="alert">
      {children}
    </p>
  );
}

export interface AdminColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned figures (prices, counts, order). */
  numeric?: boolean;
  /** Named for screen readers only (a thumbnail column). */
  hideHeader?: boolean;
}

/** An icon button at the end of a row; its label names the row ("Delete room 101"). */
export interface RowAction<T> {
  kind: 'view' | 'edit' | 'delete' | 'approve' | 'decline';
  label: (row: T) => string;
  onClick: (row: T) => void;
  /** Not offered on this row (an approve on a request already decided). */
  hidden?: (row: T) => boolean;
  /** Shown but not usable on this row (a base role's delete); say why in `title`. */
  disabled?: (row: T) => boolean;
  /** The tooltip ("Base roles cannot be deleted"). */
  title?: (row: T) => string;
}

const ACTION_ICONS = {
  view: <EyeIcon size={18} />,
  edit: <PencilIcon size={18} />,
  delete: <TrashIcon size={18} />,
  approve: <CheckCircleIcon size={18} />,
  decline: <CloseIcon size={18} />,
} as const;
const DANGER = new Set<RowAction<unknown>['kind']>(['delete', 'decline']);

/** What the table needs of a paged list (useAdminListPage's answer fits). */
export interface PagedList {
  isPending: boolean;
  page: number;
  pageCount: number;
  total: number;
  setPage: (page: number) => void;
}

export function AdminTable<T>({
  list,
  rows,
  rowKey,
  columns,
  actions = [],
  noun,
  empty,
  className,
  stacked = false,
  rowProps,
}: {
  list: PagedList;
  /** The rows on screen, in the order to show (a page of list, sorted or grouped by the caller). */
  rows: T[];
  rowKey: (row: T) => string;
  columns: AdminColumn<T>[];
  actions?: RowAction<T>[];
  /** Plural, lower case: "Loading rooms…", "12 rooms". */
  noun: string;
  empty: { title: string; message?: string };
  /** An extra class on the table's frame, for a tab's own cell styles. */
  className?: string;
  /** On a phone (720 px and less) each row stands as a card, each cell under its column's name. */
  stacked?: boolean;
  /** A row's own class or state (a row whose action is under way is aria-busy). */
  rowProps?: (row: T) => Pick<HTMLAttributes<HTMLTableRowElement>, 'className' | 'aria-busy'>;
}) {
  if (list.isPending) return <p className="cat-admin-loading">Loading {noun}…</p>;
  const pager = list.pageCount > 1 && (
    <Pager
      page={list.page}
      pageCount={list.pageCount}
      total={list.total}
      noun={noun}
      onPageChange={(next) => list.setPage(Math.min(Math.max(1, next), list.pageCount))}
    />
  );
  // A page can be empty while others are not (a filter applied to the page shown): the pager stays.
  if (rows.length === 0)
    return (
      <>
        <EmptyState title={empty.title} message={empty.message} />
        {pager}
      </>
    );
  const numeric = (column: AdminColumn<T>) => (column.numeric ? 'cat-table__number' : undefined);
  return (
    <div className={`cat-table-wrap${className ? ` ${className}` : ''}`}>
      <table className={`cat-table${stacked ? ' cat-table--stacked' : ''}`}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={numeric(column)}>
                {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
            {actions.length > 0 && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={numeric(column)}
                  data-label={stacked && !column.hideHeader ? column.header : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
              {actions.length > 0 && (
                <td>
                  <div className="cat-row-actions">
                    {actions
                      .filter((action) => !action.hidden?.(row))
                      .map((action) => (
                        <button
                          key={action.kind}
                          type="button"
                          className={`cat-icon-action${DANGER.has(action.kind) ? ' cat-icon-action--danger' : ''}`}
                          aria-label={action.label(row)}
                          title={action.title?.(row)}
                          disabled={action.disabled?.(row)}
                          onClick={() => action.onClick(row)}
                        >
                          {ACTION_ICONS[action.kind]}
                        </button>
                      ))}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {pager}
    </div>
  );
}

/** A name with a smaller second line under it (a description, a SKU). */
export function NameCell({
  name,
  sub,
  plain = false,
}: {
  name: ReactNode;
  sub?: ReactNode;
  plain?: boolean;
}) {
  return (
    <>
      {plain ? name : <span className="cat-table__name">{name}</span>}
      {sub && <span className="cat-table__sub">{sub}</span>}
    </>
  );
}

/** Active / inactive and the like: a green or grey pill. */
export function StatusBadge({ ok, children }: { ok: boolean; children: ReactNode }) {
  return <span className={`cat-badge ${ok ? 'cat-badge--success' : 'cat-badge--muted'}`}>{children}</span>;
}

/**
 * What an admin's change left to do, under the form that made it: the appointments a closure or new
 * working hours no longer hold, each with its own actions (or a note saying where to act).
 */
export function AdminFollowUp({
  title,
  note,
  onClose,
  children,
}: {
  title: ReactNode;
  note?: ReactNode;
  onClose: () => void;
  /** The list's items (AdminFollowUpItem). */
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="admin-followup" aria-labelledby={titleId}>
      <header className="admin-followup__head">
        <h3 id={titleId}>{title}</h3>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Close
        </button>
      </header>
      {note && <p className="muted">{note}</p>}
      {children && <ul className="admin-followup__list">{children}</ul>}
    </section>
  );
}

/** One appointment to act on: "APT-… · customer · treatment", its time below, then its actions. */
export function AdminFollowUpItem({
  code,
  customer,
  treatment,
  when,
  children,
}: {
  code: string;
  customer: string;
  treatment: string;
  when: string;
  children?: ReactNode;
}) {
  return (
    <li className="admin-followup__item">
      <div>
        <strong>{code}</strong> · {customer} · {treatment}
        <span className="cat-table__sub">{when}</span>
      </div>
      {children}
    </li>
  );
}
