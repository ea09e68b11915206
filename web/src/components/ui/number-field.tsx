import type { ReactNode } from 'react';
import { FormField } from './form-field';

interface NumberFieldProps {
  label: ReactNode;
  value: string;
  /** The input's text as typed (a form's draft keeps it as a string until it is validated). */
  onChange: (value: string) => void;
  min?: number;
  max?: number;
  /** 1 (the default) for whole numbers, 0.01 for rupees; it also picks the phone's keypad. */
  step?: number;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** A fuller name than the label where the label repeats (a row of a list: "Price, option 2"). */
  'aria-label'?: string;
}

/** A labelled number input in the admin forms' style, with its hint and error (FormField). */
export function NumberField({
  value,
  onChange,
  min,
  max,
  step = 1,
  'aria-label': ariaLabel,
  ...field
}: NumberFieldProps) {
  return (
    <FormField {...field}>
      {(control) => (
        <input
          {...control}
          className="cat-input"
          type="number"
          min={min}
          max={max}
          step={step}
          inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
          aria-label={ariaLabel}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
