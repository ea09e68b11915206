/**
 * The desk's money forms as plain data: a tender, a refund, a drawer movement and the drawer's close,
 * each validated as typed and turned into its request body. No React here, so all of it is unit-tested.
 */
import { changeDue } from '@spa/rules';
import type {
  MovementInput,
  RefundInput,
  RefundMethod,
  Sale,
  SaleTender,
  TenderInput,
  TenderMethod,
} from './counter.api';
import { formatPaise, rupeesToPaise } from './money';

export const TENDER_LABEL: Record<TenderMethod, string> = {
  cash: 'Cash',
  card_terminal: 'Card terminal',
  razorpay: 'UPI / card link',
  online: 'Paid online',
};

export interface TenderForm {
  method: Exclude<TenderMethod, 'online'>;
  amount: string;
  /** Cash only; blank means exactly the amount. */
  cashReceived: string;
  /** Card terminal only: the slip's reference. */
  reference: string;
}

export interface TenderCheck {
  errors: Partial<Record<'amount' | 'cashReceived' | 'reference', string>>;
  /** Cash: what goes back to the customer, while the figures read. */
  changePaise?: number;
  input?: TenderInput;
}

export function checkTender(form: TenderForm, balancePaise: number): TenderCheck {
  const errors: TenderCheck['errors'] = {};
  const amount = rupeesToPaise(form.amount);
  if (amount === null || amount === 0) errors.amount = 'Enter the amount in rupees';
  else if (amount > balancePaise) errors.amount = `The balance is ${formatPaise(balancePaise)}: take no more`;

  let changePaise: number | undefined;
  let cashReceived = amount ?? 0;
  if (form.method === 'cash' && form.cashReceived.trim()) {
    const received = rupeesToPaise(form.cashReceived);
    if (received === null) errors.cashReceived = 'Enter the cash received in rupees';
    else if (amount !== null && received < amount) errors.cashReceived = 'Less than the amount taken';
    else cashReceived = received;
  }
  if (form.method === 'cash' && amount !== null && !errors.cashReceived)
    changePaise = changeDue(amount, cashReceived);
  if (form.method === 'card_terminal' && !form.reference.trim())
    errors.reference = "Enter the terminal slip's reference";

  if (Object.keys(errors).length > 0 || amount === null) return { errors, changePaise };
  const input: TenderInput =
    form.method === 'cash'
      ? { method: 'cash', amountPaise: amount, cashReceivedPaise: cashReceived }
      : form.method === 'card_terminal'
        ? { method: 'card_terminal', amountPaise: amount, reference: form.reference.trim() }
        : { method: 'razorpay', amountPaise: amount };
  return { errors, changePaise, input };
}

/** A payment link still waiting for the customer: the sale cannot be completed meanwhile. */
export const pendingTender = (sale: Pick<Sale, 'tenders'>): SaleTender | undefined =>
  sale.tenders.find((tender) => tender.status === 'pending');

/** Tenders the desk shows: paid and pending ones (a cancelled or failed link is history). */
export const shownTenders = (sale: Pick<Sale, 'tenders'>) =>
  sale.tenders.filter((tender) => tender.status === 'paid' || tender.status === 'pending');

export interface RefundForm {
  /** Quantity to refund per sale line id, as typed. */
  quantities: Record<string, string>;
  method: RefundMethod;
  reason: string;
  restock: boolean;
}

export interface RefundCheck {
  errors: Record<string, string>;
  /** The refund's value by the lines' own totals (the server's figure is the one paid back). */
  estimatePaise: number;
  input?: RefundInput;
}

export function checkRefund(form: RefundForm, sale: Pick<Sale, 'lines'>): RefundCheck {
  const errors: Record<string, string> = {};
  const lines: RefundInput['lines'] = [];
  let estimatePaise = 0;
  for (const line of sale.lines) {
    const text = (form.quantities[line.id] ?? '').trim();
    if (!text) continue;
    const quantity = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(quantity >= 0 && quantity <= line.quantity)) {
      errors[line.id] = `From 0 to ${line.quantity}`;
      continue;
    }
    if (quantity === 0) continue;
    lines.push({ lineId: line.id, quantity });
    estimatePaise += Math.round((line.totalPaise * quantity) / line.quantity);
  }
  if (lines.length === 0 && Object.keys(errors).length === 0) errors.lines = 'Choose what is refunded';
  if (!form.reason.trim()) errors.reason = 'Say why the money goes back';
  if (Object.keys(errors).length > 0) return { errors, estimatePaise };
  return {
    errors,
    estimatePaise,
    input: { lines, method: form.method, reason: form.reason.trim(), restock: form.restock },
  };
}

export interface MovementForm {
  kind: MovementInput['kind'];
  amount: string;
  reason: string;
  employeeId: string;
}

export function checkMovement(form: MovementForm): {
  errors: Partial<Record<'amount' | 'reason' | 'employeeId', string>>;
  input?: MovementInput;
} {
  const errors: Partial<Record<'amount' | 'reason' | 'employeeId', string>> = {};
  const amount = rupeesToPaise(form.amount);
  if (amount === null || amount === 0) errors.amount = 'Enter the amount in rupees';
  if (!form.reason.trim()) errors.reason = 'Say what the cash is for';
  if (form.kind === 'tip_payout' && !form.employeeId) errors.employeeId = 'Choose the therapist';
  if (Object.keys(errors).length > 0 || amount === null) return { errors };
  return {
    errors,
    input: {
      kind: form.kind,
      amountPaise: amount,
      reason: form.reason.trim(),
      ...(form.kind === 'tip_payout' ? { employeeId: form.employeeId } : {}),
    },
  };
}

export function checkClose(
  form: { counted: string; note: string },
  expectedCashPaise: number,
): {
  errors: Partial<Record<'counted' | 'note', string>>;
  /** Counted minus expected: negative when cash is missing. */
  differencePaise?: number;
  input?: { countedCashPaise: number; note: string };
} {
  const counted = rupeesToPaise(form.counted);
  if (counted === null) return { errors: { counted: 'Enter the cash counted in the drawer' } };
  const differencePaise = counted - expectedCashPaise;
  if (differencePaise !== 0 && !form.note.trim())
    return { errors: { note: 'Explain the difference before closing' }, differencePaise };
  return { errors: {}, differencePaise, input: { countedCashPaise: counted, note: form.note.trim() } };
}
