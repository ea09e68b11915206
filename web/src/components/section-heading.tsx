import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'start' | 'center';
}

/** Eyebrow, serif title and an intro line: the heading of every home section. */
export function SectionHeading({ id, eyebrow, title, children, align = 'start' }: SectionHeadingProps) {
  return (
    <header className={`section-heading section-heading--${align}`}>
      <span className="eyebrow">{eyebrow}</span>
      <h2 id={id}>{title}</h2>
      {children && <p className="lead">{children}</p>}
    </header>
  );
}
