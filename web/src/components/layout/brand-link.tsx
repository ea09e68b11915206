import { Link } from 'react-router-dom';
import { business } from '../../app/business';
import { paths } from '../../app/paths';
import { LotusIcon } from '../icons';
import './brand-link.css';

export function BrandLink({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    // Named by its visible text (plus a hidden ", home"): an aria-label that differs from what is
    // shown fails WCAG 2.5.3 (label in name) for people who steer by voice.
    <Link to={paths.home} className={`brand brand--${tone}`}>
      <span className="brand__mark">
        <LotusIcon size={22} />
      </span>
      <span className="brand__text">
        <span className="brand__name">{business.shortName}</span>{' '}
        <span className="brand__tagline">Spa &amp; Wellness</span>
        <span className="visually-hidden">, home</span>
      </span>
    </Link>
  );
}
