import { useState, type FormEvent } from 'react';
import { useRoleOptions } from '../../catalogue/catalogue.queries';
import { Field } from '../../catalogue/form-field';
import type { CategoryInput } from '../../catalogue/catalogue.api';
import type { ServiceCategory } from '../../catalogue/types';
import { categoryDraft, validateCategoryDraft, type CategoryFormErrors } from './category-form.rules';

interface CategoryFormProps {
  category?: ServiceCategory;
  saving: boolean;
  onSave: (input: CategoryInput) => void;
  onCancel: () => void;
}

/** Add or edit a service category: name, description, display order, active, assigned employee role. */
export function CategoryForm({ category, saving, onSave, onCancel }: CategoryFormProps) {
  const [draft, setDraft] = useState(() => categoryDraft(category));
  const [errors, setErrors] = useState<CategoryFormErrors>({});
  const roles = useRoleOptions();
  const roleNames = (roles.data ?? []).map((role) => role.name);
  // An edited category keeps its role visible even if the role list no longer has it.
  if (draft.assignedEmployeeRole && !roleNames.includes(draft.assignedEmployeeRole))
    roleNames.push(draft.assignedEmployeeRole);

  const update = (changes: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateCategoryDraft(draft);
    setErrors(result.errors);
    if (result.input) onSave(result.input);
  };

  return (
    <form className="cat-form" onSubmit={submit} noValidate>
      <div className="cat-form-grid">
        <Field label="Category name" required error={errors.name} className="cat-field--wide">
          {(control) => (
            <input
              {...control}
              className="cat-input"
              value={draft.name}
              onChange={(event) => update({ name: event.target.value })}
              autoFocus
            />
          )}
        </Field>
        <Field label="Description" className="cat-field--wide">
          {(control) => (
            <textarea
              {...control}
              className="cat-input"
              rows={3}
              value={draft.description}
              onChange={(event) => update({ description: event.target.value })}
            />
          )}
        </Field>
        <Field label="Assigned Employee Role" required error={errors.assignedEmployeeRole}>
          {(control) => (
            <select
              {...control}
              className="cat-input"
              value={draft.assignedEmployeeRole}
              onChange={(event) => update({ assignedEmployeeRole: event.target.value })}
            >
              <option value="">{roles.isPending ? 'Loading roles…' : 'Select a role'}</option>
              {roleNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Display order" error={errors.order} hint="Lower numbers come first.">
          {(control) => (
            <input
              {...control}
              className="cat-input"
              type="number"
              min={0}
              step={1}
              value={draft.order}
              onChange={(event) => update({ order: event.target.value })}
            />
          )}
        </Field>
      </div>
      <label className="cat-toggle">
        <input
          type="checkbox"
          checked={draft.isActive}
          onChange={(event) => update({ isActive: event.target.checked })}
        />
        Active
      </label>
      <div className="cat-modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving…' : category ? 'Update Category' : 'Add Category'}
        </button>
      </div>
    </form>
  );
}
