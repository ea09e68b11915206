/**
 * The counter's sale rules that need no database: which lines a desk may send and what each becomes
 * (server-owned prices for visit treatments and products), the sale's money, what a tender may take and
 * what a refund gives back. Prices are tax-inclusive paise; the arithmetic is @spa/rules' priceSale, so
 * commerce, billing and the web agree to the paisa.
 */
import { AppError } from '@spa/kit/errors';
import {
  changeDue,
  DEFAULT_SAC_CODE,
  DEFAULT_SERVICE_GST_BP,
  discountNeedsApproval,
  isValidGstin,
  priceSale,
  SaleInputError,
  type DiscountLimits,
} from '@spa/rules';

export type SaleStatus = 'open' | 'completed' | 'voided';
export type LineKind = 'service' | 'product' | 'addon' | 'tip';
export type ReservationStatus = 'reserved' | 'released' | 'taken';
export type TenderMethod = 'cash' | 'card_terminal' | 'razorpay' | 'online';
export type TenderStatus = 'pending' | 'paid' | 'failed' | 'cancelled';
export type DiscountApproval = 'none' | 'pending' | 'approved';

/**
 * SAC 999723 (physical well-being services) at their rate: a treatment or extra priced at the desk,
 * and a visit's treatment when booking sent no rate.
 */
export const COUNTER_SERVICE_SAC = DEFAULT_SAC_CODE;
export const COUNTER_SERVICE_GST_BP = DEFAULT_SERVICE_GST_BP;

export interface SaleLine {
  id: string;
  kind: LineKind;
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
  reservationKey: string | null;
  reservationStatus: ReservationStatus | null;
}

