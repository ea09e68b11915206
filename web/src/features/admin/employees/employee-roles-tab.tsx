import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PlusIcon } from '../../../components/icons';
import { Modal } from '../../../components/ui/modal';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  AdminBanner,
  AdminSection,
  AdminTable,
  NameCell,
  StatusBadge,
} from '../../../components/ui/admin-table';
import { getErrorMessage } from '../../../lib/api';
import { toast } from '../../../stores/toast.store';
import { employeeRoleLabel } from '../../auth/account';
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
      closeOnBackdrop
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
  const name = (role: EmployeeRole) => employeeRoleLabel(role.name);
  return (
    <AdminSection
      title="Employee Roles"
      action={
        <button
          type="button"
          className="btn btn--primary btn--sm"
          onClick={() => setEditing({ mode: 'add' })}
        >
          <PlusIcon size={18} /> Add Role
        </button>
      }
    >
      {roles.isError ? (
        <AdminBanner>{getErrorMessage(roles.error, 'Failed to fetch employee roles')}</AdminBanner>
      ) : (
        <AdminTable
          list={{ isPending: roles.isPending, page: 1, pageCount: 1, total: list.length, setPage: () => {} }}
          rows={list}
          rowKey={(role) => role.id}
          noun="roles"
          empty={{ title: 'No employee roles yet.' }}
          columns={[
            { header: 'Name', cell: (role) => <NameCell name={name(role)} /> },
            {
              header: 'Description',
              cell: (role) => role.description || <span className="muted">—</span>,
            },
            {
              header: 'Status',
              cell: (role) => (
                <StatusBadge ok={role.isActive}>{role.isActive ? 'Active' : 'Inactive'}</StatusBadge>
              ),
            },
          ]}
          actions={[
            {
              kind: 'edit',
              label: (role) => `Edit ${name(role)}`,
              title: () => 'Edit',
              onClick: (role) => setEditing({ mode: 'edit', role }),
            },
            {
              kind: 'delete',
              label: (role) => `Delete ${name(role)}`,
              title: (role) => (role.isBase ? 'Base roles cannot be deleted' : 'Delete'),
              disabled: (role) => Boolean(role.isBase),
              onClick: setDeleting,
            },
          ]}
        />
      )}
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
    </AdminSection>
  );
}
