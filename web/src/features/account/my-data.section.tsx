import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { getErrorMessage } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';
import type { AccountUser } from '../auth/account';
import { PasswordInput } from '../auth/password-input';
import { deleteMyAccount, myDataArchive } from './my-data';

/** Settings: "Download my data" — one zip with a JSON document and the invoices' PDFs. */
export function DownloadMyData() {
  const gather = useMutation({
    mutationFn: myDataArchive,
    onSuccess: (blob) => saveBlob(blob, `my-spa-data-${new Date().toISOString().slice(0, 10)}.zip`),
    onError: (error) => toast.error(getErrorMessage(error, 'Failed to gather your data')),
  });
  return (
    <section className="settings-card" aria-labelledby="my-data-title">
      <h2 id="my-data-title" className="settings-card__title">
        Your data
      </h2>
      <p className="muted">
        One file with everything we hold about you: your account, addresses, appointments, orders, the bills
        issued to you (with their PDFs), your favorites and the emails we sent you. See our{' '}
        <Link to={paths.privacy}>privacy notice</Link>.
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={gather.isPending}
          onClick={() => gather.mutate()}
        >
          {gather.isPending ? 'Gathering...' : 'Download my data'}
        </button>
      </div>
    </section>
  );
}

/** Settings: "Delete my account", confirmed with the password (or DELETE for a Google-only account). */
export function DeleteMyAccount({ account }: { account: AccountUser }) {
  const navigate = useNavigate();
  const signOut = useSessionStore((state) => state.signOut);
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const withPassword = account.hasPassword !== false;
  const remove = useMutation({
    mutationFn: () => deleteMyAccount(withPassword ? { password: secret } : { confirm: secret }),
    onSuccess: async (answer) => {
      // Leave the signed-in page first (the router resolves once home has loaded): signing out while
      // Settings is still on screen would send them to sign in again.
      await navigate(paths.home, { replace: true });
      signOut();
      toast.success(answer.message);
    },
    onError: (error) => setProblem(getErrorMessage(error, 'Failed to delete your account')),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    remove.mutate();
  };
  return (
    <form className="settings-card form" onSubmit={submit} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="settings-card__title">
        Delete my account
      </h2>
      <p className="muted">
        This signs you out everywhere and cannot be undone. Your upcoming appointments and orders not yet
        delivered are cancelled (whatever you paid online for them is refunded automatically); your saved
        addresses, cart, favorites and the record of emails we sent you are erased, and your past appointments
        and orders are kept without your name or contact details.
      </p>
      <p className="muted">
        <strong>What we must keep:</strong> GST tax invoices issued to you are kept for 72 months, as the CGST
        rules require, with only the name printed on them; your phone number and email are removed.
      </p>
      {problem && (
        <p className="form-alert form-alert--error" role="alert">
          {problem}
        </p>
      )}
      <div className="field">
        <label className="field__label" htmlFor="delete-account-secret">
          {withPassword ? 'Your password' : 'Type DELETE to confirm'}
        </label>
        {withPassword ? (
          <PasswordInput
            id="delete-account-secret"
            autoComplete="current-password"
            required
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
          />
        ) : (
          <input
            id="delete-account-secret"
            className="input"
            required
            maxLength={16}
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
          />
        )}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--danger" disabled={remove.isPending || secret === ''}>
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </button>
      </div>
    </form>
  );
}
