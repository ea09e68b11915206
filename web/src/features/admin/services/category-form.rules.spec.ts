import { describe, expect, it } from 'vitest';
import { categoryDraft, validateCategoryDraft } from './category-form.rules';

describe('validateCategoryDraft', () => {
  it('requires a name and an assigned employee role with the spec messages', () => {
    expect(validateCategoryDraft(categoryDraft()).errors).toEqual({
      name: 'Category name is required',
      assignedEmployeeRole: 'Assigned Employee Role is required',
    });
  });

  it('refuses a negative or fractional display order and treats blank as 0', () => {
    const draft = { ...categoryDraft(), name: 'Massages', assignedEmployeeRole: 'servicestaff' };
    expect(validateCategoryDraft({ ...draft, order: '-1' }).errors.order).toBeDefined();
    expect(validateCategoryDraft({ ...draft, order: '1.5' }).errors.order).toBeDefined();
    expect(validateCategoryDraft({ ...draft, order: '' }).input?.order).toBe(0);
  });

  it('answers the payload, trimmed', () => {
    const { input } = validateCategoryDraft({
      name: ' Facials ',
      description: ' Glow ',
      order: '2',
      isActive: false,
      assignedEmployeeRole: 'servicestaff',
    });
    expect(input).toEqual({
      name: 'Facials',
      description: 'Glow',
      order: 2,
      isActive: false,
      assignedEmployeeRole: 'servicestaff',
    });
  });
});
