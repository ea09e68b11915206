import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { CheckCircleIcon } from '../../components/icons';
import { RequireAuth } from '../../components/guards/require-auth';
import { PageTitle } from '../../components/page-title';
import { getErrorMessage } from '../../lib/api';
import { useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';
import { PASSWORD_HINT, passwordProblem, toSessionUser, type AccountUser } from '../auth/account';
import { authApi } from '../auth/auth-api';
import { PasswordInput } from '../auth/password-input';
import { useSendVerificationEmail } from '../auth/use-send-verification';
import { DeleteMyAccount, DownloadMyData } from './my-data.section';
import '../auth/forms.css';
import './account.css';

const ME_KEY = ['auth', 'me'] as const;

function ProfileForm({ account }: { account: AccountUser }) {
  const queryClient = useQueryClient();
  const updateUser = useSessionStore((state) => state.updateUser);
  const [name, setName] = useState(account.name);
  const [phone, setPhone] = useState(account.phone ?? '');
  const resend = useSendVerificationEmail();
  const save = useMutation({
    mutationFn: () => authApi.updateProfile({ name: name.trim(), phone: phone.trim() || null }),
    onSuccess: (user) => {
      updateUser(toSessionUser(user));
      queryClient.setQueryData(ME_KEY, user);
      toast.success('Profile updated successfully');
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Failed to update profile')),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form className="settings-card form" onSubmit={submit} aria-labelledby="profile-title">
      <h2 id="profile-title" className="settings-card__title">
        Profile
      </h2>
      <div className="field">
        <label className="field__label" htmlFor="settings-email">
          Email
        </label>
        <input id="settings-email" className="input" value={account.email} readOnly />
        {account.isEmailVerified ? (
          <p className="field__hint settings-verified">
            <CheckCircleIcon size={16} /> Verified
          </p>
        ) : (
          <div className="settings-unverified">
            <p className="field__hint">Not verified yet. We send booking confirmations and receipts here.</p>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {resend.isPending ? 'Sending...' : 'Send Verification Email'}
            </button>
          </div>
        )}
      </div>
      <div className="form-row">
        <div className="field">
          <label className="field__label" htmlFor="settings-name">
            Full name
          </label>
          <input
            id="settings-name"
            className="input"
            required
            maxLength={200}
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="settings-phone">
            Phone <span className="field__optional">(optional)</span>
          </label>
          <input
            id="settings-phone"
            className="input"
            type="tel"
            maxLength={40}
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        </div>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}

function PasswordForm({ account }: { account: AccountUser }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => authApi.changePassword(current, next),
    onSuccess: (answer) => {
      toast.success(answer?.message || 'Password changed successfully');
      setCurrent('');
      setNext('');
      setConfirmation('');
    },
    onError: (error) => setProblem(getErrorMessage(error, 'Failed to change password')),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = next !== confirmation ? 'Passwords do not match' : passwordProblem(next);
    setProblem(found ?? null);
    if (!found) change.mutate();
  };

  if (account.hasPassword === false) {
    return (
      <section className="settings-card" aria-labelledby="password-title">
        <h2 id="password-title" className="settings-card__title">
          Password
        </h2>
        <p className="muted">
          You sign in with Google, so your account has no password of its own. To add one, use{' '}
          <Link to={paths.forgotPassword}>Forgot your password</Link> with {account.email}.
        </p>
      </section>
    );
  }

  return (
    <form className="settings-card form" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title" className="settings-card__title">
        Change password
      </h2>
      {problem && (
        <p className="form-alert form-alert--error" role="alert">
          {problem}
        </p>
      )}
      <div className="field">
        <label className="field__label" htmlFor="settings-current-password">
          Current password
        </label>
        <PasswordInput
          id="settings-current-password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
      </div>
      <div className="form-row">
        <div className="field">
          <label className="field__label" htmlFor="settings-new-password">
            New password
          </label>
          <PasswordInput
            id="settings-new-password"
            autoComplete="new-password"
            required
            maxLength={128}
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="settings-confirm-password">
            Confirm new password
          </label>
          <PasswordInput
            id="settings-confirm-password"
            autoComplete="new-password"
            required
            maxLength={128}
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </div>
      </div>
      <p className="field__hint">{PASSWORD_HINT} Other devices are signed out when it changes.</p>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </button>
      </div>
    </form>
  );
}

function Settings() {
  const account = useQuery({ queryKey: ME_KEY, queryFn: authApi.me });
  return (
    <div className="container account-page">
      <PageTitle title="Account settings" />
      <header className="account-page__header">
        <span className="eyebrow">Your account</span>
        <h1>Account settings</h1>
        <p className="lead">Keep your details current so we can reach you about your appointments.</p>
      </header>
      {account.isPending && <p className="muted">Loading your details...</p>}
      {account.isError && (
        <p className="form-alert form-alert--error" role="alert">
          {getErrorMessage(account.error, 'Failed to load your account')}
        </p>
      )}
      {account.data && (
        <div className="settings-grid">
          <ProfileForm key={account.data.id} account={account.data} />
          <PasswordForm account={account.data} />
          <DownloadMyData />
          <DeleteMyAccount account={account.data} />
        </div>
      )}
      <p className="muted">
        <Link to={paths.dashboard}>Back to your dashboard</Link>
      </p>
    </div>
  );
}

/**
 * /settings: edit name and phone, change the password with the current one, download my data and
 * delete my account.
 */
export default function SettingsPage() {
  return (
    <RequireAuth>
      <Settings />
    </RequireAuth>
  );
}
