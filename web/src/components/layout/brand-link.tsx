import { Link } from 'react-router-dom';
import { business } from '../../app/business';
import { paths } from '../../app/paths';
import { LotusIcon } from '../icons';
import './brand-link.css';

export function BrandLink({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link to={paths.home} className={`brand brand--${tone}`} aria-label={`${business.name}, home`}>
      <span className="brand__mark">
        <LotusIcon size={22} />
      </span>
      <span className="brand__text">
        <span className="brand__name">{business.shortName}</span>
        <span className="brand__tagline">Spa &amp; Wellness</span>
      </span>
    </Link>
  );
}
