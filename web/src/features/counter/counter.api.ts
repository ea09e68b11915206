import { get, isApiError, post, put } from '../../lib/api';

/**
 * Commerce's counter (sales, tenders, the cash drawer, refunds of sales) as the desk's screens call it.
 * Money is integer paise throughout; the screens show it with formatPaise.
 */

export type SaleStatus = 'open' | 'completed' | 'voided';
export type SaleLineKind = 'service' | 'product' | 'addon' | 'tip';
export type TenderMethod = 'cash' | 'card_terminal' | 'razorpay' | 'online';
type TenderStatus = 'pending' | 'paid' | 'failed' | 'cancelled';
type DiscountApproval = 'none' | 'pending' | 'approved';

interface SaleCustomer {
  id: string | null;
  name: string;
  phone: string;
  email: string;
  gstin: string;
}

export interface SaleLine {
  id: string;
  kind: SaleLineKind;
  itemId: string | null;
  name: string;
  taxCode: string;
  gstBp: number;
  quantity: number;
  unitPricePaise: number;
  lineDiscountPaise: number;
  lineDiscountReason: string;
  saleDiscountSharePaise: number;
  totalPaise: number;
  appointmentId: string | null;
  employeeId: string | null;
  employeeName: string;
  roomNumber: string;
}

export interface SaleTender {
  id: string;
  method: TenderMethod;
  status: TenderStatus;
  amountPaise: number;
  cashReceivedPaise: number;
  changePaise: number;
  reference: string;
  linkUrl: string | null;
  createdAt: string;
  paidAt: string | null;
}

export interface Sale {
  id: string;
  status: SaleStatus;
  version: number;
  customer: SaleCustomer;
  appointmentIds: string[];
  lines: SaleLine[];
  saleDiscountPaise: number;
  saleDiscountReason: string;
  discountApproval: DiscountApproval;
  tenders: SaleTender[];
  totalPaise: number;
  tipPaise: number;
  discountPaise: number;
  paidPaise: number;
  balancePaise: number;
  cashierName: string;
  openedAt: string;
  completedAt: string | null;
}

export interface SalePage {
  sales: Sale[];
  page: number;
  pages: number;
  total: number;
}

/** A line as PUT /counter/sales/:id takes it. */
export interface SaleLineInput {
  id?: string;
  kind: SaleLineKind;
  itemId?: string;
  name?: string;
  quantity: number;
  unitPricePaise?: number;
  lineDiscountPaise: number;
  lineDiscountReason: string;
  employeeId?: string;
  employeeName?: string;
  appointmentId?: string;
}

export interface CustomerInput {
  id?: string;
  name: string;
  phone?: string;
  email?: string;
  gstin?: string;
}

export interface SaleUpdate {
  version: number;
  lines: SaleLineInput[];
  saleDiscountPaise: number;
  saleDiscountReason: string;
  customer?: CustomerInput;
}

export type TenderInput =
  | { method: 'cash'; amountPaise: number; cashReceivedPaise: number }
  | { method: 'card_terminal'; amountPaise: number; reference: string }
  | { method: 'razorpay'; amountPaise: number };

export type RefundMethod = 'cash' | 'card_terminal' | 'razorpay';

export interface RefundInput {
  lines: Array<{ lineId: string; quantity: number }>;
  method: RefundMethod;
  reason: string;
  restock: boolean;
}

interface DrawerMovement {
  id: string;
  kind: string;
  amountPaise: number;
  reason: string;
  employeeId: string | null;
  recordedAt: string;
}

export interface Shift {
  id: string;
  status: 'open' | 'closed';
  openingFloatPaise: number;
  expectedCashPaise: number;
  countedCashPaise: number | null;
  differencePaise: number | null;
  closeNote: string;
  openedByName: string;
  closedByName: string;
  openedAt: string;
  closedAt: string | null;
  movements: DrawerMovement[];
}

export interface ZReport {
  shifts?: Shift[];
  shift?: Shift;
  sales: { count: number; totalPaise: number; tipPaise: number; discountPaise: number };
  tenders: { cash: number; card_terminal: number; razorpay: number; online: number };
  refunds: { count: number; totalPaise: number; cashPaise: number };
  movements: { in: number; out: number; tipPayouts: number };
  openingFloatPaise: number;
  expectedCashPaise: number;
  countedCashPaise: number | null;
  differencePaise: number | null;
}

