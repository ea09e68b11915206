import { download, get } from '../../lib/api';

/*
 * The owner's reports, served by billing from its read models of booking's,
 * commerce's, catalogue's and identity's events and its own bills. Money in rupees.
 */

interface RevenueDay {
  /** YYYY-MM-DD, a business day in Asia/Kolkata. */
  date: string;
  appointments: number;
  orders: number;
  bills: number;
  /** Counter sales (treatments, products, add-ons) less counter refunds; tips excluded. */
  sales: number;
  /** Tips collected at the counter: not revenue, not in total. */
  tips: number;
  total: number;
}

interface TreatmentRevenue {
  serviceId: string;
  name: string;
  appointments: number;
  revenue: number;
}

interface ProductRevenue {
  productId: string;
  name: string;
  units: number;
  revenue: number;
}

interface EmployeeRevenue {
  employeeId: string;
  name: string;
  appointments: number;
  appointmentRevenue: number;
  bills: number;
  billRevenue: number;
  /** Tips given to them at the counter: not revenue. */
  tips: number;
}

interface RoomUse {
  roomId: string;
  roomNumber: string;
  type: string;
  bookedMinutes: number;
  availableMinutes: number;
  /** 0–1. */
  share: number;
}

interface TherapistUse {
  employeeId: string;
  name: string;
  bookedMinutes: number;
  availableMinutes: number;
  share: number;
}

export interface Reports {
  from: string;
  to: string;
  timeZone: string;
  revenueByDay: RevenueDay[];
  byTreatment: TreatmentRevenue[];
  byProduct: ProductRevenue[];
  byEmployee: EmployeeRevenue[];
  utilisation: { openMinutesPerDay: number; rooms: RoomUse[]; therapists: TherapistUse[] };
  noShows: { total: number; completed: number; rate: number; byDay: Array<{ date: string; count: number }> };
}

export const reportKeys = {
  range: (from: string, to: string) => ['reports', from, to] as const,
};

/** GET /admin/reports?from&to (admin): every figure of the owner's reports for the range. */
export const fetchReports = (from: string, to: string) =>
  get<Reports>('/admin/reports', { query: { from, to } });

/** The portal's GSTR-1 JSON: gstin, fp and each section that has something in it. */
export type Gstr1Json = { gstin: string; fp: string } & Record<string, unknown>;

/** GET /admin/reports/gstr1?month=YYYY-MM (admin): the month's return, parsed. */
export const fetchGstr1 = (month: string) =>
  get<Gstr1Json>('/admin/reports/gstr1', { query: { month, format: 'json' } });

/** The same return as a file: the JSON, or one offline-tool CSV sheet. */
export const downloadGstr1 = (month: string, format: 'json' | 'csv', section?: string) =>
  download('/admin/reports/gstr1', { query: { month, format, ...(section ? { section } : {}) } });
