import { describe, expect, it } from 'vitest';
import { initialFormState, submittedState, visibleErrors, withValue, type Validation } from './use-form';

interface Draft {
  name: string;
  order: string;
}

const validate = (draft: Draft): Validation<Draft, { name: string; order: number }> => {
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (!draft.name.trim()) errors.name = 'Name is required';
  if (!/^\d+$/.test(draft.order)) errors.order = 'Order must be a whole number';
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, input: { name: draft.name.trim(), order: Number(draft.order) } };
};

describe('form state', () => {
  it('starts untouched and not submitted', () => {
    expect(initialFormState({ name: '', order: '0' })).toEqual({
      values: { name: '', order: '0' },
      touched: {},
      submitted: false,
    });
  });

  it('sets one value, marks that field touched and leaves the rest', () => {
    const state = withValue(initialFormState({ name: '', order: '0' }), 'name', 'Massage');
    expect(state.values).toEqual({ name: 'Massage', order: '0' });
    expect(state.touched).toEqual({ name: true });
    expect(state.submitted).toBe(false);
  });

  it('does not change the state it was given', () => {
    const before = initialFormState({ name: '', order: '0' });
    withValue(before, 'order', '3');
    submittedState(before);
    expect(before).toEqual(initialFormState({ name: '', order: '0' }));
  });
});

describe('visibleErrors', () => {
  const empty = initialFormState({ name: '', order: 'x' });

  it('shows nothing before the first submit', () => {
    expect(visibleErrors(empty, validate(empty.values))).toEqual({ errors: {} });
  });

  it('shows every error of the current values once submitted', () => {
    const submitted = submittedState(empty);
    expect(visibleErrors(submitted, validate(submitted.values)).errors).toEqual({
      name: 'Name is required',
      order: 'Order must be a whole number',
    });
  });

  it('drops a message as soon as its field is fixed', () => {
    const fixed = withValue(submittedState(empty), 'name', 'Facial');
    expect(visibleErrors(fixed, validate(fixed.values)).errors).toEqual({
      order: 'Order must be a whole number',
    });
  });

  it('in touched mode shows the errors of touched fields only before submit', () => {
    const touched = withValue(empty, 'order', '1.5');
    expect(visibleErrors(touched, validate(touched.values), 'touched').errors).toEqual({
      order: 'Order must be a whole number',
    });
  });

  it('passes the form-level message through once submitted', () => {
    const result = { error: 'Room Number and Location are required' };
    expect(visibleErrors(empty, result).error).toBeUndefined();
    expect(visibleErrors(submittedState(empty), result).error).toBe(result.error);
  });

  it('gives the input only for valid values', () => {
    expect(validate({ name: ' Spa ', order: '2' }).input).toEqual({ name: 'Spa', order: 2 });
    expect(validate({ name: '', order: '2' }).input).toBeUndefined();
  });
});
