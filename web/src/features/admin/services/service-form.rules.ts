import type { PricingInput, ServiceInput } from '../../catalogue/catalogue.api';
import { refId, type Service } from '../../catalogue/types';

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
}

export type ServiceFormErrors = Partial<Record<'name' | 'category' | 'pricing', string>>;

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
  if (Object.keys(errors).length > 0 || !pricing) return { errors };
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
    },
  };
}
