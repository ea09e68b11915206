import type { BusinessHours } from '@spa/rules';
import type { RoomType } from '../catalogue/types';
import type { Appointment, PaymentMethod } from './appointment';
import { isBookableStart } from './business-time';

/** Spec section 4: services → datetime-selection → room-selection → summary → confirmation. */
export type WizardStep = 'services' | 'datetime-selection' | 'room-selection' | 'summary' | 'confirmation';

export interface WizardState {
  step: WizardStep;
  /** The category pill; '' is All Treatments. */
  categoryId: string;
  serviceId?: string;
  /** The chosen pricing option (see optionKey). */
  optionKey?: string;
  durationMinutes?: number;
  /** ISO instant of the chosen start. */
  start?: string;
  roomType?: RoomType;
  /** The room chosen: its type and capacity (see roomChoiceKey). */
  roomChoice?: string;
  paymentMethod: PaymentMethod;
  booked?: Appointment;
}

export type WizardAction =
  | { type: 'category'; categoryId: string }
  | { type: 'service'; serviceId: string; option?: { key: string; durationMinutes: number } }
  | { type: 'option'; key: string; durationMinutes: number; now: Date; hours: BusinessHours }
  | { type: 'start'; start: string }
  | { type: 'room-type'; roomType: RoomType; choice?: string }
  | { type: 'payment'; method: PaymentMethod }
  | { type: 'go'; step: WizardStep }
  | { type: 'booked'; appointment: Appointment }
  | { type: 'reset' };

export const initialWizardState: WizardState = { step: 'services', categoryId: '', paymentMethod: 'cash' };

/** Spec: later steps are disabled until the earlier choices exist. */
export function canOpen(step: WizardStep, state: WizardState): boolean {
  if (state.booked) return step === 'confirmation';
  switch (step) {
    case 'services':
      return true;
    case 'datetime-selection':
      return Boolean(state.serviceId);
    case 'room-selection':
      return Boolean(state.serviceId && state.optionKey && state.start);
    case 'summary':
      return canOpen('room-selection', state) && Boolean(state.roomType);
    case 'confirmation':
      return false;
  }
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'category':
      return { ...state, categoryId: action.categoryId };
    case 'service':
      // Spec: choosing a service resets the chosen duration (a preselected option sets it again).
      return {
        ...state,
        step: 'datetime-selection',
        serviceId: action.serviceId,
        optionKey: action.option?.key,
        durationMinutes: action.option?.durationMinutes,
        start: undefined,
      };
    case 'option': {
      // A longer treatment may no longer fit before closing at the time already picked.
      const keepsStart =
        state.start &&
        isBookableStart(new Date(state.start), action.durationMinutes, action.now, action.hours);
      return {
        ...state,
        optionKey: action.key,
        durationMinutes: action.durationMinutes,
        start: keepsStart ? state.start : undefined,
      };
    }
    case 'start':
      return { ...state, start: action.start };
    case 'room-type':
      return { ...state, roomType: action.roomType, roomChoice: action.choice };
    case 'payment':
      return { ...state, paymentMethod: action.method };
    case 'go':
      return canOpen(action.step, state) ? { ...state, step: action.step } : state;
    case 'booked':
      return { ...state, step: 'confirmation', booked: action.appointment };
    case 'reset':
      return initialWizardState;
  }
}

/** The step indicator's four entries; the summary and the confirmation share the last one. */
export const INDICATOR_STEPS: ReadonlyArray<{
  step: WizardStep;
  label: string;
  mobileLabel: string;
}> = [
  { step: 'services', label: 'Select Service', mobileLabel: 'Services' },
  { step: 'datetime-selection', label: 'Select Time', mobileLabel: 'Time' },
  { step: 'room-selection', label: 'Select Room Type', mobileLabel: 'Room' },
  { step: 'summary', label: 'Confirmation', mobileLabel: 'Confirm' },
];

/** Position of a step on the indicator (0-3). */
export function indicatorIndex(step: WizardStep): number {
  return step === 'confirmation' ? 3 : INDICATOR_STEPS.findIndex((entry) => entry.step === step);
}

/** What the booking page reads to preselect a treatment: ?service=&option= and state.preselect. */
export function readPreselection(
  search: URLSearchParams,
  state: unknown,
): { serviceId: string; pricingId?: string } | null {
  const fromState = (state as { preselect?: { serviceId?: unknown; pricingId?: unknown } } | null)?.preselect;
  const serviceId =
    typeof fromState?.serviceId === 'string' && fromState.serviceId
      ? fromState.serviceId
      : search.get('service');
  if (!serviceId) return null;
  const pricingId =
    typeof fromState?.pricingId === 'string' && fromState.pricingId
      ? fromState.pricingId
      : (search.get('option') ?? undefined);
  return { serviceId, pricingId: pricingId || undefined };
}

/** The choices kept across a sign-in detour (session storage), never the booked result. */
export function serializeWizard(state: WizardState): string | null {
  if (state.booked || state.step === 'confirmation') return null;
  const { booked: _booked, ...choices } = state;
  return JSON.stringify(choices);
}

const STEPS: readonly WizardStep[] = ['services', 'datetime-selection', 'room-selection', 'summary'];

/** Restores saved choices; a time that has meanwhile passed is dropped and the step falls back. */
export function restoreWizard(saved: string | null, now: Date, hours: BusinessHours): WizardState {
  if (!saved) return initialWizardState;
  try {
    const raw = JSON.parse(saved) as Partial<WizardState>;
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    const duration = typeof raw.durationMinutes === 'number' ? raw.durationMinutes : undefined;
    const start = text(raw.start);
    const state: WizardState = {
      step: 'services',
      categoryId: text(raw.categoryId) ?? '',
      serviceId: text(raw.serviceId),
      optionKey: text(raw.optionKey),
      durationMinutes: duration,
      start: start && duration && isBookableStart(new Date(start), duration, now, hours) ? start : undefined,
      roomType: ['Silver', 'Gold', 'Diamond'].includes(raw.roomType as string) ? raw.roomType : undefined,
      roomChoice: text(raw.roomChoice),
      paymentMethod: raw.paymentMethod === 'online' ? 'online' : 'cash',
    };
    const wanted = STEPS.includes(raw.step as WizardStep) ? (raw.step as WizardStep) : 'services';
    const reachable = STEPS.slice(0, STEPS.indexOf(wanted) + 1).filter((step) => canOpen(step, state));
    return { ...state, step: reachable.at(-1) ?? 'services' };
  } catch {
    return initialWizardState;
  }
}
