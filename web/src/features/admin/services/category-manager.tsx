import { useEffect, useState } from 'react';
import { PlusIcon } from '../../../components/icons';
import { toast } from '../../../stores/toast.store';
import {
  createCategory,
  deleteCategory,
  updateCategory,
  type CategoryInput,
} from '../../catalogue/catalogue.api';
import { PencilIcon, TrashIcon } from '../../catalogue/catalogue-icons';
import { useCatalogueMutation } from '../../catalogue/catalogue-mutation';
import { AdminListPager, useAdminListPage } from '../../catalogue/admin-page';
import { useConfirm } from '../../catalogue/confirm-dialog';
import { EmptyState } from '../../catalogue/empty-state';
import { Modal } from '../../catalogue/modal';
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
    <div className="cat-admin">
      <div className="cat-admin-toolbar">
        <div>
          <h2>Category Management</h2>
          <p>Each category names the employee role that performs its treatments.</p>
        </div>
        <button type="button" className="btn btn--primary" onClick={() => setEditing({ mode: 'add' })}>
          <PlusIcon size={18} /> Add Category
        </button>
      </div>

      {categories.isPending ? (
        <p className="cat-admin-loading">Loading categories…</p>
      ) : list.length === 0 ? (
        <EmptyState title="No categories yet" message="Add the first category to start building the menu." />
      ) : (
        <div className="cat-table-wrap">
          <table className="cat-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Assigned role</th>
                <th scope="col" className="cat-table__number">
                  Order
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((category) => (
                <tr key={category._id}>
                  <td>
                    <span className="cat-table__name">{category.name}</span>
                    {category.description && <span className="cat-table__sub">{category.description}</span>}
                  </td>
                  <td>{category.assignedEmployeeRole}</td>
                  <td className="cat-table__number">{category.order}</td>
                  <td>
                    <span
                      className={`cat-badge ${category.isActive ? 'cat-badge--success' : 'cat-badge--muted'}`}
                    >
                      {category.isActive ? 'Active' : 'Inactive'}
                    </span>
                  </td>
                  <td>
                    <div className="cat-row-actions">
                      <button
                        type="button"
                        className="cat-icon-action"
                        aria-label={`Edit ${category.name}`}
                        onClick={() => setEditing({ mode: 'edit', category })}
                      >
                        <PencilIcon size={18} />
                      </button>
                      <button
                        type="button"
                        className="cat-icon-action cat-icon-action--danger"
                        aria-label={`Delete ${category.name}`}
                        onClick={() => void onDelete(category)}
                      >
                        <TrashIcon size={18} />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <AdminListPager list={categories} noun="categories" />
        </div>
      )}

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
    </div>
  );
}
