import { badRequestError } from './errors.js';
import { isRecord, parseAmount, parseCurrency, parseNotes } from './order-input.js';
import type { Notes } from './store.js';

export interface PaymentLinkCustomer {
  name?: string;
  email?: string;
  contact?: string;
}

/** POST /v1/payment_links, as the sandbox keeps it. */
export interface PaymentLinkInput {
  amount: number;
  currency: string;
  referenceId: string;
  description: string;
  customer: PaymentLinkCustomer;
  notify: { email: boolean; sms: boolean; whatsapp: boolean };
  reminderEnable: boolean;
  notes: Notes;
  callbackUrl: string;
  callbackMethod: string;
  /** Unix seconds; 0 when the link never expires (Razorpay's own "no value"). */
  expireBy: number;
  upiLink: boolean;
}

const KNOWN_FIELDS = new Set([
  'upi_link',
  'amount',
  'currency',
  'accept_partial',
  'first_min_partial_amount',
  'expire_by',
  'reference_id',
  'description',
  'customer',
  'notify',
  'reminder_enable',
  'notes',
  'callback_url',
  'callback_method',
  'options',
]);
const CUSTOMER_FIELDS = new Set(['name', 'email', 'contact']);
const MAX_REFERENCE_ID = 40;
const MAX_DESCRIPTION = 2048;
const MAX_CUSTOMER_NAME = 50;
// Razorpay refuses an expiry closer than 15 minutes or further than six months from now.
const MIN_EXPIRY_SECONDS = 15 * 60;
const MAX_EXPIRY_SECONDS = 183 * 24 * 60 * 60;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CONTACT = /^\+?[0-9][0-9 -]{7,18}$/;

/** Razorpay takes `true`, `false`, and the strings and numbers forms sent as query-style values. */
function parseFlag(raw: unknown, field: string, fallback: boolean): boolean {
  if (raw === undefined || raw === null) return fallback;
  if (raw === true || raw === 'true' || raw === 1 || raw === '1') return true;
  if (raw === false || raw === 'false' || raw === 0 || raw === '0') return false;
  throw badRequestError(`The ${field} field must be true or false.`, field);
}

function parseText(raw: unknown, field: string, max: number): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw badRequestError(`The ${field} must be a string.`, field);
  if (raw.length > max)
    throw badRequestError(`The ${field} may not be greater than ${max} characters.`, field);
  return raw;
}

function parseCustomer(raw: unknown): PaymentLinkCustomer {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) throw badRequestError('The customer must be an object.', 'customer');
  const unknown = Object.keys(raw).filter((field) => !CUSTOMER_FIELDS.has(field));
  if (unknown.length > 0)
    throw badRequestError(
      `${unknown.map((f) => `customer.${f}`).join(', ')} is/are not required and should not be sent`,
    );
  const name = parseText(raw.name, 'customer.name', MAX_CUSTOMER_NAME);
  const email = parseText(raw.email, 'customer.email', 254);
  const contact = parseText(raw.contact, 'customer.contact', 20);
  if (email && !EMAIL.test(email))
    throw badRequestError('The customer.email must be a valid email address.', 'customer.email');
  if (contact && !CONTACT.test(contact))
    throw badRequestError('The customer.contact must be a valid phone number.', 'customer.contact');
  return { ...(name ? { name } : {}), ...(email ? { email } : {}), ...(contact ? { contact } : {}) };
}

function parseNotify(raw: unknown): PaymentLinkInput['notify'] {
  if (raw === undefined || raw === null) return { email: false, sms: false, whatsapp: false };
  if (!isRecord(raw)) throw badRequestError('The notify must be an object.', 'notify');
  return {
    email: parseFlag(raw.email, 'notify.email', false),
    sms: parseFlag(raw.sms, 'notify.sms', false),
    whatsapp: parseFlag(raw.whatsapp, 'notify.whatsapp', false),
  };
}

function parseCallback(url: unknown, method: unknown): { callbackUrl: string; callbackMethod: string } {
  const callbackUrl = parseText(url, 'callback_url', 2048);
  const callbackMethod = parseText(method, 'callback_method', 10);
  if (!callbackUrl) {
    if (callbackMethod)
      throw badRequestError('callback_method is not required without callback_url', 'callback_method');
    return { callbackUrl: '', callbackMethod: '' };
  }
  const protocol = URL.canParse(callbackUrl) ? new URL(callbackUrl).protocol : '';
  if (protocol !== 'http:' && protocol !== 'https:')
    throw badRequestError('The callback url format is invalid.', 'callback_url');
  if (callbackMethod !== 'get')
    throw badRequestError('callback_method should be get when callback_url is passed', 'callback_method');
  return { callbackUrl, callbackMethod };
}

function parseExpireBy(raw: unknown, nowSeconds: number): number {
  if (raw === undefined || raw === null || raw === 0) return 0;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw badRequestError('The expire by must be an integer.', 'expire_by');
  if (value < nowSeconds + MIN_EXPIRY_SECONDS)
    throw badRequestError('expire_by should be at least 15 minutes after the current time', 'expire_by');
  if (value > nowSeconds + MAX_EXPIRY_SECONDS)
    throw badRequestError('expire_by cannot be more than six months after the current time', 'expire_by');
  return value;
}

/** POST /v1/payment_links body, refused in Razorpay's shape; partial payments are not simulated. */
export function parsePaymentLinkInput(body: unknown, nowSeconds: number): PaymentLinkInput {
  if (!isRecord(body)) throw badRequestError('The request body must be a JSON object.');
  const unknown = Object.keys(body).filter((field) => !KNOWN_FIELDS.has(field));
  if (unknown.length > 0)
    throw badRequestError(`${unknown.join(', ')} is/are not required and should not be sent`);
  if (parseFlag(body.accept_partial, 'accept_partial', false))
    throw badRequestError(
      'The sandbox does not simulate partial payments; send accept_partial false.',
      'accept_partial',
    );
  return {
    amount: parseAmount(body.amount),
    currency: parseCurrency(body.currency),
    referenceId: parseText(body.reference_id, 'reference_id', MAX_REFERENCE_ID),
    description: parseText(body.description, 'description', MAX_DESCRIPTION),
    customer: parseCustomer(body.customer),
    notify: parseNotify(body.notify),
    reminderEnable: parseFlag(body.reminder_enable, 'reminder_enable', false),
    notes: parseNotes(body.notes),
    ...parseCallback(body.callback_url, body.callback_method),
    expireBy: parseExpireBy(body.expire_by, nowSeconds),
    upiLink: parseFlag(body.upi_link, 'upi_link', false),
  };
}
