import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useSignOut } from '../../features/auth/use-sign-out';
import { useDismiss, type DismissReason } from '../../lib/use-dismiss';
import type { SessionUser } from '../../stores/session.store';
import { ChevronDownIcon, GridIcon, PlusIcon, ReceiptIcon, SignOutIcon } from '../icons';
import './user-menu.css';

function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => word[0]) : [email[0] ?? '?'];
  return letters.join('').toUpperCase();
}

/** The signed-in user's menu: who they are, admin billing links, dashboard and sign out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);

  const close = useCallback((reason?: DismissReason) => {
    setOpen(false);
    if (reason === 'escape') triggerRef.current?.focus();
  }, []);
  useDismiss(rootRef, open, close);

  const handleSignOut = async () => {
    setSigningOut(true);
    // Beyond the spec's local sign-out, the token is revoked so it stops working everywhere.
    await signOut();
    setSigningOut(false);
    close();
  };

  const firstName = user.name.trim().split(/\s+/)[0] || 'Account';
  const isAdmin = user.role === 'admin';

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className="user-menu__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {initialsOf(user.name, user.email)}
        </span>
        <span className="user-menu__first-name">{firstName}</span>
        <span className="visually-hidden">: account menu</span>
        <ChevronDownIcon size={16} className="user-menu__chevron" />
      </button>

      <div id={panelId} className="user-menu__panel" hidden={!open}>
        <div className="user-menu__identity">
          <strong className="user-menu__name">{user.name || 'Your account'}</strong>
          <span className="user-menu__email">{user.email}</span>
        </div>
        <ul className="user-menu__list">
          {isAdmin && (
            <>
              <li>
                <Link className="user-menu__item" to={paths.bills} onClick={() => close()}>
                  <ReceiptIcon size={18} /> View Bills
                </Link>
              </li>
              <li>
                <Link className="user-menu__item" to={paths.createBill} onClick={() => close()}>
                  <PlusIcon size={18} /> Create Bill
                </Link>
              </li>
            </>
          )}
          <li>
            <Link className="user-menu__item" to={paths.dashboard} onClick={() => close()}>
              <GridIcon size={18} /> Dashboard
            </Link>
          </li>
          {(isAdmin || user.role === 'employee') && (
            <li>
              <Link className="user-menu__item" to={paths.counter} onClick={() => close()}>
                <ReceiptIcon size={18} /> Counter
              </Link>
            </li>
          )}
          <li>
            <button
              type="button"
              className="user-menu__item user-menu__item--danger"
              onClick={() => void handleSignOut()}
              disabled={signingOut}
            >
              <SignOutIcon size={18} /> {signingOut ? 'Signing out...' : 'Sign out'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
