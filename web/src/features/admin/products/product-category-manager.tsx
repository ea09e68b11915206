import { useEffect, useState, type FormEvent } from 'react';
import { PlusIcon } from '../../../components/icons';
import { AdminSection, AdminTable, NameCell } from '../../../components/ui/admin-table';
import { toast } from '../../../stores/toast.store';
import { createProductCategory, deleteProductCategory } from '../../catalogue/catalogue.api';
import { useCatalogueMutation } from '../../catalogue/catalogue-mutation';
import { useAdminListPage } from '../../catalogue/admin-page';
import { useProducts, useSubcategories } from '../../catalogue/catalogue.queries';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { refId, type ProductCategory } from '../../catalogue/types';

/** Product Categories: add by name (a blank name is ignored) and delete. */
export function ProductCategoryManager() {
  const categories = useAdminListPage<ProductCategory>('/product-categories');
  const subcategories = useSubcategories({ alwaysRefetch: true });
  const products = useProducts({ alwaysRefetch: true });
  const [name, setName] = useState('');
  const { confirm, dialog } = useConfirm();

  const add = useCatalogueMutation((categoryName: string) => createProductCategory(categoryName), {
    success: 'Category created successfully',
    failure: 'Failed to add category',
  });
  const remove = useCatalogueMutation((id: string) => deleteProductCategory(id), {
    success: 'Category deleted successfully',
    failure: 'Failed to delete category',
  });

  useEffect(() => {
    if (categories.error) toast.error('Failed to load categories');
  }, [categories.error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    // Spec section 5: adding a blank name is simply ignored.
    if (!trimmed) return;
    if (await add.run(trimmed)) setName('');
  };

  const onDelete = async (category: ProductCategory) => {
    if (await confirm('Are you sure you want to delete this category?')) await remove.run(category._id);
  };

  const count = (category: ProductCategory) => ({
    subcategories: (subcategories.data ?? []).filter((sub) => refId(sub.productCategory) === category._id)
      .length,
    products: (products.data ?? []).filter((product) => refId(product.productCategory) === category._id)
      .length,
  });

  return (
    <AdminSection
      title="Product Categories"
      description="A category with products or subcategories cannot be deleted until they are moved or removed."
    >
      <form className="cat-inline-form" onSubmit={(event) => void submit(event)}>
        <FormField label="New category name">
          {(control) => (
            <input
              {...control}
              className="cat-input"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn--primary" disabled={add.pending}>
          <PlusIcon size={18} /> Add Category
        </button>
      </form>
      <AdminTable
        list={categories}
        rows={categories.items}
        rowKey={(category) => category._id}
        noun="product categories"
        empty={{ title: 'No product categories yet' }}
        columns={[
          { header: 'Name', cell: (category) => <NameCell name={category.name} /> },
          { header: 'Subcategories', numeric: true, cell: (category) => count(category).subcategories },
          { header: 'Products', numeric: true, cell: (category) => count(category).products },
        ]}
        actions={[
          {
            kind: 'delete',
            label: (category) => `Delete ${category.name}`,
            onClick: (category) => void onDelete(category),
          },
        ]}
      />
      {dialog}
    </AdminSection>
  );
}
