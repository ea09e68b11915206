import { useState, type ChangeEvent, type FormEvent } from 'react';

/** What a form's pure `validate(values)` returns, as the `*.rules.ts` files do. */
export interface Validation<V, R, K extends PropertyKey = keyof V> {
  /** Per-field messages, by field name (or a path such as `depositPolicy.value`). */
  errors?: Partial<Record<K, string>>;
  /** One message for the whole form (a banner). */
  error?: string;
  /** Present only when the values are valid: what is sent. */
  input?: R;
}

export interface FormState<V> {
  values: V;
  touched: Partial<Record<keyof V, boolean>>;
  submitted: boolean;
}

export type FieldErrors<K extends PropertyKey> = Partial<Record<K, string>>;

/** The state a form starts in. */
export function initialFormState<V>(values: V): FormState<V> {
  return { values, touched: {}, submitted: false };
}

/** Sets one value and marks the field touched. */
export function withValue<V, K extends keyof V>(state: FormState<V>, name: K, value: V[K]): FormState<V> {
  return {
    ...state,
    values: { ...state.values, [name]: value },
    touched: { ...state.touched, [name]: true },
  };
}

/** Marks the form submitted (its errors show from then on). */
export function submittedState<V>(state: FormState<V>): FormState<V> {
  return { ...state, submitted: true };
}

/**
 * The errors to show: none before the first submit, then those of the current values (so a message
 * goes as soon as its field is fixed). With 'touched', a touched field shows its error before submit.
 */
export function visibleErrors<V, R, K extends PropertyKey = keyof V>(
  state: FormState<V>,
  validation: Validation<V, R, K>,
  showErrors: 'submit' | 'touched' = 'submit',
): { errors: FieldErrors<K>; error?: string } {
  if (state.submitted) return { errors: validation.errors ?? {}, error: validation.error };
  if (showErrors === 'submit') return { errors: {} };
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(validation.errors ?? {}) as K[]) {
    if (state.touched[key as unknown as keyof V]) errors[key] = validation.errors?.[key];
  }
  return { errors };
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface FieldBinding<V, K extends keyof V> {
  value: V[K];
  /** The message to show under the field, if any. */
  error?: string;
  set: (value: V[K]) => void;
  /** Spread onto a text input, select or textarea whose value is this field's string. */
  input: { value: string; onChange: (event: ChangeEvent<Control>) => void; onBlur: () => void };
}

interface UseFormOptions<V, R, K extends PropertyKey> {
  initial: V | (() => V);
  validate: (values: V) => Validation<V, R, K>;
  /** Called with the valid input on submit; not called while there are errors. */
  onSubmit: (input: R, values: V) => void;
  /** When errors show: after the first submit (default), or also once their field was touched. */
  showErrors?: 'submit' | 'touched';
}

/**
 * A form's values, with the per-field errors of a pure `validate(values)` shown once it was submitted:
 * `field(name)` binds a control, `handleSubmit` is the form's onSubmit.
 */
export function useForm<V extends object, R, K extends PropertyKey = keyof V>({
  initial,
  validate,
  onSubmit,
  showErrors,
}: UseFormOptions<V, R, K>) {
  const [state, setState] = useState(() =>
    initialFormState(typeof initial === 'function' ? initial() : initial),
  );
  const validation = validate(state.values);
  const shown = visibleErrors(state, validation, showErrors);

  const set = <K extends keyof V>(name: K, value: V[K]) =>
    setState((current) => withValue(current, name, value));
  const update = (changes: Partial<V> | ((values: V) => V)) =>
    setState((current) => ({
      ...current,
      values: typeof changes === 'function' ? changes(current.values) : { ...current.values, ...changes },
    }));

  const field = <K extends keyof V>(name: K): FieldBinding<V, K> => ({
    value: state.values[name],
    error: shown.errors[name as unknown as K],
    set: (value) => set(name, value),
    input: {
      value: String(state.values[name] ?? ''),
      onChange: (event) => set(name, event.target.value as V[K]),
      onBlur: () => setState((current) => ({ ...current, touched: { ...current.touched, [name]: true } })),
    },
  });

  const handleSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    setState(submittedState);
    if (validation.input !== undefined) onSubmit(validation.input, state.values);
  };

  return {
    values: state.values,
    touched: state.touched,
    submitted: state.submitted,
    errors: shown.errors,
    /** The form-level message (a banner), once submitted. */
    error: shown.error,
    set,
    update,
    field,
    handleSubmit,
  };
}
