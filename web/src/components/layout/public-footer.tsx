import { Link } from 'react-router-dom';
import { useOpeningHoursText } from '../../app/booking-rules';
import { business, businessAddressLines } from '../../app/business';
import { paths } from '../../app/paths';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../icons';
import { BrandLink } from './brand-link';
import './public-footer.css';

const EXPLORE_LINKS = [
  { label: 'Book an appointment', to: paths.appointment },
  { label: 'Store', to: paths.store },
  { label: 'About us', to: paths.about },
  { label: 'Careers', to: paths.careers },
  { label: 'Contact us', to: paths.contact },
];

const HELP_LINKS = [
  { label: 'My appointments', to: paths.myAppointments },
  { label: 'Orders', to: paths.orders },
  { label: 'Help & support', to: paths.help },
  { label: 'Terms & policies', to: paths.terms },
];

function FooterLinks({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <nav className="site-footer__column" aria-label={`${title} (footer)`}>
      <h2 className="site-footer__heading">{title}</h2>
      <ul className="site-footer__links">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function PublicFooter() {
  const openingHours = useOpeningHoursText();
  return (
    <footer id="site-footer" className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <BrandLink tone="light" />
          <p>
            A quiet place in the heart of Indore for massages, facials and Ayurvedic rituals, performed by
            certified therapists.
          </p>
        </div>

        <address className="site-footer__column site-footer__contact">
          <h2 className="site-footer__heading">Visit us</h2>
          <p>
            <MapPinIcon size={18} />
            <span>
              {businessAddressLines.map((line) => (
                <span key={line} className="site-footer__line">
                  {line}
                </span>
              ))}
            </span>
          </p>
          <p>
            <ClockIcon size={18} />
            <span>
              <span className="site-footer__line">{business.openingDays}</span>
              <span className="site-footer__line">{openingHours}</span>
            </span>
          </p>
          <p>
            <PhoneIcon size={18} />
            <a href={business.phoneHref}>{business.phone}</a>
          </p>
          <p>
            <MailIcon size={18} />
            <a href={`mailto:${business.email}`}>{business.email}</a>
          </p>
        </address>

        <FooterLinks title="Explore" links={EXPLORE_LINKS} />
        <FooterLinks title="Your account" links={HELP_LINKS} />
      </div>

      <div className="container">
        <div className="site-footer__bottom">
          <p>
            © {new Date().getFullYear()} {business.name}. All rights reserved.
          </p>
          <p>Made with care in Indore.</p>
        </div>
      </div>
    </footer>
  );
}
