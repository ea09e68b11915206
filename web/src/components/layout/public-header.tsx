import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useCartCount } from '../../features/cart/use-cart';
import { useSessionStore } from '../../stores/session.store';
import { CartIcon, CloseIcon, MenuIcon } from '../icons';
import { BrandLink } from './brand-link';
import { NAV_ITEMS } from './nav-items';
import './public-header.css';

// The account menu is a signed-in user's: visitors (and the server render) never load it.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

function AuthLinks({ className }: { className: string }) {
  return (
    <div className={className}>
      <Link className="btn btn--ghost btn--sm" to={paths.login}>
        Sign In
      </Link>
      <Link className="btn btn--primary btn--sm" to={paths.register}>
        Sign Up
      </Link>
    </div>
  );
}

/** The cart icon, with the number of units in the signed-in shopper's cart. */
function CartLink() {
  const count = useCartCount();
  return (
    <Link
      to={paths.cart}
      className="icon-button cart-link"
      aria-label={count > 0 ? `Cart, ${count} item${count === 1 ? '' : 's'}` : 'Cart'}
    >
      <CartIcon size={22} />
      {count > 0 && (
        <span className="cart-link__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

export function PublicHeader() {
  const location = useLocation();
  const token = useSessionStore((state) => state.token);
  const user = useSessionStore((state) => state.user);
  const [menuOpen, setMenuOpen] = useState(false);

  const signedInUser = token ? user : null;
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || signedInUser?.role === 'admin');

  // Any link followed from the small-screen menu closes it.
  const closeMenuOnLink = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
  };

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <BrandLink />

        <nav
          id="site-nav"
          className={`site-nav${menuOpen ? ' site-nav--open' : ''}`}
          aria-label="Main"
          onClick={closeMenuOnLink}
        >
          <ul className="site-nav__list">
            {items.map((item) => {
              const active = item.isActive(location);
              return (
                <li key={item.label}>
                  <Link
                    to={item.to}
                    className={`site-nav__link${active ? ' site-nav__link--active' : ''}`}
                    aria-current={active ? 'page' : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
          {!signedInUser && <AuthLinks className="site-nav__auth" />}
        </nav>

        <div className="site-header__actions">
          <CartLink />
          {signedInUser ? (
            <Suspense fallback={null}>
              <UserMenu user={signedInUser} />
            </Suspense>
          ) : (
            <AuthLinks className="site-header__auth" />
          )}
          <button
            type="button"
            className="icon-button site-header__menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
          </button>
        </div>
      </div>
    </header>
  );
}
