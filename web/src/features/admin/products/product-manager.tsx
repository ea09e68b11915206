import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { PlusIcon } from '../../../components/icons';
import { formatINR } from '../../../lib/format';
import { toast } from '../../../stores/toast.store';
import {
  createProduct,
  deleteProduct,
  updateProduct,
  type ProductInput,
} from '../../catalogue/catalogue.api';
import { EyeIcon, PencilIcon, TrashIcon } from '../../catalogue/catalogue-icons';
import { useCatalogueMutation } from '../../catalogue/catalogue-mutation';
import { AdminListPager, useAdminListPage } from '../../catalogue/admin-page';
import { useProductCategories, useSubcategories } from '../../catalogue/catalogue.queries';
import { useConfirm } from '../../catalogue/confirm-dialog';
import { EmptyState } from '../../catalogue/empty-state';
import { ImageWithFallback } from '../../catalogue/image-with-fallback';
import { Modal } from '../../catalogue/modal';
import { ADMIN_LOW_STOCK_BELOW } from '../../catalogue/product-lists';
import { refName, type Product } from '../../catalogue/types';
import { ProductForm } from './product-form';

type Editing = { mode: 'add' } | { mode: 'edit'; product: Product } | null;

/** The product list with add and edit in a modal, view and delete. */
export function ProductManager() {
  const navigate = useNavigate();
  const products = useAdminListPage<Product>('/products');
  const categories = useProductCategories({ alwaysRefetch: true });
  const subcategories = useSubcategories({ alwaysRefetch: true });
  const [editing, setEditing] = useState<Editing>(null);
  const { confirm, dialog } = useConfirm();

  const save = useCatalogueMutation(
    ({ id, input }: { id?: string; input: ProductInput }) =>
      id ? updateProduct(id, input) : createProduct(input),
    {
      success: ({ id }) => (id ? 'Product updated successfully' : 'Product created successfully'),
      failure: 'Failed to save product',
    },
  );
  const remove = useCatalogueMutation((id: string) => deleteProduct(id), {
    success: 'Product deleted successfully',
    failure: 'Failed to delete product',
  });

  useEffect(() => {
    if (products.error) toast.error('Failed to load products');
  }, [products.error]);
  useEffect(() => {
    if (categories.error || subcategories.error) toast.error('Failed to load categories or subcategories');
  }, [categories.error, subcategories.error]);

  const onSave = async (input: ProductInput) => {
    const id = editing?.mode === 'edit' ? editing.product._id : undefined;
    if (await save.run({ id, input })) setEditing(null);
  };

  const onDelete = async (product: Product) => {
    if (await confirm('Are you sure you want to delete this product?')) await remove.run(product._id);
  };

  const list = products.items;

  return (
    <div className="cat-admin">
      <div className="cat-admin-toolbar">
        <div>
          <h2>Products</h2>
          <p>Stock below {ADMIN_LOW_STOCK_BELOW} shows in red.</p>
        </div>
        <button type="button" className="btn btn--primary" onClick={() => setEditing({ mode: 'add' })}>
          <PlusIcon size={18} /> Add Product
        </button>
      </div>

      {products.isPending ? (
        <p className="cat-admin-loading">Loading products…</p>
      ) : list.length === 0 ? (
        <EmptyState title="No products found" />
      ) : (
        <div className="cat-table-wrap">
          <table className="cat-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Image</span>
                </th>
                <th scope="col">Product</th>
                <th scope="col">Category</th>
                <th scope="col" className="cat-table__number">
                  Price
                </th>
                <th scope="col" className="cat-table__number">
                  Stock
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((product) => {
                const subcategory = refName(product.subcategory, subcategories.data ?? []);
                return (
                  <tr key={product._id}>
                    <td>
                      <ImageWithFallback className="cat-table__thumb" src={product.images[0]} alt="" />
                    </td>
                    <td>
                      <span className="cat-table__name">{product.name}</span>
                      {product.sku && <span className="cat-table__sub">SKU {product.sku}</span>}
                    </td>
                    <td>
                      {refName(product.productCategory, categories.data ?? []) ?? '—'}
                      {subcategory && <span className="cat-table__sub">{subcategory}</span>}
                    </td>
                    <td className="cat-table__number">{formatINR(product.price)}</td>
                    <td className="cat-table__number">
                      <span className={product.stock < ADMIN_LOW_STOCK_BELOW ? 'cat-stock-low' : undefined}>
                        {product.stock}
                      </span>
                    </td>
                    <td>
                      <div className="cat-row-actions">
                        <button
                          type="button"
                          className="cat-icon-action"
                          aria-label={`View ${product.name}`}
                          onClick={() => navigate(paths.product(product._id))}
                        >
                          <EyeIcon size={18} />
                        </button>
                        <button
                          type="button"
                          className="cat-icon-action"
                          aria-label={`Edit ${product.name}`}
                          onClick={() => setEditing({ mode: 'edit', product })}
                        >
                          <PencilIcon size={18} />
                        </button>
                        <button
                          type="button"
                          className="cat-icon-action cat-icon-action--danger"
                          aria-label={`Delete ${product.name}`}
                          onClick={() => void onDelete(product)}
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
          <AdminListPager list={products} noun="products" />
        </div>
      )}

      {editing && (
        <Modal
          title={editing.mode === 'edit' ? 'Edit Product' : 'Add Product'}
          onClose={() => setEditing(null)}
          size="lg"
        >
          <ProductForm
            product={editing.mode === 'edit' ? editing.product : undefined}
            categories={categories.data ?? []}
            subcategories={subcategories.data ?? []}
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
