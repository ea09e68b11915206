import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { PlusIcon } from '../../../components/icons';
import { AdminSection, AdminTable, NameCell } from '../../../components/ui/admin-table';
import { formatINR } from '../../../lib/format';
import { toast } from '../../../stores/toast.store';
import {
  createProduct,
  deleteProduct,
  updateProduct,
  type ProductInput,
} from '../../catalogue/catalogue.api';
import { useCatalogueMutation } from '../../catalogue/catalogue-mutation';
import { useAdminListPage } from '../../catalogue/admin-page';
import { useProductCategories, useSubcategories } from '../../catalogue/catalogue.queries';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { Modal } from '../../../components/ui/modal';
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

  return (
    <AdminSection
      title="Products"
      description={`Stock below ${ADMIN_LOW_STOCK_BELOW} shows in red.`}
      action={
        <button type="button" className="btn btn--primary" onClick={() => setEditing({ mode: 'add' })}>
          <PlusIcon size={18} /> Add Product
        </button>
      }
    >
      <AdminTable
        list={products}
        rows={products.items}
        rowKey={(product) => product._id}
        noun="products"
        empty={{ title: 'No products found' }}
        columns={[
          {
            header: 'Image',
            hideHeader: true,
            cell: (product) => (
              <ImageWithFallback className="cat-table__thumb" src={product.images[0]} alt="" />
            ),
          },
          {
            header: 'Product',
            cell: (product) => <NameCell name={product.name} sub={product.sku && `SKU ${product.sku}`} />,
          },
          {
            header: 'Category',
            cell: (product) => (
              <NameCell
                plain
                name={refName(product.productCategory, categories.data ?? []) ?? '—'}
                sub={refName(product.subcategory, subcategories.data ?? [])}
              />
            ),
          },
          { header: 'Price', numeric: true, cell: (product) => formatINR(product.price) },
          {
            header: 'Stock',
            numeric: true,
            cell: (product) => (
              <span className={product.stock < ADMIN_LOW_STOCK_BELOW ? 'cat-stock-low' : undefined}>
                {product.stock}
              </span>
            ),
          },
        ]}
        actions={[
          {
            kind: 'view',
            label: (product) => `View ${product.name}`,
            onClick: (product) => void navigate(paths.product(product._id)),
          },
          {
            kind: 'edit',
            label: (product) => `Edit ${product.name}`,
            onClick: (product) => setEditing({ mode: 'edit', product }),
          },
          {
            kind: 'delete',
            label: (product) => `Delete ${product.name}`,
            onClick: (product) => void onDelete(product),
          },
        ]}
      />

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
    </AdminSection>
  );
}