/** A line as the desk sends it (PUT /counter/sales/:id). */
export interface LineInput {
  id?: string;
  kind: LineKind;
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

/** What commerce's products mirror says of a product a line sells. */
export interface ProductFacts {
  id: string;
  name: string;
  pricePaise: number;
  hsnCode: string;
  gstBp: number;
  deleted: boolean;
}

/** A rule of the counter the request broke: answered 422 with this code, naming the field when there is one. */
export class SaleRuleError extends AppError {
  constructor(code: string, message: string, field?: string) {
    super(422, code, message, field ? [{ field, message }] : undefined);
  }
}

export const reservationKeyOf = (lineId: string) => `sale-line:${lineId}`;

export interface LinePlan {
  /** The sale's lines as they will be stored, priced. */
  lines: SaleLine[];
  /** Product lines new in this edit: their stock is reserved at the catalogue before the edit commits. */
  reserve: SaleLine[];
  /** Product lines removed: their stock goes back once the edit is in. */
  release: SaleLine[];
  /**
   * Product lines replaced by a new line (another quantity or product): their stock goes back before
   * the new line's is taken, so a desk raising 2 to 3 of the last 3 is not refused for its own 2.
   */
  replace: SaleLine[];
}

const isVisitLine = (line: Pick<SaleLine, 'kind' | 'appointmentId'>) =>
  line.kind === 'service' && line.appointmentId !== null;

function discountOf(input: LineInput, field: string) {
  const reason = input.lineDiscountReason.trim();
  if (input.lineDiscountPaise > 0 && reason === '')
    throw new SaleRuleError(
      'DISCOUNT_REASON_REQUIRED',
      'A discount needs a reason',
      `${field}.lineDiscountReason`,
    );
  return {
    lineDiscountPaise: input.lineDiscountPaise,
    lineDiscountReason: input.lineDiscountPaise > 0 ? reason : '',
  };
}

function requiredPrice(input: LineInput, field: string, what: string): number {
  if (input.unitPricePaise === undefined)
    throw new SaleRuleError('LINE_INVALID', `${what} needs a price`, `${field}.unitPricePaise`);
  return input.unitPricePaise;
}

function requiredName(input: LineInput, field: string, what: string): string {
  const name = input.name?.trim() ?? '';
  if (name === '') throw new SaleRuleError('LINE_INVALID', `${what} needs a name`, `${field}.name`);
  return name;
}

/**
 * The lines a sale will hold after the desk's edit. Visit treatments keep what booking priced (only
 * their discount changes) and may not be dropped (void the sale instead); a product takes its name,
 * price and tax from the mirror, keeping its line (and stock reservation) only while product and
 * quantity are unchanged; a tip goes to a therapist of one of the sale's treatments.
 */
export function planLines(
  existing: readonly SaleLine[],
  inputs: readonly LineInput[],
  products: ReadonlyMap<string, ProductFacts>,
  saleDiscountPaise: number,
  newId: () => string,
): LinePlan {
  const byId = new Map(existing.map((line) => [line.id, line]));
  const seen = new Set<string>();
  const reserve: SaleLine[] = [];
  const release: SaleLine[] = [];
  const replace: SaleLine[] = [];
  const drafts: SaleLine[] = [];
  const blank = {
    itemId: null,
    taxCode: COUNTER_SERVICE_SAC,
    gstBp: COUNTER_SERVICE_GST_BP,
    saleDiscountSharePaise: 0,
    totalPaise: 0,
    appointmentId: null,
    employeeId: null,
    employeeName: '',
    roomNumber: '',
    reservationKey: null,
    reservationStatus: null,
  } as const;

  inputs.forEach((input, index) => {
    const field = `lines[${index}]`;
    const before = input.id === undefined ? undefined : byId.get(input.id);
    if (input.id !== undefined) {
      if (!before)
        throw new SaleRuleError(
          'LINE_NOT_FOUND',
          'A line sent with an id is not on this sale',
          `${field}.id`,
        );
      if (seen.has(input.id)) throw new SaleRuleError('LINE_INVALID', 'A line is sent twice', `${field}.id`);
      seen.add(input.id);
      if (before.kind !== input.kind)
        throw new SaleRuleError(
          'LINE_INVALID',
          'A line cannot change its kind; remove it and add another',
          `${field}.kind`,
        );
    }
    const discount = discountOf(input, field);

    if (before && isVisitLine(before)) {
      drafts.push({ ...before, ...discount });
      return;
    }
    if (input.appointmentId !== undefined && !before)
      throw new SaleRuleError(
        'LINE_INVALID',
        'A visit’s treatment comes from its appointment: check the appointment out instead',
        `${field}.appointmentId`,
      );

    switch (input.kind) {
      case 'product': {
        const productId = input.itemId;
        const product = productId === undefined ? undefined : products.get(productId);
        if (!productId || !product || product.deleted)
          throw new SaleRuleError('PRODUCT_UNAVAILABLE', 'This product is not available', `${field}.itemId`);
        if (
          before &&
          before.itemId === productId &&
          before.quantity === input.quantity &&
          before.reservationStatus === 'reserved'
        ) {
          drafts.push({ ...before, ...discount });
          return;
        }
        if (before?.reservationStatus === 'reserved') replace.push(before);
        const id = newId();
        const line: SaleLine = {
          ...blank,
          id,
          kind: 'product',
          itemId: productId,
          name: product.name,
          taxCode: product.hsnCode,
          gstBp: product.gstBp,
          quantity: input.quantity,
          unitPricePaise: product.pricePaise,
          ...discount,
          reservationKey: reservationKeyOf(id),
          reservationStatus: 'reserved',
        };
        reserve.push(line);
        drafts.push(line);
        return;
      }
      case 'addon':
      case 'service': {
        const what = input.kind === 'addon' ? 'An add-on' : 'A treatment';
        drafts.push({
          ...blank,
          id: before?.id ?? newId(),
          kind: input.kind,
          itemId: input.kind === 'service' ? (input.itemId ?? null) : null,
          name: requiredName(input, field, what),
          quantity: input.quantity,
          unitPricePaise: requiredPrice(input, field, what),
          ...discount,
          employeeId: input.employeeId ?? null,
          employeeName: input.employeeId ? (input.employeeName?.trim() ?? '') : '',
        });
        return;
      }
      case 'tip': {
        const price = requiredPrice(input, field, 'A tip');
        if (price <= 0)
          throw new SaleRuleError('TIP_INVALID', 'A tip must be more than zero', `${field}.unitPricePaise`);
        if (input.lineDiscountPaise > 0)
          throw new SaleRuleError('TIP_INVALID', 'A tip is never discounted', `${field}.lineDiscountPaise`);
        if (input.quantity !== 1)
          throw new SaleRuleError('TIP_INVALID', 'A tip is one line of quantity 1', `${field}.quantity`);
        if (!input.employeeId)
          throw new SaleRuleError(
            'TIP_NEEDS_THERAPIST',
            'A tip needs the therapist it is for',
            `${field}.employeeId`,
          );
        drafts.push({
          ...blank,
          id: before?.id ?? newId(),
          kind: 'tip',
          taxCode: '',
          gstBp: 0,
          name: '',
          quantity: 1,
          unitPricePaise: price,
          lineDiscountPaise: 0,
          lineDiscountReason: '',
          employeeId: input.employeeId,
        });
        return;
      }
    }
  });

  for (const line of existing) {
    if (seen.has(line.id)) continue;
    if (isVisitLine(line))
      throw new SaleRuleError(
        'VISIT_LINE_REQUIRED',
        `"${line.name}" is the visit’s treatment and stays on the sale (void the sale to start again)`,
        'lines',
      );
    if (line.kind === 'product' && line.reservationStatus === 'reserved') release.push(line);
  }

  // A tip is the therapist's: one who treated on this sale, named as the treatment names them.
  const therapists = new Map<string, SaleLine>();
  for (const line of drafts)
    if (line.kind === 'service' && line.employeeId && !therapists.has(line.employeeId))
      therapists.set(line.employeeId, line);
  for (const [index, line] of drafts.entries()) {
    if (line.kind !== 'tip') continue;
    const treatment = therapists.get(line.employeeId!);
    if (!treatment)
      throw new SaleRuleError(
        'TIP_NEEDS_THERAPIST',
        'A tip goes to a therapist who gave a treatment on this sale',
        `lines[${index}].employeeId`,
      );
    drafts[index] = {
      ...line,
      name: `Tip · ${treatment.employeeName || 'therapist'}`,
      employeeName: treatment.employeeName,
      appointmentId: treatment.appointmentId,
    };
  }

  const lines = priceLines(drafts, saleDiscountPaise);
  const reserving = new Set(reserve.map((line) => line.id));
  return { lines, reserve: lines.filter((line) => reserving.has(line.id)), release, replace };
}

/** Shares the sale's discount over the lines and sets each line's total (@spa/rules priceSale). */
export function priceLines(lines: readonly SaleLine[], saleDiscountPaise: number): SaleLine[] {
  try {
    const priced = priceSale(
      lines.map((line) => ({
        kind: line.kind,
        quantity: line.quantity,
        unitPrice: line.unitPricePaise,
        lineDiscount: line.lineDiscountPaise,
        gstBp: line.gstBp,
      })),
      saleDiscountPaise,
    );
    return lines.map((line, index) => ({
      ...line,
      saleDiscountSharePaise: priced.lines[index]!.saleDiscountShare,
      totalPaise: priced.lines[index]!.total,
    }));
  } catch (error) {
    if (error instanceof SaleInputError) throw new SaleRuleError('SALE_INVALID', error.message);
    throw error;
  }
}

export interface SaleMoney {
  totalPaise: number;
  tipPaise: number;
  /** Line discounts plus the sale's. */
  discountPaise: number;
  /** Gross of the items (tips aside): what a discount is measured against. */
  discountableGrossPaise: number;
}

export function moneyOf(lines: readonly SaleLine[]): SaleMoney {
  const items = lines.filter((line) => line.kind !== 'tip');
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    totalPaise: sum(lines.map((line) => line.totalPaise)),
    tipPaise: sum(lines.filter((line) => line.kind === 'tip').map((line) => line.totalPaise)),
    discountPaise: sum(lines.map((line) => line.lineDiscountPaise + line.saleDiscountSharePaise)),
    discountableGrossPaise: sum(items.map((line) => line.quantity * line.unitPricePaise)),
  };
}

