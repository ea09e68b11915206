import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ArrowRightIcon, DropIcon, HandsIcon, LeafIcon, SparkleIcon } from '../../components/icons';
import { SectionHeading } from '../../components/section-heading';

interface Highlight {
  title: string;
  text: string;
  Icon: ComponentType<{ size?: number }>;
}

// Static highlights until the live services carousel (spec: Home sections) takes this section's place.
const SERVICE_HIGHLIGHTS: Highlight[] = [
  {
    title: 'Massage therapies',
    text: 'Swedish, deep tissue and hot stone massages that ease tension from head to toe.',
    Icon: HandsIcon,
  },
  {
    title: 'Facials & skin care',
    text: 'Cleansing, hydrating and brightening facials matched to your skin on the day.',
    Icon: SparkleIcon,
  },
  {
    title: 'Ayurvedic rituals',
    text: 'Abhyanga, Shirodhara and herbal therapies rooted in centuries of practice.',
    Icon: LeafIcon,
  },
  {
    title: 'Body scrubs & wraps',
    text: 'Polishing scrubs and nourishing wraps that leave skin soft and renewed.',
    Icon: DropIcon,
  },
];

export function ServicesSection() {
  return (
    <section className="home-section" aria-labelledby="services-title">
      <div className="container">
        <SectionHeading id="services-title" eyebrow="Treatments" title="Our Services">
          Time-honoured therapies and modern rituals, each tailored to how you feel when you arrive.
        </SectionHeading>
        <ul className="feature-grid">
          {SERVICE_HIGHLIGHTS.map(({ title, text, Icon }) => (
            <li key={title} className="feature-card">
              <span className="feature-card__icon">
                <Icon size={24} />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
        <div className="home-section__footer">
          <p className="muted">
            Our full treatment menu, with durations and prices, is on its way to this page.
          </p>
          <Link className="text-link" to={paths.appointment}>
            Book a treatment <ArrowRightIcon size={16} className="inline-icon" />
          </Link>
        </div>
      </div>
    </section>
  );
}
