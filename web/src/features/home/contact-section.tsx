import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useOpeningHoursText } from '../../app/booking-rules';
import { business, businessAddressLines } from '../../app/business';
import { paths } from '../../app/paths';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="contact-card">
      <span className="contact-card__icon">{icon}</span>
      <h3>{title}</h3>
      <div className="contact-card__body">{children}</div>
    </li>
  );
}

export function ContactSection() {
  const openingHours = useOpeningHoursText();
  return (
    <section id="contact" className="home-section home-section--sand" aria-labelledby="contact-title">
      <div className="container">
        <header className="section-heading">
          <span className="eyebrow">Contact us</span>
          <h2 id="contact-title">Visit us or get in touch</h2>
          <p className="lead">Call, write or simply walk in. We are happy to help you choose a treatment.</p>
        </header>

        <ul className="contact-grid">
          <ContactCard icon={<MapPinIcon size={22} />} title="Address">
            <address>
              {businessAddressLines.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          </ContactCard>
          <ContactCard icon={<PhoneIcon size={22} />} title="Phone">
            <a href={business.phoneHref}>{business.phone}</a>
          </ContactCard>
          <ContactCard icon={<MailIcon size={22} />} title="Email">
            <a href={`mailto:${business.email}`}>{business.email}</a>
          </ContactCard>
          <ContactCard icon={<ClockIcon size={22} />} title="Hours">
            <span>{business.openingDays}</span>
            <span>{openingHours}</span>
          </ContactCard>
        </ul>

        <div className="cta-band">
          <div>
            <h2 className="cta-band__title">Ready to unwind?</h2>
            <p>Choose a treatment, a time and a room. Please arrive 10 minutes early.</p>
          </div>
          <Link className="btn btn--light" to={paths.appointment}>
            Book an appointment
          </Link>
        </div>
      </div>
    </section>
  );
}