export type MovementInput = {
  kind: 'in' | 'out' | 'tip_payout';
  amountPaise: number;
  reason: string;
  employeeId?: string;
};

export const counterKeys = {
  all: ['counter'] as const,
  sales: (status: SaleStatus, page: number) => ['counter', 'sales', status, page] as const,
  sale: (id: string) => ['counter', 'sale', id] as const,
  drawer: ['counter', 'drawer'] as const,
  shifts: (from: string, to: string) => ['counter', 'shifts', from, to] as const,
  zReport: (scope: string) => ['counter', 'z-report', scope] as const,
};

const sale = (id: string) => `/counter/sales/${encodeURIComponent(id)}`;
const shift = (id: string) => `/counter/drawer/shifts/${encodeURIComponent(id)}`;
const keyed = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });

export const SALES_PAGE_SIZE = 20;

export const fetchSales = (status: SaleStatus, page: number) =>
  get<SalePage>('/counter/sales', { query: { status, page, limit: SALES_PAGE_SIZE } });
export const fetchSale = (id: string) => get<Sale>(sale(id));

/** A visit's checkout (appointmentIds) or a walk-in's sale (customer). */
export const createSale = (body: { appointmentIds: string[] } | { customer: CustomerInput }) =>
  post<Sale>('/counter/sales', body);
export const updateSale = (id: string, body: SaleUpdate) => put<Sale>(sale(id), body);
export const approveDiscount = (id: string) => post<Sale>(`${sale(id)}/discount-approval`);
export const addTender = (id: string, body: TenderInput, idempotencyKey: string) =>
  post<Sale>(`${sale(id)}/tenders`, body, keyed(idempotencyKey));
export const checkTender = (id: string, tenderId: string) =>
  post<Sale>(`${sale(id)}/tenders/${encodeURIComponent(tenderId)}/check`);
export const cancelTender = (id: string, tenderId: string) =>
  post<Sale>(`${sale(id)}/tenders/${encodeURIComponent(tenderId)}/cancel`);
export const completeSale = (id: string, version: number) => post<Sale>(`${sale(id)}/complete`, { version });
export const voidSale = (id: string) => post<Sale>(`${sale(id)}/void`);
export const refundSale = (id: string, body: RefundInput, idempotencyKey: string) =>
  post<{ refund: unknown; sale: Sale }>(`${sale(id)}/refunds`, body, keyed(idempotencyKey));

export const fetchDrawer = () => get<{ shift: Shift | null }>('/counter/drawer');
export const openShift = (openingFloatPaise: number) =>
  post<Shift>('/counter/drawer/shifts', { openingFloatPaise });
export const recordMovement = (shiftId: string, body: MovementInput, idempotencyKey: string) =>
  post<Shift>(`${shift(shiftId)}/movements`, body, keyed(idempotencyKey));
export const closeShift = (shiftId: string, countedCashPaise: number, note: string) =>
  post<Shift>(`${shift(shiftId)}/close`, { countedCashPaise, note });
export const fetchShifts = (from: string, to: string) =>
  get<{ shifts: Shift[] }>('/counter/drawer/shifts', { query: { from, to } });
export const fetchShiftZReport = (shiftId: string) => get<ZReport>(`${shift(shiftId)}/z-report`);
export const fetchDayZReport = (date: string) =>
  get<ZReport>('/counter/drawer/z-report', { query: { date } });

/** A visit the desk can check out: the customer came (Arrived, In Progress or Completed). */
const CHECKOUT_STATUSES = new Set(['Arrived', 'In Progress', 'Completed']);

export function canCheckOut(appointment: { status: string; checkedOutSaleId?: string | null }): boolean {
  return CHECKOUT_STATUSES.has(appointment.status) && !appointment.checkedOutSaleId;
}

/**
 * The sale an appointment is already on, from POST /counter/sales's 409 ALREADY_CHECKED_OUT
 * (details.saleId): the desk continues that sale instead of starting a second one.
 */
export function alreadyCheckedOutSale(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 409 || error.code !== 'ALREADY_CHECKED_OUT') return null;
  const details = error.details as { saleId?: unknown } | undefined;
  return typeof details?.saleId === 'string' && details.saleId ? details.saleId : null;
}
