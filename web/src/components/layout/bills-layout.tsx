import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { business, businessAddressLines } from '../../app/business';
import { paths } from '../../app/paths';
import { GridIcon, MapPinIcon, PhoneIcon, PlusIcon } from '../icons';
import { BrandLink } from './brand-link';
import { SkipLink } from './skip-link';
import './bills-layout.css';

/** On the create screen the action leads back to the dashboard; everywhere else it starts a new bill. */
function BillsHeaderAction() {
  const { pathname } = useLocation();
  if (pathname === paths.createBill) {
    return (
      <Link className="btn btn--secondary btn--sm" to={paths.dashboard}>
        <GridIcon size={18} /> Dashboard
      </Link>
    );
  }
  return (
    <Link className="btn btn--primary btn--sm" to={paths.createBill}>
      <PlusIcon size={18} /> Create New Bill
    </Link>
  );
}

function BillsHeader() {
  return (
    <header className="bills-header">
      <div className="container bills-header__inner">
        <div className="bills-header__brand">
          <BrandLink />
          <span className="bills-header__badge">Billing</span>
        </div>
        <nav aria-label="Billing" className="bills-header__nav">
          <NavLink to={paths.bills} className="bills-header__link">
            Bills
          </NavLink>
          <BillsHeaderAction />
        </nav>
      </div>
    </header>
  );
}

function BillsFooter() {
  return (
    <footer className="bills-footer">
      <div className="container bills-footer__inner">
        <strong className="bills-footer__name">{business.name}</strong>
        <address className="bills-footer__address">
          <MapPinIcon size={16} />
          <span>{businessAddressLines.join(', ')}</span>
        </address>
        <a className="bills-footer__phone" href={business.phoneHref}>
          <PhoneIcon size={16} />
          {business.phone}
        </a>
      </div>
    </footer>
  );
}

/** The staff billing screens: their own header and a footer with the business address. */
export function BillsLayout() {
  return (
    <div className="page-shell bills-shell">
      <SkipLink />
      <BillsHeader />
      <main id="main" className="page-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <BillsFooter />
    </div>
  );
}
