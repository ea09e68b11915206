import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Pager, pageCountOf } from '../../components/pager';
import { get, type QueryParams } from '../../lib/api';
import { catalogueKeys } from './catalogue.api';

/**
 * The catalogue's admin tables page through the server (every list answers at most 100 at a time, so a
 * spa with more rooms, treatments or products than that would otherwise see only the first 100).
 * Large enough that a spa's usual rooms and categories fit on one page.
 */
const ADMIN_PAGE_SIZE = 50;

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a catalogue list for an admin table, reloaded whenever the tab opens (spec: switching
 * tabs reloads) and refreshed by every catalogue write (it sits under the 'catalogue' key). The page
 * on screen stays while the next one loads, and a page emptied by a delete falls back to the last one.
 */
export function useAdminListPage<T>(path: string, filters: QueryParams = {}) {
  // The page belongs to the filters it was chosen under: other filters start again at page 1.
  const filterKey = JSON.stringify(filters);
  const [chosen, setChosen] = useState({ filterKey, page: 1 });
  const page = chosen.filterKey === filterKey ? chosen.page : 1;
  const setPage = useCallback((next: number) => setChosen({ filterKey, page: next }), [filterKey]);
  const query = useQuery({
    queryKey: [...catalogueKeys.all, 'admin-page', path, filters, page] as const,
    queryFn: () => get<ListPage<T>>(path, { query: { ...filters, page, pageSize: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
  const total = query.data?.total ?? 0;
  const pageCount = pageCountOf(total, ADMIN_PAGE_SIZE);
  if (query.data && page > pageCount) setPage(pageCount);
  return { ...query, items: query.data?.items ?? [], page, pageCount, total, setPage };
}

/** The pager under an admin table, shown only when there is more than one page. */
export function AdminListPager({
  list,
  noun,
}: {
  list: Pick<ReturnType<typeof useAdminListPage>, 'page' | 'pageCount' | 'total' | 'setPage'>;
  noun: string;
}) {
  if (list.pageCount <= 1) return null;
  return (
    <Pager
      page={list.page}
      pageCount={list.pageCount}
      total={list.total}
      noun={noun}
      onPageChange={(next) => list.setPage(Math.min(Math.max(1, next), list.pageCount))}
    />
  );
}
