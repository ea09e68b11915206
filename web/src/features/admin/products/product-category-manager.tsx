import { useEffect, useState, type FormEvent } from 'react';
import { PlusIcon } from '../../../components/icons';
import { toast } from '../../../stores/toast.store';
import { createProductCategory, deleteProductCategory } from '../../catalogue/catalogue.api';
import { TrashIcon } from '../../catalogue/catalogue-icons';
import { useCatalogueMutation } from '../../catalogue/catalogue-mutation';
import { AdminListPager, useAdminListPage } from '../../catalogue/admin-page';
import { useProducts, useSubcategories } from '../../catalogue/catalogue.queries';
import { useConfirm } from '../../catalogue/confirm-dialog';
import { EmptyState } from '../../catalogue/empty-state';
import { Field } from '../../catalogue/form-field';
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

  const list = categories.items;
  return (
    <div className="cat-admin">
      <div className="cat-admin-toolbar">
        <div>
          <h2>Product Categories</h2>
          <p>A category with products or subcategories cannot be deleted until they are moved or removed.</p>
        </div>
      </div>
      <form className="cat-inline-form" onSubmit={(event) => void submit(event)}>
        <Field label="New category name">
          {(control) => (
            <input
              {...control}
              className="cat-input"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="btn btn--primary" disabled={add.pending}>
          <PlusIcon size={18} /> Add Category
        </button>
      </form>

      {categories.isPending ? (
        <p className="cat-admin-loading">Loading categories…</p>
      ) : list.length === 0 ? (
        <EmptyState title="No product categories yet" />
      ) : (
        <div className="cat-table-wrap">
          <table className="cat-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="cat-table__number">
                  Subcategories
                </th>
                <th scope="col" className="cat-table__number">
                  Products
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((category) => {
                const counts = count(category);
                return (
                  <tr key={category._id}>
                    <td className="cat-table__name">{category.name}</td>
                    <td className="cat-table__number">{counts.subcategories}</td>
                    <td className="cat-table__number">{counts.products}</td>
                    <td>
                      <div className="cat-row-actions">
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
                );
              })}
            </tbody>
          </table>
          <AdminListPager list={categories} noun="product categories" />
        </div>
      )}
      {dialog}
    </div>
  );
}
