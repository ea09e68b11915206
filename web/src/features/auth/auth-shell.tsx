import type { ReactNode } from 'react';
import { useOpeningHoursText } from '../../app/booking-rules';
import { business } from '../../app/business';
import { LeafIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import './forms.css';
import './auth.css';

interface AuthShellProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Under the card: "Don't have an account? Sign up" and the like. */
  footer?: ReactNode;
}

/** The frame of every sign-in screen: a calm panel beside one focused card. */
export function AuthShell({ title, intro, children, footer }: AuthShellProps) {
  const openingHours = useOpeningHoursText();
  return (
    <section className="auth-page" aria-labelledby="auth-title">
      <PageTitle title={title} />
      <div className="container auth-page__inner">
        <aside className="auth-aside" aria-hidden="true">
          <LeafIcon size={30} />
          <p className="auth-aside__quote">Slow down. Breathe. We will take it from here.</p>
          <p className="auth-aside__meta">
            {business.name}
            <br />
            {business.address.city} · {business.openingDays}, {openingHours}
          </p>
        </aside>
        <div className="auth-card">
          <h1 id="auth-title" className="auth-card__title">
            {title}
          </h1>
          {intro && <p className="auth-card__intro">{intro}</p>}
          {children}
          {footer && <div className="auth-card__footer">{footer}</div>}
        </div>
      </div>
    </section>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-alert form-alert--error" role="alert">
      {message}
    </p>
  );
}
