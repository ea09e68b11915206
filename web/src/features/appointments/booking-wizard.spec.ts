import { describe, expect, it } from 'vitest';
import type { Appointment } from './appointment';
import { businessInstant } from './business-time';
import {
  canOpen,
  indicatorIndex,
  initialWizardState,
  readPreselection,
  restoreWizard,
  serializeWizard,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './booking-wizard';

const day = { year: 2026, month: 11, day: 25 };
const now = new Date('2026-11-25T02:40:00.000Z');
/** Booking's default business hours, 9:00 AM to 9:00 PM. */
const hours = { openMinute: 9 * 60, closeMinute: 21 * 60, timeZone: 'Asia/Kolkata' };
const sevenThirtyPm = businessInstant(day, 19 * 60 + 30).toISOString();

const run = (...actions: WizardAction[]): WizardState => actions.reduce(wizardReducer, initialWizardState);

describe('booking wizard', () => {
  it('starts on the services step with later steps closed', () => {
    expect(initialWizardState.step).toBe('services');
    expect(canOpen('datetime-selection', initialWizardState)).toBe(false);
    expect(run({ type: 'go', step: 'summary' }).step).toBe('services');
  });

  it('walks services → time → room → summary as choices are made', () => {
    let state = run({ type: 'service', serviceId: 's1' });
    expect(state.step).toBe('datetime-selection');
    expect(canOpen('room-selection', state)).toBe(false);
    state = wizardReducer(state, { type: 'option', key: 'p60', durationMinutes: 60, now, hours });
    state = wizardReducer(state, { type: 'start', start: sevenThirtyPm });
    expect(canOpen('room-selection', state)).toBe(true);
    expect(canOpen('summary', state)).toBe(false);
    state = wizardReducer(state, { type: 'go', step: 'room-selection' });
    state = wizardReducer(state, { type: 'room-type', roomType: 'Gold' });
    state = wizardReducer(state, { type: 'go', step: 'summary' });
    expect(state.step).toBe('summary');
    // Back buttons go to the previous step.
    expect(wizardReducer(state, { type: 'go', step: 'room-selection' }).step).toBe('room-selection');
  });

  it('resets the duration and time when another service is chosen', () => {
    const state = run(
      { type: 'service', serviceId: 's1' },
      { type: 'option', key: 'p60', durationMinutes: 60, now, hours },
      { type: 'start', start: sevenThirtyPm },
      { type: 'service', serviceId: 's2' },
    );
    expect(state).toMatchObject({ serviceId: 's2', optionKey: undefined, start: undefined });
  });

  it('keeps a preselected option', () => {
    const state = run({ type: 'service', serviceId: 's1', option: { key: 'p90', durationMinutes: 90 } });
    expect(state).toMatchObject({ step: 'datetime-selection', optionKey: 'p90', durationMinutes: 90 });
  });

  it('drops the time when a longer duration no longer ends by closing', () => {
    const base = run(
      { type: 'service', serviceId: 's1' },
      { type: 'option', key: 'p60', durationMinutes: 60, now, hours },
      { type: 'start', start: sevenThirtyPm },
    );
    expect(wizardReducer(base, { type: 'option', key: 'p90', durationMinutes: 90, now, hours }).start).toBe(
      sevenThirtyPm,
    );
    expect(
      wizardReducer(base, { type: 'option', key: 'p120', durationMinutes: 120, now, hours }).start,
    ).toBeUndefined();
  });

  it('locks the steps once booked, until Book Another Appointment resets it', () => {
    const booked = run(
      { type: 'service', serviceId: 's1' },
      { type: 'booked', appointment: { id: 'a1' } as Appointment },
    );
    expect(booked.step).toBe('confirmation');
    expect(wizardReducer(booked, { type: 'go', step: 'services' }).step).toBe('confirmation');
    expect(wizardReducer(booked, { type: 'reset' })).toEqual(initialWizardState);
  });

  it('maps steps on the four-entry indicator', () => {
    expect(indicatorIndex('services')).toBe(0);
    expect(indicatorIndex('room-selection')).toBe(2);
    expect(indicatorIndex('summary')).toBe(3);
    expect(indicatorIndex('confirmation')).toBe(3);
  });
});

describe('readPreselection', () => {
  it('reads the service and option from the query string', () => {
    expect(readPreselection(new URLSearchParams('service=s1&option=p2'), null)).toEqual({
      serviceId: 's1',
      pricingId: 'p2',
    });
    expect(readPreselection(new URLSearchParams('service=s1'), undefined)).toEqual({
      serviceId: 's1',
      pricingId: undefined,
    });
  });

  it('prefers navigation state, and is null without a service', () => {
    expect(
      readPreselection(new URLSearchParams('service=s1'), {
        preselect: { serviceId: 's9', pricingId: 'p9' },
      }),
    ).toEqual({ serviceId: 's9', pricingId: 'p9' });
    expect(readPreselection(new URLSearchParams(''), { preselect: {} })).toBeNull();
  });
});

describe('saved choices', () => {
  const chosen = run(
    { type: 'service', serviceId: 's1' },
    { type: 'option', key: 'p60', durationMinutes: 60, now, hours },
    { type: 'start', start: sevenThirtyPm },
    { type: 'go', step: 'room-selection' },
    { type: 'room-type', roomType: 'Gold', choice: 'Gold|Double Bed' },
    { type: 'payment', method: 'online' },
    { type: 'go', step: 'summary' },
  );

  it('come back as they were', () => {
    expect(restoreWizard(serializeWizard(chosen), now, hours)).toEqual(chosen);
  });

  it('drop a time that has passed and fall back to its step', () => {
    const later = new Date('2026-11-26T00:00:00.000Z');
    expect(restoreWizard(serializeWizard(chosen), later, hours)).toMatchObject({
      step: 'datetime-selection',
      start: undefined,
      roomType: 'Gold',
      roomChoice: 'Gold|Double Bed',
    });
  });

  it('are never kept once booked, and garbage restores the start', () => {
    expect(serializeWizard({ ...chosen, step: 'confirmation', booked: {} as Appointment })).toBeNull();
    expect(restoreWizard('{not json', now, hours)).toEqual(initialWizardState);
    expect(restoreWizard(null, now, hours)).toEqual(initialWizardState);
    expect(restoreWizard('{"step":"summary","serviceId":5}', now, hours)).toEqual(initialWizardState);
  });
});
