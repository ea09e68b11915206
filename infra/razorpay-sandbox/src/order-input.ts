import { badRequestError } from './errors.js';
import type { Notes } from './store.js';

export interface OrderInput {
  amount: number;
  currency: string;
  receipt: string | null;
  notes: Notes;
  manualCapture: boolean;
}

const KNOWN_FIELDS = new Set([
  'amount',
  'currency',
  'receipt',
  'notes',
  'partial_payment',
  'first_payment_min_amount',
  'payment',
]);
const SUPPORTED_CURRENCIES = new Set(['INR']);
const MAX_NOTES = 15;
const MAX_NOTE_LENGTH = 256;
const MAX_RECEIPT_LENGTH = 40;
// Razorpay's smallest order is ₹1.00; its largest here is what a spa could plausibly charge.
const MIN_AMOUNT = 100;
const MAX_AMOUNT = 100_000_000_00;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** POST /v1/orders body, refused with Razorpay's own wording where we know it. */
export function parseOrderInput(body: unknown): OrderInput {
  if (!isRecord(body)) throw badRequestError('The request body must be a JSON object.');
  const unknown = Object.keys(body).filter((field) => !KNOWN_FIELDS.has(field));
  if (unknown.length > 0)
    throw badRequestError(`${unknown.join(', ')} is/are not required and should not be sent`);
  return {
    amount: parseAmount(body.amount),
    currency: parseCurrency(body.currency),
    receipt: parseReceipt(body.receipt),
    notes: parseNotes(body.notes),
    manualCapture: isRecord(body.payment) && body.payment.capture === 'manual',
  };
}

export function parseAmount(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '')
    throw badRequestError('The amount field is required.', 'amount');
  const amount = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof amount !== 'number' || !Number.isInteger(amount))
    throw badRequestError('The amount must be an integer.', 'amount');
  if (amount < MIN_AMOUNT) throw badRequestError('The amount must be atleast INR 1.00', 'amount');
  if (amount > MAX_AMOUNT) throw badRequestError('Amount exceeds maximum amount allowed.', 'amount');
  return amount;
}

export function parseCurrency(raw: unknown): string {
  const currency = raw ?? 'INR';
  if (typeof currency !== 'string' || !SUPPORTED_CURRENCIES.has(currency))
    throw badRequestError('The currency is not supported by the sandbox; use INR.', 'currency');
  return currency;
}

function parseReceipt(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw badRequestError('The receipt must be a string.', 'receipt');
  if (raw.length > MAX_RECEIPT_LENGTH)
    throw badRequestError('The receipt may not be greater than 40 characters.', 'receipt');
  return raw;
}

export function parseNotes(raw: unknown): Notes {
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) return {};
  if (!isRecord(raw)) throw badRequestError('The notes must be an object of key-value pairs.', 'notes');
  const entries = Object.entries(raw);
  if (entries.length > MAX_NOTES) throw badRequestError('Number of notes must not exceed 15.', 'notes');
  for (const [key, value] of entries) {
    if (typeof value !== 'string' && typeof value !== 'number')
      throw badRequestError(`The notes.${key} must be a string or a number.`, 'notes');
    if (String(value).length > MAX_NOTE_LENGTH)
      throw badRequestError(`The notes.${key} may not be greater than 256 characters.`, 'notes');
  }
  return raw as Notes;
}

/** POST /v1/payments/:id/capture body. */
export function parseCaptureInput(body: unknown): { amount: number; currency: string } {
  if (!isRecord(body)) throw badRequestError('The amount field is required.', 'amount');
  const amount =
    typeof body.amount === 'string' && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount))
    throw badRequestError('The amount must be an integer.', 'amount');
  return { amount, currency: parseCurrency(body.currency) };
}

export interface RefundInput {
  amount?: number;
  notes: Notes;
  receipt: string | null;
  speed: 'normal' | 'optimum';
}

const REFUND_FIELDS = new Set(['amount', 'notes', 'receipt', 'speed']);

/** POST /v1/payments/:id/refund body: every field optional; no amount refunds the whole rest. */
export function parseRefundInput(body: unknown): RefundInput {
  const input = body === undefined || body === null ? {} : body;
  if (!isRecord(input)) throw badRequestError('The request body must be a JSON object.');
  const unknown = Object.keys(input).filter((field) => !REFUND_FIELDS.has(field));
  if (unknown.length > 0)
    throw badRequestError(`${unknown.join(', ')} is/are not required and should not be sent`);
  const speed = input.speed ?? 'normal';
  if (speed !== 'normal' && speed !== 'optimum')
    throw badRequestError('The selected speed is invalid.', 'speed');
  let amount: number | undefined;
  if (input.amount !== undefined && input.amount !== null) {
    const raw =
      typeof input.amount === 'string' && /^\d+$/.test(input.amount) ? Number(input.amount) : input.amount;
    if (typeof raw !== 'number' || !Number.isInteger(raw))
      throw badRequestError('The amount must be an integer.', 'amount');
    if (raw < 100) throw badRequestError('The amount must be atleast INR 1.00', 'amount');
    amount = raw;
  }
  return {
    ...(amount !== undefined ? { amount } : {}),
    notes: parseNotes(input.notes),
    receipt: parseReceipt(input.receipt),
    speed,
  };
}
