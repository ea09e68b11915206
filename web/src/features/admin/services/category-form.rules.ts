import type { CategoryInput } from '../../catalogue/catalogue.api';
import type { ServiceCategory } from '../../catalogue/types';

export interface CategoryDraft {
  name: string;
  description: string;
  order: string;
  isActive: boolean;
  assignedEmployeeRole: string;
}

export type CategoryFormErrors = Partial<Record<'name' | 'order' | 'assignedEmployeeRole', string>>;

export function categoryDraft(category?: ServiceCategory): CategoryDraft {
  return {
    name: category?.name ?? '',
    description: category?.description ?? '',
    order: String(category?.order ?? 0),
    isActive: category?.isActive ?? true,
    assignedEmployeeRole: category?.assignedEmployeeRole ?? '',
  };
}

/** Spec section 5: name and assigned employee role required; display order 0 or more (default 0). */
export function validateCategoryDraft(draft: CategoryDraft): {
  errors: CategoryFormErrors;
  input?: CategoryInput;
} {
  const errors: CategoryFormErrors = {};
  if (!draft.name.trim()) errors.name = 'Category name is required';
  if (!draft.assignedEmployeeRole.trim()) errors.assignedEmployeeRole = 'Assigned Employee Role is required';
  const order = draft.order.trim() === '' ? 0 : Number(draft.order);
  if (!Number.isInteger(order) || order < 0) errors.order = 'Display order must be a whole number, 0 or more';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    input: {
      name: draft.name.trim(),
      description: draft.description.trim(),
      order,
      isActive: draft.isActive,
      assignedEmployeeRole: draft.assignedEmployeeRole.trim(),
    },
  };
}
