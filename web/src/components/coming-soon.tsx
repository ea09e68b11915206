import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../app/paths';
import { PageTitle } from './page-title';
import './coming-soon.css';

interface ComingSoonLink {
  label: string;
  to: string;
}

interface ComingSoonProps {
  /** The screen's name, shown as its heading. */
  title: string;
  /** One line on what the screen will do. */
  description: string;
  /** Where the visitor can go instead; the first one is the main button. */
  links?: ComingSoonLink[];
  children?: ReactNode;
}

const PUBLIC_LINKS: ComingSoonLink[] = [
  { label: 'Back to home', to: paths.home },
  { label: 'Book an appointment', to: paths.appointment },
];

/** Stands in for a screen that is not built yet, so no route ever shows a blank page. */
export function ComingSoon({ title, description, links = PUBLIC_LINKS, children }: ComingSoonProps) {
  return (
    <section className="coming-soon container" aria-labelledby="coming-soon-title">
      <PageTitle title={title} />
      <div className="coming-soon__card">
        <svg className="coming-soon__art" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
          <circle cx="60" cy="60" r="56" className="coming-soon__halo" />
          <ellipse cx="60" cy="86" rx="30" ry="8" className="coming-soon__stone coming-soon__stone--base" />
          <ellipse cx="60" cy="71" rx="22" ry="7" className="coming-soon__stone coming-soon__stone--middle" />
          <ellipse cx="60" cy="58" rx="14" ry="5.5" className="coming-soon__stone coming-soon__stone--top" />
          <path d="M60 52c0-10 6-17 16-19-1 10-7 17-16 19z" className="coming-soon__leaf" />
        </svg>
        <span className="eyebrow">Coming soon</span>
        <h1 id="coming-soon-title">{title}</h1>
        <p className="lead">{description}</p>
        {children}
        <div className="coming-soon__actions">
          {links.map((link, index) => (
            <Link
              key={link.to}
              className={`btn ${index === 0 ? 'btn--primary' : 'btn--secondary'}`}
              to={link.to}
            >
              {link.label}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
