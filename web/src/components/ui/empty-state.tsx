import type { ReactNode } from 'react';
import './empty-state.css';

interface EmptyStateProps {
  title: string;
  message?: string;
  children?: ReactNode;
}

/** The calm "nothing here" panel of lists and carousels. */
export function EmptyState({ title, message, children }: EmptyStateProps) {
  return (
    <div className="cat-empty" role="status">
      <svg className="cat-empty__art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="30" />
        <ellipse cx="32" cy="44" rx="15" ry="4.5" />
        <ellipse cx="32" cy="36" rx="10" ry="3.5" />
        <ellipse cx="32" cy="29.5" rx="6" ry="2.5" />
      </svg>
      <h2 className="cat-empty__title">{title}</h2>
      {message && <p className="cat-empty__message">{message}</p>}
      {children}
    </div>
  );
}
