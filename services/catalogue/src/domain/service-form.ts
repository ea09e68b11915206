import { badRequest } from '@spa/kit/errors';
import { depositPolicyProblems, NO_DEPOSIT, type DepositKind, type DepositPolicy } from '@spa/rules';
import { paiseToRupees, priceProblem, rupeesToPaise } from './money.js';
import { cleanGstBp, cleanSacCode } from './tax-codes.js';
import { cleanList, cleanText, isUploadedImageUrl, optionalText } from './text.js';

const MAX_PRICING_OPTIONS = 12;
const MAX_SERVICE_IMAGES = 10;
const DEFAULT_CLEANUP_MINUTES = 15;

export interface PricingRowInput {
  _id?: string | null;
  duration?: string | null;
  durationMinutes?: number | null;
  price?: number | null;
  label?: string | null;
}

export interface PricingRow {
  /** Kept when the client sends back an existing option's id, so references to it stay valid. */
  id: string | undefined;
  duration: string;
  durationMinutes: number;
  pricePaise: number;
  label: string | null;
}

const isMissing = (value: unknown) => value === null || value === undefined;

function isEmptyRow(row: PricingRowInput): boolean {
  return (
    cleanText(row.duration) === '' &&
    isMissing(row.durationMinutes) &&
    isMissing(row.price) &&
    cleanText(row.label) === ''
  );
}

/**
 * The service form's pricing rule: empty rows are dropped, every other row needs a duration label,
 * its minutes and a price (the label is optional), and at least one row must remain.
 */
export function cleanPricing(rows: readonly PricingRowInput[]): PricingRow[] {
  const kept = rows.filter((row) => !isEmptyRow(row));
  if (kept.length === 0) throw badRequest('At least one pricing option is required');
  if (kept.length > MAX_PRICING_OPTIONS)
    throw badRequest(`A service can have at most ${MAX_PRICING_OPTIONS} pricing options`);
  return kept.map((row, index) => {
    const duration = cleanText(row.duration);
    if (duration === '' || isMissing(row.durationMinutes) || isMissing(row.price)) {
      throw badRequest('Each pricing option needs a duration, its minutes and a price', [
        { field: `pricing.${index}` },
      ]);
    }
    const problem = priceProblem(row.price);
    if (problem) throw badRequest(problem, [{ field: `pricing.${index}.price` }]);
    return {
      id: optionalText(row._id) ?? undefined,
      duration,
      durationMinutes: row.durationMinutes,
      pricePaise: rupeesToPaise(row.price),
      label: optionalText(row.label),
    };
  });
}

/** Benefits arrive as a list or as text with one benefit per line; blank lines are dropped. */
export function cleanBenefits(input: readonly string[] | string | undefined): string[] {
  if (input === undefined) return [];
  const lines =
    typeof input === 'string' ? input.split(/\r?\n/) : input.flatMap((item) => item.split(/\r?\n/));
  return cleanList(lines);
}

