import { useEffect, useState } from 'react';
import { PlusIcon } from '../../../components/icons';
import { AdminSection, AdminTable, NameCell, StatusBadge } from '../../../components/ui/admin-table';
import { toast } from '../../../stores/toast.store';
import {
  createCategory,
  deleteCategory,
  updateCategory,
  type CategoryInput,
} from '../../catalogue/catalogue.api';
import { useCatalogueMutation } from '../../catalogue/catalogue-mutation';
import { useAdminListPage } from '../../catalogue/admin-page';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { activeCategoriesInOrder } from '../../catalogue/service-lists';
import type { ServiceCategory } from '../../catalogue/types';
import { CategoryForm } from './category-form';

type Editing = { mode: 'add' } | { mode: 'edit'; category: ServiceCategory } | null;

/** Category Management: the list of service categories with add, edit and delete. */
export function CategoryManager() {
  const categories = useAdminListPage<ServiceCategory>('/admin/categories');
  const [editing, setEditing] = useState<Editing>(null);
  const { confirm, dialog } = useConfirm();

  const save = useCatalogueMutation(
    ({ id, input }: { id?: string; input: CategoryInput }) =>
      id ? updateCategory(id, input) : createCategory(input),
    {
      success: ({ id }) => (id ? 'Category updated successfully' : 'Category created successfully'),
      failure: 'Failed to save category',
    },
  );
  const remove = useCatalogueMutation((id: string) => deleteCategory(id), {
    success: 'Category deleted successfully',
    failure: 'Failed to delete category',
  });

  useEffect(() => {
    if (categories.error) toast.error('Failed to load categories');
  }, [categories.error]);

  const onSave = async (input: CategoryInput) => {
    const id = editing?.mode === 'edit' ? editing.category._id : undefined;
    if (await save.run({ id, input })) setEditing(null);
  };

  const onDelete = async (category: ServiceCategory) => {
    if (await confirm('Are you sure you want to delete this category?')) await remove.run(category._id);
  };

  // Inactive categories stay listed for admins, after the active ones.
  const list = [
    ...activeCategoriesInOrder(categories.items),
    ...categories.items.filter((category) => category.isActive === false),
  ];

  return (
    <AdminSection
      title="Category Management"
      description="Each category names the employee role that performs its treatments."
      action={
        <button type="button" className="btn btn--primary" onClick={() => setEditing({ mode: 'add' })}>
          <PlusIcon size={18} /> Add Category
        </button>
      }
    >
      <AdminTable
        list={categories}
        rows={list}
        rowKey={(category) => category._id}
        noun="categories"
        empty={{ title: 'No categories yet', message: 'Add the first category to start building the menu.' }}
        columns={[
          {
            header: 'Name',
            cell: (category) => <NameCell name={category.name} sub={category.description} />,
          },
          { header: 'Assigned role', cell: (category) => category.assignedEmployeeRole },
          { header: 'Order', numeric: true, cell: (category) => category.order },
          {
            header: 'Status',
            cell: (category) => (
              <StatusBadge ok={category.isActive}>{category.isActive ? 'Active' : 'Inactive'}</StatusBadge>
            ),
          },
        ]}
        actions={[
          {
            kind: 'edit',
            label: (category) => `Edit ${category.name}`,
            onClick: (category) => setEditing({ mode: 'edit', category }),
          },
          {
            kind: 'delete',
            label: (category) => `Delete ${category.name}`,
            onClick: (category) => void onDelete(category),
          },
        ]}
      />

      {editing && (
        <Modal
          title={editing.mode === 'edit' ? 'Edit Category' : 'Add Category'}
          onClose={() => setEditing(null)}
        >
          <CategoryForm
            category={editing.mode === 'edit' ? editing.category : undefined}
            saving={save.pending}
            onSave={(input) => void onSave(input)}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
      {dialog}
    </AdminSection>
  );
}
