import { useId, type ReactNode } from 'react';
import './form-field.css';

/** What a control needs to be tied to its label, hint and error. */
interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  label: ReactNode;
  /** Renders the control with the id and aria attributes that tie it to its label, hint and error. */
  children: (control: ControlProps) => ReactNode;
  /** The control's id; one is made up when left out. */
  id?: string;
  /** Shown under the control in red, and announced. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** `form-field--wide` spans a whole form grid row. */
  className?: string;
  /** Extra class on the label, e.g. to show it only where the column heading is not visible. */
  labelClassName?: string;
  /** False where the error is shown elsewhere (under a table row) with the id `${id}-error`. */
  showError?: boolean;
}

/** A labelled form control with its required mark, hint and error. */
export function FormField({
  label,
  children,
  id: givenId,
  error,
  hint,
  required,
  className,
  labelClassName,
  showError = true,
}: FormFieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
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
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && showError && (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
