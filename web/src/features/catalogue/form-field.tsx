import { useId, type ReactNode } from 'react';

interface FieldProps {
  label: string;
  /** Shown under the control in red, and announced. */
  error?: string;
  hint?: string;
  required?: boolean;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
  className?: string;
}

/** A labelled form control with its hint and error. */
export function Field({ label, error, hint, required, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`cat-field${error ? ' cat-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="cat-field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="cat-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && !error && (
        <p id={hintId} className="cat-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="cat-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
