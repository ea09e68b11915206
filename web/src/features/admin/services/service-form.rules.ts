import {
  DEFAULT_SERVICE_GST_BP,
  DEFAULT_SAC_CODE,
  depositPolicyProblems,
  GST_RATES_BP,
  gstBpProblem,
  gstRateLabel,
  NO_DEPOSIT,
  sacCodeProblem,
  type DepositKind,
  type DepositPolicy,
} from '@spa/rules';
import type { PricingInput, ServiceInput } from '../../catalogue/catalogue.api';
import { refId, type Service, type ServiceDepositPolicy } from '../../catalogue/types';

/** The service form as typed: numbers stay text until saving. */
export interface PricingDraft {
  /** Stable React key for the row. */
  key: string;
  _id?: string;
  durationMinutes: string;
  duration: string;
  price: string;
  label: string;
}

export interface ServiceDraft {
  name: string;
  category: string;
  description: string;
  /** One benefit per line. */
  benefits: string;
  pricing: PricingDraft[];
  /** Comma separated. */
  tags: string;
  isActive: boolean;
  images: string[];
  depositKind: DepositKind;
  /** A whole percent, or rupees for a fixed deposit; unused for none. */
  depositValue: string;
  lateCancellationHours: string;
  lateCancellationFeePercent: string;
  sacCode: string;
  /** Basis points as the select holds them ("1800"). */
  gstBp: string;
}

/** The deposit fields' errors are named as the server names them (`depositPolicy.value`...). */
export type DepositField =
  | 'depositPolicy.kind'
  | 'depositPolicy.value'
  | 'depositPolicy.lateCancellationHours'
  | 'depositPolicy.lateCancellationFeePercent';

export type ServiceFormErrors = Partial<
  Record<'name' | 'category' | 'pricing' | 'sacCode' | 'gstBp' | DepositField, string>
>;

/** The GST rates a treatment may carry, as the select offers them ("18%"). */
export const GST_RATE_OPTIONS: ReadonlyArray<{ value: string; label: string }> = GST_RATES_BP.map((bp) => ({
  value: String(bp),
  label: gstRateLabel(bp),
}));

export const DEPOSIT_KIND_OPTIONS: ReadonlyArray<{ value: DepositKind; label: string }> = [
  { value: 'none', label: 'No deposit' },
  { value: 'percent', label: 'Percentage of the price' },
  { value: 'fixed', label: 'Fixed amount' },
];

/** The policy's fields as the form shows them (a fixed deposit in rupees, as the API gives it). */
function depositDraft(policy: ServiceDepositPolicy = NO_DEPOSIT) {
  return {
    depositKind: policy.kind,
    depositValue: policy.kind === 'none' ? '' : String(policy.value),
    lateCancellationHours: String(policy.lateCancellationHours),
    lateCancellationFeePercent: String(policy.lateCancellationFeePercent),
  };
}

let rowCounter = 0;
export const newPricingRow = (): PricingDraft => ({
  key: `row-${++rowCounter}`,
  durationMinutes: '',
  duration: '',
  price: '',
  label: '',
});

export function serviceDraft(service?: Service): ServiceDraft {
  if (!service)
    return {
      name: '',
      category: '',
      description: '',
      benefits: '',
      pricing: [newPricingRow()],
      tags: '',
      isActive: true,
      images: [],
      ...depositDraft(),
      sacCode: DEFAULT_SAC_CODE,
      gstBp: String(DEFAULT_SERVICE_GST_BP),
    };
  return {
    name: service.name,
    category: refId(service.category) ?? '',
    description: service.description ?? '',
    benefits: service.benefits.join('\n'),
    pricing: service.pricing.length
      ? service.pricing.map((option) => ({
          ...newPricingRow(),
          _id: option._id,
          durationMinutes: String(option.durationMinutes),
          duration: option.duration,
          price: String(option.price),
          label: option.label ?? '',
        }))
      : [newPricingRow()],
    tags: service.tags.join(', '),
    isActive: service.isActive,
    images: [...service.images],
    ...depositDraft(service.depositPolicy),
    sacCode: service.sacCode ?? DEFAULT_SAC_CODE,
    gstBp: String(service.gstBp ?? DEFAULT_SERVICE_GST_BP),
  };
}

const isBlankRow = (row: PricingDraft) =>
  !row.durationMinutes.trim() && !row.duration.trim() && !row.price.trim() && !row.label.trim();

/** A suggested duration label for minutes typed into an option with no label yet. */
export function durationLabel(minutes: string): string {
  const value = Number(minutes);
  return Number.isInteger(value) && value > 0 ? `${value} min` : '';
}

/**
 * New minutes for a row. The duration label follows the minutes ("90 min") while it is blank or still
 * the suggested text, and is left alone once typed by hand.
 */
