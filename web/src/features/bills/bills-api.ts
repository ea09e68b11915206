import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, get, post, put } from '../../lib/api';
import type { Bill, BillInput, BillListQuery, BillListResponse } from './bill-types';

/** The billing calls of spec section 7, through the gateway at /api/v1/bills. */
const billKeys = {
  all: ['bills'] as const,
  list: (query: BillListQuery) => ['bills', 'list', query] as const,
  detail: (id: string) => ['bills', 'detail', id] as const,
};

function fetchBills(query: BillListQuery, signal?: AbortSignal): Promise<BillListResponse> {
  return get<BillListResponse>('/bills', { query: { ...query }, signal });
}

function fetchBill(id: string, signal?: AbortSignal): Promise<Bill> {
  return get<Bill>(`/bills/${encodeURIComponent(id)}`, { signal });
}

function createBill(input: BillInput): Promise<Bill> {
  return post<Bill>('/bills', input);
}

function updateBill(id: string, input: BillInput): Promise<Bill> {
  return put<Bill>(`/bills/${encodeURIComponent(id)}`, input);
}

export function fetchBillPdf(id: string): Promise<Blob> {
  return download(`/bills/${encodeURIComponent(id)}/download`);
}

export function useBills(query: BillListQuery) {
  return useQuery({
    queryKey: billKeys.list(query),
    queryFn: ({ signal }) => fetchBills(query, signal),
    // Keeps the table and cards on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useBill(id: string | undefined) {
  return useQuery({
    queryKey: billKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchBill(id!, signal),
    enabled: Boolean(id),
  });
}

/** Create or update; either way the lists and the bill's own page must show the new figures. */
export function useSaveBill(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BillInput) => (id ? updateBill(id, input) : createBill(input)),
    onSuccess: async (bill) => {
      await queryClient.invalidateQueries({ queryKey: billKeys.all, refetchType: 'none' });
      queryClient.setQueryData(billKeys.detail(bill._id), bill);
    },
  });
}
