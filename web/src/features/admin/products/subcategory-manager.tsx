import { useEffect, useState, type FormEvent } from 'react';
import { PlusIcon } from '../../../components/icons';
import { toast } from '../../../stores/toast.store';
import { createSubcategory, deleteSubcategory } from '../../catalogue/catalogue.api';
import { TrashIcon } from '../../catalogue/catalogue-icons';
import { useCatalogueMutation } from '../../catalogue/catalogue-mutation';
import { AdminListPager, useAdminListPage } from '../../catalogue/admin-page';
import { useProductCategories } from '../../catalogue/catalogue.queries';
import { useConfirm } from '../../catalogue/confirm-dialog';
import { EmptyState } from '../../catalogue/empty-state';
import { Field } from '../../catalogue/form-field';
import { refName, type Subcategory } from '../../catalogue/types';

/** Subcategories: add with a name and a product category, and delete. */
export function SubcategoryManager() {
  const categories = useProductCategories({ alwaysRefetch: true });
  const subcategories = useAdminListPage<Subcategory>('/subcategories');
  const [name, setName] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const { confirm, dialog } = useConfirm();

  const add = useCatalogueMutation(
    ({ subcategoryName, productCategory }: { subcategoryName: string; productCategory: string }) =>
      createSubcategory(subcategoryName, productCategory),
    { success: 'Subcategory created successfully', failure: 'Failed to add subcategory' },
  );
  const remove = useCatalogueMutation((id: string) => deleteSubcategory(id), {
    success: 'Subcategory deleted successfully',
    failure: 'Failed to delete subcategory',
  });

  useEffect(() => {
    if (categories.error || subcategories.error) toast.error('Failed to load categories or subcategories');
  }, [categories.error, subcategories.error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || !categoryId) {
      toast.error('Please enter subcategory name and select a category');
      return;
    }
    if (await add.run({ subcategoryName: trimmed, productCategory: categoryId })) setName('');
  };

  const onDelete = async (subcategory: Subcategory) => {
    if (await confirm('Are you sure you want to delete this subcategory?')) await remove.run(subcategory._id);
  };

  const list = [...subcategories.items].sort(
    (a, b) =>
      (refName(a.productCategory, categories.data) ?? '').localeCompare(
        refName(b.productCategory, categories.data) ?? '',
      ) || a.name.localeCompare(b.name),
  );

  return (
    <div className="cat-admin">
      <div className="cat-admin-toolbar">
        <div>
          <h2>Subcategories</h2>
          <p>Each subcategory belongs to one product category.</p>
        </div>
      </div>
      <form className="cat-inline-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field label="New subcategory name">
          {(control) => (
            <input
              {...control}
              className="cat-input"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field label="Product category">
          {(control) => (
            <select
              {...control}
              className="cat-input"
              value={categoryId}
              onChange={(event) => setCategoryId(event.target.value)}
            >
              <option value="">Select a category</option>
              {(categories.data ?? []).map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="btn btn--primary" disabled={add.pending}>
          <PlusIcon size={18} /> Add Subcategory
        </button>
      </form>

      {subcategories.isPending ? (
        <p className="cat-admin-loading">Loading subcategories…</p>
      ) : list.length === 0 ? (
        <EmptyState title="No subcategories yet" />
      ) : (
        <div className="cat-table-wrap">
          <table className="cat-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Product category</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((subcategory) => (
                <tr key={subcategory._id}>
                  <td className="cat-table__name">{subcategory.name}</td>
                  <td>{refName(subcategory.productCategory, categories.data) ?? '—'}</td>
                  <td>
                    <div className="cat-row-actions">
                      <button
                        type="button"
                        className="cat-icon-action cat-icon-action--danger"
                        aria-label={`Delete ${subcategory.name}`}
                        onClick={() => void onDelete(subcategory)}
                      >
                        <TrashIcon size={18} />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <AdminListPager list={subcategories} noun="subcategories" />
        </div>
      )}
      {dialog}
    </div>
  );
}