export function withMinutes(row: PricingDraft, durationMinutes: string): Partial<PricingDraft> {
  const following = !row.duration.trim() || row.duration === durationLabel(row.durationMinutes);
  return following ? { durationMinutes, duration: durationLabel(durationMinutes) } : { durationMinutes };
}

function cleanPricing(rows: PricingDraft[]): { pricing?: PricingInput[]; error?: string } {
  const filled = rows.filter((row) => !isBlankRow(row));
  if (filled.length === 0) return { error: 'At least one pricing option is required' };
  const pricing: PricingInput[] = [];
  for (const row of filled) {
    const minutes = Number(row.durationMinutes);
    const price = Number(row.price);
    if (!row.durationMinutes.trim() || !row.duration.trim() || !row.price.trim())
      return { error: 'Each pricing option needs minutes, a duration label and a price' };
    if (!Number.isInteger(minutes) || minutes <= 0)
      return { error: 'Minutes must be a whole number greater than 0' };
    if (!Number.isFinite(price) || price < 0) return { error: 'Price must be 0 or more' };
    pricing.push({
      ...(row._id ? { _id: row._id } : {}),
      durationMinutes: minutes,
      duration: row.duration.trim(),
      price: Math.round(price * 100) / 100,
      ...(row.label.trim() ? { label: row.label.trim() } : {}),
    });
  }
  return { pricing };
}

/** Blank is 0, as the server reads a number left out. */
const numberOf = (text: string) => (text.trim() === '' ? 0 : Number(text));

/** The server's check of a fixed deposit in rupees (catalogue's priceProblem), before it becomes paise. */
function fixedRupeesProblem(rupees: number): string | undefined {
  if (!Number.isFinite(rupees)) return 'A fixed deposit must be a number';
  if (rupees < 0) return 'A fixed deposit cannot be negative';
  if (rupees > 10_000_000) return 'A fixed deposit cannot be more than 10000000';
  if (Math.abs(rupees * 100 - Math.round(rupees * 100)) >= 1e-6)
    return 'A fixed deposit can have at most 2 decimal places';
  return undefined;
}

/**
 * The deposit fieldset: checked by the same rules as the server (@spa/rules, a fixed deposit in
 * paise), so the messages match; answers the policy as the API takes it (a fixed deposit in rupees).
 */
export function cleanDepositPolicy(draft: ServiceDraft): {
  policy?: ServiceDepositPolicy;
  errors: Partial<Record<DepositField, string>>;
} {
  const kind = draft.depositKind;
  const value = kind === 'none' ? 0 : numberOf(draft.depositValue);
  const rupeesProblem = kind === 'fixed' ? fixedRupeesProblem(value) : undefined;
  const policy: DepositPolicy = {
    kind,
    value: kind === 'fixed' ? Math.round(value * 100) : value,
    lateCancellationHours: numberOf(draft.lateCancellationHours),
    lateCancellationFeePercent: numberOf(draft.lateCancellationFeePercent),
  };
  const errors: Partial<Record<DepositField, string>> = {};
  if (rupeesProblem) errors['depositPolicy.value'] = rupeesProblem;
  for (const { field, message } of depositPolicyProblems(policy)) errors[field as DepositField] ??= message;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    policy: { ...policy, value: kind === 'fixed' ? policy.value / 100 : policy.value },
  };
}

/**
 * The spec's service form rules: name and category required; empty pricing rows dropped and each
 * other row complete; blank benefit lines dropped; tags trimmed with empties dropped.
 */
export function validateServiceDraft(draft: ServiceDraft): {
  errors: ServiceFormErrors;
  input?: ServiceInput;
} {
  const errors: ServiceFormErrors = {};
  if (!draft.name.trim()) errors.name = 'Service name is required';
  if (!draft.category) errors.category = 'Category is required';
  const { pricing, error } = cleanPricing(draft.pricing);
  if (error) errors.pricing = error;
  const deposit = cleanDepositPolicy(draft);
  Object.assign(errors, deposit.errors);
  const sacCode = draft.sacCode.trim();
  const sacProblem = sacCodeProblem(sacCode);
  if (sacProblem) errors.sacCode = sacProblem;
  const gstBp = Number(draft.gstBp);
  const gstProblem = gstBpProblem(gstBp);
  if (gstProblem) errors.gstBp = gstProblem;
  if (Object.keys(errors).length > 0 || !pricing || !deposit.policy) return { errors };
  return {
    errors,
    input: {
      name: draft.name.trim(),
      category: draft.category,
      description: draft.description.trim(),
      benefits: draft.benefits
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
      pricing,
      tags: draft.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      isActive: draft.isActive,
      images: draft.images,
      depositPolicy: deposit.policy,
      sacCode,
      gstBp,
    },
  };
}
