import { Link } from 'react-router-dom';
import { useOpeningHoursText } from '../../app/booking-rules';
import { business } from '../../app/business';
import { paths } from '../../app/paths';
import { ClockIcon } from '../../components/icons';
import { HeroIllustration } from './hero-illustration';

const HERO_FACTS = [
  { value: 'Certified', label: 'therapists' },
  { value: '3 room tiers', label: 'Silver, Gold, Diamond' },
  { value: 'Natural', label: 'oils and products' },
];

export function HeroSection() {
  const openingHours = useOpeningHoursText();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <span className="eyebrow">Spa · Wellness · Ayurveda in Indore</span>
          <h1 id="hero-title" className="hero__title">
            Slow down. Breathe. <em>Feel restored.</em>
          </h1>
          <p className="lead">
            Massages, facials and Ayurvedic rituals by certified therapists, in a quiet space designed for
            nothing but your rest.
          </p>
          <div className="hero__actions">
            <Link className="btn btn--primary" to={paths.appointment}>
              Book an appointment
            </Link>
            <Link className="btn btn--secondary" to={paths.store}>
              Visit the store
            </Link>
          </div>
          <ul className="hero__facts">
            {HERO_FACTS.map((fact) => (
              <li key={fact.value}>
                <strong>{fact.value}</strong>
                <span>{fact.label}</span>
              </li>
            ))}
          </ul>
        </div>

        <div className="hero__art">
          <HeroIllustration />
          <p className="hero__hours">
            <ClockIcon size={20} />
            <span>
              <strong>{business.openingDays}</strong>
              {openingHours}
            </span>
          </p>
        </div>
      </div>
    </section>
  );
}
