import type { ReactNode } from 'react';

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  /** Extra class on the label, e.g. to show it only where the column heading is not visible. */
  labelClassName?: string;
  /** False where the error is shown elsewhere (under a table row) with the id `${id}-error`. */
  showError?: boolean;
  children: (control: ControlProps) => ReactNode;
}

export function FormField({
  id,
  label,
  error,
  hint,
  required,
  className,
  labelClassName,
  showError = true,
  children,
}: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className={`form-field__label${labelClassName ? ` ${labelClassName}` : ''}`}>
        {label}
        {required && (
          <span className="form-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <span id={hintId} className="form-field__hint">
          {hint}
        </span>
      )}
      {error && showError && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
