import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import { getErrorMessage } from '../../../lib/api';
import type { Role } from '../../../stores/session.store';
import { toast } from '../../../stores/toast.store';
import {
  BASE_EMPLOYEE_ROLES,
  EMPLOYEE_STATUSES,
  employeeRoleLabel,
  ROLE_LABELS,
  SHIFTS,
  type AccountUser,
  type EmployeeStatus,
  type Shift,
} from '../../auth/account';
import { employeeKeys, employeesApi } from './employees-api';
import { changesFrom, editFormFor, editFormProblem, type UserEditForm } from './user-edit';

/** Employee roles to choose from: the active ones, plus the user's current one even if now inactive. */
function useRoleOptions(current: string) {
  const roles = useQuery({ queryKey: employeeKeys.roles, queryFn: employeesApi.listRoles });
  const names = roles.data ? roles.data.filter((role) => role.isActive).map((role) => role.name) : [];
  const options = names.length ? names : BASE_EMPLOYEE_ROLES.map((role) => role.value);
  if (current && !options.includes(current)) options.unshift(current);
  return options.map((name) => ({ value: name, label: employeeRoleLabel(name) }));
}

function EditUserModal({ user, onClose }: { user: AccountUser; onClose: () => void }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [form, setForm] = useState<UserEditForm>(() => editFormFor(user));
  const [problem, setProblem] = useState<string | null>(null);
  const roleOptions = useRoleOptions(form.employeeRole);
  const save = useMutation({
    mutationFn: () => employeesApi.updateUser(user.id, changesFrom(form)),
    onSuccess: async () => {
      toast.success('User updated successfully');
      await queryClient.invalidateQueries({ queryKey: employeeKeys.allUsers });
      onClose();
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Update failed')),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = editFormProblem(form);
    setProblem(found ?? null);
    if (!found) save.mutate();
  };
  const set = <K extends keyof UserEditForm>(key: K, value: UserEditForm[K]) =>
    setForm({ ...form, [key]: value });

  return (
    <Modal
      closeOnBackdrop
      open
      title={`Edit ${user.name}`}
      description={[user.email, user.employeeId].filter(Boolean).join(' · ')}
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save changes'}
          </button>
        </>
      }
    >
      <div className="form">
        {problem && (
          <p className="form-alert form-alert--error" role="alert">
            {problem}
          </p>
        )}
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-role`}>
            Role
          </label>
          <select
            id={`${formId}-role`}
            className="select"
            value={form.role}
            onChange={(event) => set('role', event.target.value as Role)}
          >
            {(Object.keys(ROLE_LABELS) as Role[]).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
        {form.role === 'employee' && (
          <>
            <div className="form-row">
              <div className="field">
                <label className="field__label" htmlFor={`${formId}-employee-role`}>
                  Employee role
                </label>
                <select
                  id={`${formId}-employee-role`}
                  className="select"
                  required
                  value={form.employeeRole}
                  onChange={(event) => set('employeeRole', event.target.value)}
                >
                  <option value="">Select a role</option>
                  {roleOptions.map((role) => (
                    <option key={role.value} value={role.value}>
                      {role.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${formId}-shift`}>
                  Shift
                </label>
                <select
                  id={`${formId}-shift`}
                  className="select"
                  required
                  value={form.shift}
                  onChange={(event) => set('shift', event.target.value as Shift | '')}
                >
                  <option value="">Select a shift</option>
                  {SHIFTS.map((shift) => (
                    <option key={shift.value} value={shift.value}>
                      {shift.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="form-row">
              <div className="field">
                <label className="field__label" htmlFor={`${formId}-location`}>
                  Working location
                </label>
                <input
                  id={`${formId}-location`}
                  className="input"
                  required
                  maxLength={200}
                  value={form.workingLocation}
                  onChange={(event) => set('workingLocation', event.target.value)}
                />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${formId}-status`}>
                  Status
                </label>
                <select
                  id={`${formId}-status`}
                  className="select"
                  value={form.status}
                  onChange={(event) => set('status', event.target.value as EmployeeStatus)}
                >
                  {EMPLOYEE_STATUSES.map((status) => (
                    <option key={status.value} value={status.value}>
                      {status.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}

/** The edit popup; the employee fields show only while the role is employee. */
export function EditUserDialog({ user, onClose }: { user: AccountUser | null; onClose: () => void }) {
  return user ? <EditUserModal key={user.id} user={user} onClose={onClose} /> : null;
}
