import { useRoleOptions } from '../../catalogue/catalogue.queries';
import { FormField } from '../../../components/ui/form-field';
import { useForm } from '../../../components/ui/use-form';
import type { CategoryInput } from '../../catalogue/catalogue.api';
import type { ServiceCategory } from '../../catalogue/types';
import { categoryDraft, validateCategoryDraft } from './category-form.rules';

interface CategoryFormProps {
  category?: ServiceCategory;
  saving: boolean;
  onSave: (input: CategoryInput) => void;
  onCancel: () => void;
}

/** Add or edit a service category: name, description, display order, active, assigned employee role. */
export function CategoryForm({ category, saving, onSave, onCancel }: CategoryFormProps) {
  const form = useForm({
    initial: () => categoryDraft(category),
    validate: validateCategoryDraft,
    onSubmit: onSave,
  });
  const draft = form.values;
  const roles = useRoleOptions();
  const roleNames = (roles.data ?? []).map((role) => role.name);
  // An edited category keeps its role visible even if the role list no longer has it.
  if (draft.assignedEmployeeRole && !roleNames.includes(draft.assignedEmployeeRole))
    roleNames.push(draft.assignedEmployeeRole);

  return (
    <form className="cat-form" onSubmit={form.handleSubmit} noValidate>
      <div className="cat-form-grid">
        <FormField label="Category name" required error={form.errors.name} className="form-field--wide">
          {(control) => <input {...control} className="cat-input" {...form.field('name').input} autoFocus />}
        </FormField>
        <FormField label="Description" className="form-field--wide">
          {(control) => (
            <textarea {...control} className="cat-input" rows={3} {...form.field('description').input} />
          )}
        </FormField>
        <FormField label="Assigned Employee Role" required error={form.errors.assignedEmployeeRole}>
          {(control) => (
            <select {...control} className="cat-input" {...form.field('assignedEmployeeRole').input}>
              <option value="">{roles.isPending ? 'Loading roles…' : 'Select a role'}</option>
              {roleNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Display order" error={form.errors.order} hint="Lower numbers come first.">
          {(control) => (
            <input
              {...control}
              className="cat-input"
              type="number"
              min={0}
              step={1}
              {...form.field('order').input}
            />
          )}
        </FormField>
      </div>
      <label className="cat-toggle">
        <input
          type="checkbox"
          checked={draft.isActive}
          onChange={(event) => form.set('isActive', event.target.checked)}
        />
        Active
      </label>
      <div className="modal__actions">
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
