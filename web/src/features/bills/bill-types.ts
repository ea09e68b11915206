/** The bill as the billing service answers it (spec section 3). Money in rupees with 2 decimals. */

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

export const DURATIONS = ['30 Min', '45 Min', '60 Min'] as const;
export type Duration = (typeof DURATIONS)[number];

export const PAYMENT_METHODS = ['Cash', 'UPI', 'Card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

interface BillServiceLine {
  /** The line's own id; sent back on edit so the line keeps it. */
  _id?: string;
  serviceName: string;
  duration: Duration;
  staffAssigned: string;
  price: number;
  gst: number;
  discount: number;
  total: number;
  /** The SAC code the invoice prints for the line, when the server sends it. */
  sacCode?: string;
}

interface BillProductLine {
  _id?: string;
  productName: string;
  quantity: number;
  unitPrice: number;
  gst: number;
  discount: number;
  total: number;
  /** The HSN heading, where the server knows one. */
  hsnCode?: string | null;
}

export interface Bill {
  _id: string;
  invoiceNumber: string;
  name: string;
  phone: string;
  email?: string | null;
  customerId: string;
  /** Optional on the server: bills made elsewhere may have none. */
  gender: Gender | null;
  /** Calendar day, YYYY-MM-DD. */
  date: string;
  roomNo: string | null;
  services: BillServiceLine[];
  products: BillProductLine[];
  discountPercent: number;
  paymentMethod: PaymentMethod;
  advanceAmount: number;
  subTotal: number;
  discountAmount: number;
  totalPrice: number;
  createdAt: string;
  updatedAt: string;
  /** 1 when issued, one more with every saved change. */
  revision?: number;
  createdBy?: { id: string; name: string };
  /** Who changed what and when; GET /bills/:id and PUT answers only. */
  history?: BillChange[];
}

interface BillChange {
  revision: number;
  changedAt: string;
  changedBy: { id: string; name: string; role: string };
  changes: { field: string; from?: unknown; to?: unknown }[];
}

/** What POST /bills and PUT /bills/:id take: the form's fields; the server computes every total. */
export interface BillInput {
  name: string;
  phone: string;
  email?: string;
  customerId: string;
  gender: Gender;
  date: string;
  roomNo: string;
  services: Omit<BillServiceLine, 'total' | 'sacCode'>[];
  products: Omit<BillProductLine, 'total' | 'hsnCode'>[];
  discountPercent: number;
  paymentMethod: PaymentMethod;
  advanceAmount: number;
}

export interface IncomeSummary {
  today: number;
  last7Days: number;
  last30Days: number;
  allTime: number;
  /** Present when a date range was asked for. */
  range?: number;
}

export interface BillListResponse {
  bills: Bill[];
  total: number;
  page: number;
  pageSize: number;
  summary: IncomeSummary;
}

export interface BillListQuery {
  search: string;
  startDate: string;
  endDate: string;
  page: number;
  pageSize: number;
}