/**
 * Whether the sale's discount waits for an admin: above the editor's limit it is pending, unless an
 * admin already approved at least as much; within it nothing is needed.
 */
export function approvalAfterEdit(
  role: string,
  limits: DiscountLimits,
  money: SaleMoney,
  before: { approval: DiscountApproval; discountPaise: number },
): DiscountApproval {
  if (!discountNeedsApproval(role, money.discountPaise, money.discountableGrossPaise, limits)) return 'none';
  return before.approval === 'approved' && money.discountPaise <= before.discountPaise
    ? 'approved'
    : 'pending';
}

export interface CustomerInput {
  id?: string;
  name: string;
  phone?: string;
  email?: string;
  gstin?: string;
}

/** The buyer as stored: trimmed, the GSTIN upper-cased and checked by its checksum (a B2B invoice). */
export function customerOf(input: CustomerInput) {
  const name = input.name.trim();
  if (name === '') throw new SaleRuleError('CUSTOMER_INVALID', 'The customer needs a name', 'customer.name');
  const gstin = (input.gstin ?? '').trim().toUpperCase();
  if (gstin !== '' && !isValidGstin(gstin))
    throw new SaleRuleError(
      'GSTIN_INVALID',
      'This GSTIN is not valid (check its characters)',
      'customer.gstin',
    );
  return {
    customerId: input.id ?? null,
    customerName: name,
    customerPhone: (input.phone ?? '').trim(),
    customerEmail: (input.email ?? '').trim(),
    customerGstin: gstin,
  };
}

/** A cash tender: the change due, or why the cash handed over is not enough. */
export function cashChange(amountPaise: number, cashReceivedPaise: number | undefined): number {
  try {
    return changeDue(amountPaise, cashReceivedPaise ?? amountPaise);
  } catch (error) {
    if (error instanceof SaleInputError)
      throw new SaleRuleError('CASH_SHORT', error.message, 'cashReceivedPaise');
    throw error;
  }
}

/**
 * What a refund of `quantity` more units of a line gives back, after `refundedQuantity` went back
 * already: the line's total shared over its units, so refunding every unit in any number of steps
 * gives back exactly the line's total.
 */
export function refundOfLine(
  line: Pick<SaleLine, 'quantity' | 'totalPaise'>,
  refundedQuantity: number,
  quantity: number,
) {
  if (quantity < 1 || refundedQuantity + quantity > line.quantity)
    throw new SaleRuleError('REFUND_EXCEEDS_SOLD', 'A refund cannot give back more than was sold', 'lines');
  const upTo = (units: number) => Math.floor((line.totalPaise * units) / line.quantity);
  return upTo(refundedQuantity + quantity) - upTo(refundedQuantity);
}
