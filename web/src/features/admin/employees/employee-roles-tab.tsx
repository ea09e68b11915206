import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PlusIcon } from '../../../components/icons';
import { ConfirmDialog, Modal } from '../../../components/layout/modal';
import { getErrorMessage } from '../../../lib/api';
import { toast } from '../../../stores/toast.store';
import { employeeRoleLabel } from '../../auth/account';
import { EditIcon, TrashIcon } from '../../dashboard/dashboard-icons';
import { employeeKeys, employeesApi, type EmployeeRole, type RoleForm } from './employees-api';
import { useErrorToast } from './use-error-toast';

type Editing = { mode: 'add' } | { mode: 'edit'; role: EmployeeRole };

function RoleModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fieldId = useId();
  const existing = editing.mode === 'edit' ? editing.role : null;
  const [form, setForm] = useState<RoleForm>({
    name: existing?.name ?? '',
    description: existing?.description ?? '',
    isActive: existing?.isActive ?? true,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const body = { ...form, name: form.name.trim(), description: form.description.trim() };
      return existing ? employeesApi.updateRole(existing.id, body) : employeesApi.createRole(body);
    },
    onSuccess: async () => {
      toast.success(existing ? 'Role updated successfully' : 'Role created successfully');
      await queryClient.invalidateQueries({ queryKey: employeeKeys.roles });
      onClose();
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Failed to save role')),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.name.trim()) {
      setProblem('Role name is required');
      return;
    }
    setProblem(null);
    save.mutate();
  };

  return (
    <Modal
      open
      title={existing ? 'Edit Role' : 'Add Role'}
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : existing ? 'Save changes' : 'Add role'}
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
          <label className="field__label" htmlFor={`${fieldId}-name`}>
            Name
          </label>
          <input
            id={`${fieldId}-name`}
            className="input"
            maxLength={100}
            value={form.name}
            readOnly={existing?.isBase}
            aria-describedby={existing?.isBase ? `${fieldId}-base` : undefined}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
          {existing?.isBase && (
            <p id={`${fieldId}-base`} className="field__hint">
              One of the three base roles: its name stays as it is.
            </p>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${fieldId}-description`}>
            Description <span className="field__optional">(optional)</span>
          </label>
          <textarea
            id={`${fieldId}-description`}
            className="input textarea"
            maxLength={1000}
            value={form.description}
            onChange={(event) => setForm({ ...form, description: event.target.value })}
          />
        </div>
        <label className="toggle">
          <input
            type="checkbox"
            checked={form.isActive}
            onChange={(event) => setForm({ ...form, isActive: event.target.checked })}
          />
          Active
        </label>
      </div>
    </Modal>
  );
}

/** The Employee Roles tab: name, description, Active or Inactive; add, edit and delete. */
export function EmployeeRolesTab() {
  const queryClient = useQueryClient();
  const roles = useQuery({ queryKey: employeeKeys.roles, queryFn: employeesApi.listRoles });
  useErrorToast(roles.error, 'Failed to fetch employee roles');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<EmployeeRole | null>(null);
  const remove = useMutation({
    mutationFn: (role: EmployeeRole) => employeesApi.deleteRole(role.id),
    onSuccess: async (answer) => {
      toast.success(answer?.message || 'Role deleted successfully');
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: employeeKeys.roles });
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Failed to delete role')),
  });

  const list = roles.data ?? [];
  return (
    <section className="staff-panel" aria-labelledby="roles-title">
      <div className="staff-panel__header">
        <h2 id="roles-title" className="staff-panel__title">
          Employee Roles
        </h2>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          onClick={() => setEditing({ mode: 'add' })}
        >
          <PlusIcon size={18} /> Add Role
        </button>
      </div>
      <div className="data-table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {roles.isPending && (
              <tr>
                <td colSpan={4} className="data-table__empty">
                  Loading roles...
                </td>
              </tr>
            )}
            {roles.isError && (
              <tr>
                <td colSpan={4} className="data-table__empty">
                  {getErrorMessage(roles.error, 'Failed to fetch employee roles')}
                </td>
              </tr>
            )}
            {roles.isSuccess && list.length === 0 && (
              <tr>
                <td colSpan={4} className="data-table__empty">
                  No employee roles yet.
                </td>
              </tr>
            )}
            {list.map((role) => (
              <tr key={role.id}>
                <td className="data-table__name">{employeeRoleLabel(role.name)}</td>
                <td className="data-table__wrap">{role.description || <span className="muted">—</span>}</td>
                <td>
                  <span className={`badge ${role.isActive ? 'badge--green' : 'badge--grey'}`}>
                    {role.isActive ? 'Active' : 'Inactive'}
                  </span>
                </td>
                <td>
                  <span className="row-actions">
                    <button
                      type="button"
                      className="icon-action"
                      aria-label={`Edit ${employeeRoleLabel(role.name)}`}
                      title="Edit"
                      onClick={() => setEditing({ mode: 'edit', role })}
                    >
                      <EditIcon size={18} />
                    </button>
                    <button
                      type="button"
                      className="icon-action icon-action--danger"
                      aria-label={`Delete ${employeeRoleLabel(role.name)}`}
                      title={role.isBase ? 'Base roles cannot be deleted' : 'Delete'}
                      disabled={role.isBase}
                      onClick={() => setDeleting(role)}
                    >
                      <TrashIcon size={18} />
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <RoleModal editing={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete role"
        message="Are you sure you want to delete this role?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