/** Tags arrive as a list or comma separated; trimmed, empties dropped, a leading # removed, each once. */
export function cleanTags(input: readonly string[] | string | undefined): string[] {
  if (input === undefined) return [];
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((item) => item.split(','));
  return cleanList(
    parts.map((tag) => tag.trim().replace(/^#+/, '')),
    { dedupe: true },
  );
}

export function cleanImages(images: readonly string[] | undefined, max: number, tooMany: string): string[] {
  const list = cleanList(images ?? [], { dedupe: true });
  if (list.length > max) throw badRequest(tooMany);
  const foreign = list.find((url) => !isUploadedImageUrl(url));
  if (foreign)
    throw badRequest('Images must be uploaded through POST /upload (use the imageUrl it answers)', [
      { field: 'images', value: foreign.slice(0, 200) },
    ]);
  return list;
}

/**
 * A deposit policy as the API speaks it: `value` is a whole percent for `percent`, rupees (at most two
 * decimals) for `fixed`, and ignored for `none`. Numbers left out are 0.
 */
export interface DepositPolicyInput {
  kind: string;
  value?: number;
  lateCancellationHours?: number;
  lateCancellationFeePercent?: number;
}

/**
 * The admin's policy in @spa/rules terms (paise for a fixed deposit), checked by the rules booking
 * charges by; each problem is named by its field (`depositPolicy.value`...).
 */
export function cleanDepositPolicy(input: DepositPolicyInput | undefined): DepositPolicy {
  if (input === undefined) return { ...NO_DEPOSIT };
  const kind = input.kind as DepositKind;
  const value = input.value ?? 0;
  if (kind === 'fixed') {
    const problem = priceProblem(value, 'A fixed deposit');
    if (problem) throw badRequest(problem, [{ field: 'depositPolicy.value', message: problem }]);
  }
  const policy: DepositPolicy = {
    kind,
    value: kind === 'fixed' ? rupeesToPaise(value) : kind === 'none' ? 0 : value,
    lateCancellationHours: input.lateCancellationHours ?? 0,
    lateCancellationFeePercent: input.lateCancellationFeePercent ?? 0,
  };
  const problems = depositPolicyProblems(policy);
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  return policy;
}

/** A policy as the API answers it: the same fields, a fixed deposit's value in rupees. */
export type DepositPolicyOutput = Omit<DepositPolicy, 'value'> & { value: number };

/** A stored policy as the API answers it. */
export function depositPolicyOutput(policy: DepositPolicy): DepositPolicyOutput {
  return { ...policy, value: policy.kind === 'fixed' ? paiseToRupees(policy.value) : policy.value };
}

/** How a service row keeps its policy: four columns. */
export interface DepositColumns {
  depositKind: DepositKind;
  depositValue: number;
  lateCancellationHours: number;
  lateCancellationFeePercent: number;
}

function depositColumns(policy: DepositPolicy): DepositColumns {
  return {
    depositKind: policy.kind,
    depositValue: policy.value,
    lateCancellationHours: policy.lateCancellationHours,
    lateCancellationFeePercent: policy.lateCancellationFeePercent,
  };
}

export function depositPolicyOf(row: DepositColumns): DepositPolicy {
  return {
    kind: row.depositKind,
    value: row.depositValue,
    lateCancellationHours: row.lateCancellationHours,
    lateCancellationFeePercent: row.lateCancellationFeePercent,
  };
}

export interface ServiceInput {
  name?: string | null;
  category?: string | null;
  description?: string | null;
  benefits?: readonly string[] | string;
  pricing?: readonly PricingRowInput[];
  tags?: readonly string[] | string;
  images?: readonly string[];
  isActive?: boolean;
  cleanupMinutes?: number;
  depositPolicy?: DepositPolicyInput;
  /** Left out: 999723 on create. */
  sacCode?: string;
  /** Basis points; left out: 500 on create. */
  gstBp?: number;
}

export interface ServiceFields {
  name: string;
  categoryId: string;
  description: string;
  benefits: string[];
  pricing: PricingRow[];
  tags: string[];
  images: string[];
  isActive: boolean;
  cleanupMinutes: number;
  depositPolicy: DepositPolicy;
  sacCode: string;
  gstBp: number;
}

/** The whole service form, checked in the order the form shows its fields. */
export function cleanServiceForm(input: ServiceInput): ServiceFields {
  const name = cleanText(input.name);
  if (name === '') throw badRequest('Service name is required', [{ field: 'name' }]);
  const categoryId = cleanText(input.category);
  if (categoryId === '') throw badRequest('Category is required', [{ field: 'category' }]);
  return {
    name,
    categoryId,
    description: cleanText(input.description),
    benefits: cleanBenefits(input.benefits),
    pricing: cleanPricing(input.pricing ?? []),
    tags: cleanTags(input.tags),
    images: cleanImages(input.images, MAX_SERVICE_IMAGES, `Maximum ${MAX_SERVICE_IMAGES} images allowed`),
    isActive: input.isActive ?? true,
    cleanupMinutes: input.cleanupMinutes ?? DEFAULT_CLEANUP_MINUTES,
    depositPolicy: cleanDepositPolicy(input.depositPolicy),
    sacCode: cleanSacCode(input.sacCode),
    gstBp: cleanGstBp(input.gstBp, 'service'),
  };
}

/** The service's own columns (its pricing goes to its own table). */
export function serviceColumns({ pricing: _pricing, depositPolicy, ...columns }: ServiceFields) {
  return { ...columns, ...depositColumns(depositPolicy) };
}

export type PricingRowToWrite = Omit<PricingRow, 'id'> & { id: string; position: number };

/**
 * Pricing rows in form order with their ids: an id the client sent back is kept only if it was this
 * service's own (and only once); every other row gets a new one.
 */
export function pricingWithIds(
  rows: readonly PricingRow[],
  ownIds: ReadonlySet<string>,
  newId: () => string,
): PricingRowToWrite[] {
  const used = new Set<string>();
  return rows.map((row, position) => {
    const keep = row.id !== undefined && ownIds.has(row.id.toLowerCase()) && !used.has(row.id.toLowerCase());
    const id = keep ? row.id!.toLowerCase() : newId();
    used.add(id);
    return {
      id,
      position,
      duration: row.duration,
      durationMinutes: row.durationMinutes,
      pricePaise: row.pricePaise,
      label: row.label,
    };
  });
}
