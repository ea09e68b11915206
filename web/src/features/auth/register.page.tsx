import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { getErrorMessage } from '../../lib/api';
import {
  BASE_EMPLOYEE_ROLES,
  employeeRoleLabel,
  PASSWORD_HINT,
  passwordProblem,
  SHIFTS,
  type Shift,
} from './account';
import { authApi, type RegistrationForm } from './auth-api';
import { AuthShell, FormError } from './auth-shell';
import { PasswordInput } from './password-input';

type JoiningAs = 'user' | 'employee';

/** The active employee roles, or the three base roles while the list cannot be read. */
function useEmployeeRoleOptions(enabled: boolean) {
  const roles = useQuery({
    queryKey: ['auth', 'employee-roles'],
    queryFn: authApi.employeeRoles,
    enabled,
    staleTime: 5 * 60_000,
  });
  if (!roles.data?.length) return BASE_EMPLOYEE_ROLES;
  return roles.data.map((role) => ({ value: role.name, label: employeeRoleLabel(role.name) }));
}

/**
 * The outcome of a sign-up, whatever the server did: the answer is the same for a new address and for one
 * that already has an account (whose owner is emailed instead), so the page cannot and does not tell them
 * apart, and nobody is signed in here.
 */
function CheckYourEmail({ email, asEmployee }: { email: string; asEmployee: boolean }) {
  return (
    <div className="form">
      <p className="form-alert form-alert--success" role="status">
        Check your email to finish signing up.
      </p>
      <p className="muted">
        We have sent a message to <strong>{email}</strong> with what to do next: follow its link, then sign in
        with your email and password.
        {asEmployee &&
          ' An administrator reviews staff accounts once the email is verified; until then you can use the spa as a customer.'}
      </p>
      <p className="muted">If it does not arrive within a few minutes, check your spam folder.</p>
      <Link className="btn btn--primary btn--block" to={paths.login}>
        Go to sign in
      </Link>
    </div>
  );
}

export default function RegisterPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [joiningAs, setJoiningAs] = useState<JoiningAs>('user');
  const [employeeRole, setEmployeeRole] = useState('');
  const [shift, setShift] = useState<Shift | ''>('');
  const [workingLocation, setWorkingLocation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const isEmployee = joiningAs === 'employee';
  const employeeRoles = useEmployeeRoleOptions(isEmployee);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = passwordProblem(password);
    if (problem) {
      setError(problem);
      return;
    }
    const form: RegistrationForm = {
      name: name.trim(),
      email: email.trim(),
      password,
      role: joiningAs,
      ...(phone.trim() ? { phone: phone.trim() } : {}),
      ...(isEmployee
        ? { employeeRole, shift: shift as Shift, workingLocation: workingLocation.trim(), status: 'free' }
        : {}),
    };
    setError(null);
    setBusy(true);
    try {
      await authApi.register(form);
      setSentTo(form.email);
    } catch (failure) {
      setError(getErrorMessage(failure, 'Registration failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell
      title={sentTo ? 'Check your email' : 'Create your account'}
      intro="Book treatments, shop our products and keep your appointments in one place."
      footer={
        <>
          Already have an account? <Link to={paths.login}>Sign in</Link>
        </>
      }
    >
      {sentTo ? (
        <CheckYourEmail email={sentTo} asEmployee={isEmployee} />
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          <FormError message={error} />
          <div className="field">
            <label className="field__label" htmlFor="register-name">
              Full name
            </label>
            <input
              id="register-name"
              className="input"
              autoComplete="name"
              required
              maxLength={200}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="register-email">
              Email
            </label>
            <input
              id="register-email"
              className="input"
              type="email"
              autoComplete="email"
              required
              maxLength={320}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="register-password">
              Password
            </label>
            <PasswordInput
              id="register-password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              aria-describedby="register-password-hint"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <p id="register-password-hint" className="field__hint">
              {PASSWORD_HINT}
            </p>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="register-phone">
              Phone <span className="field__optional">(optional)</span>
            </label>
            <input
              id="register-phone"
              className="input"
              type="tel"
              autoComplete="tel"
              maxLength={40}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          </div>
          <fieldset className="segmented">
            <legend>Role</legend>
            {(['user', 'employee'] as const).map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name="role"
                  value={value}
                  checked={joiningAs === value}
                  onChange={() => setJoiningAs(value)}
                />
                {value === 'user' ? 'User' : 'Employee'}
              </label>
            ))}
          </fieldset>

          {isEmployee && (
            <div className="employee-fields">
              <p className="employee-fields__title">Employee details</p>
              <p className="muted">
                An administrator approves staff accounts. Until then you can use the spa as a customer.
              </p>
              <div className="field">
                <label className="field__label" htmlFor="register-employee-role">
                  Employee role
                </label>
                <select
                  id="register-employee-role"
                  className="select"
                  required
                  value={employeeRole}
                  onChange={(event) => setEmployeeRole(event.target.value)}
                >
                  <option value="">Select a role</option>
                  {employeeRoles.map((role) => (
                    <option key={role.value} value={role.value}>
                      {role.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="form-row">
                <div className="field">
                  <label className="field__label" htmlFor="register-shift">
                    Shift
                  </label>
                  <select
                    id="register-shift"
                    className="select"
                    required
                    value={shift}
                    onChange={(event) => setShift(event.target.value as Shift | '')}
                  >
                    <option value="">Select a shift</option>
                    {SHIFTS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label className="field__label" htmlFor="register-location">
                    Working location
                  </label>
                  <input
                    id="register-location"
                    className="input"
                    required
                    maxLength={200}
                    placeholder="e.g. Vijay Nagar, Indore"
                    value={workingLocation}
                    onChange={(event) => setWorkingLocation(event.target.value)}
                  />
                </div>
              </div>
            </div>
          )}

          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? 'Creating your account...' : 'Create account'}
          </button>
          <p className="field__hint">
            By creating an account you agree to how we handle your data, described in our{' '}
            <Link to={paths.privacy}>privacy notice</Link>.
          </p>
        </form>
      )}
    </AuthShell>
  );
}
