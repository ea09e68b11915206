import { useEffect, useState, type FormEvent } from 'react';
import { PlusIcon } from '../../../components/icons';
import { AdminSection, AdminTable, NameCell } from '../../../components/ui/admin-table';
import { toast } from '../../../stores/toast.store';
import { createSubcategory, deleteSubcategory } from '../../catalogue/catalogue.api';
import { useCatalogueMutation } from '../../catalogue/catalogue-mutation';
import { useAdminListPage } from '../../catalogue/admin-page';
import { useProductCategories } from '../../catalogue/catalogue.queries';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
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
    <AdminSection title="Subcategories" description="Each subcategory belongs to one product category.">
      <form className="cat-inline-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="New subcategory name">
          {(control) => (
            <input
              {...control}
              className="cat-input"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Product category">
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
        </FormField>
        <button type="submit" className="btn btn--primary" disabled={add.pending}>
          <PlusIcon size={18} /> Add Subcategory
        </button>
      </form>
      <AdminTable
        list={subcategories}
        rows={list}
        rowKey={(subcategory) => subcategory._id}
        noun="subcategories"
        empty={{ title: 'No subcategories yet' }}
        columns={[
          { header: 'Name', cell: (subcategory) => <NameCell name={subcategory.name} /> },
          {
            header: 'Product category',
            cell: (subcategory) => refName(subcategory.productCategory, categories.data) ?? '—',
          },
        ]}
        actions={[
          {
            kind: 'delete',
            label: (subcategory) => `Delete ${subcategory.name}`,
            onClick: (subcategory) => void onDelete(subcategory),
          },
        ]}
      />
      {dialog}
    </AdminSection>
  );
}
