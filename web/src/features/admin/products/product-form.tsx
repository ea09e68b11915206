import { useState, type FormEvent } from 'react';
import type { ProductInput } from '../../catalogue/catalogue.api';
import { Field } from '../../catalogue/form-field';
import { ImageUploader } from '../../catalogue/image-uploader';
import { subcategoriesOf } from '../../catalogue/product-lists';
import type { Product, ProductCategory, Subcategory } from '../../catalogue/types';
import {
  MAX_PRODUCT_IMAGES,
  productDraft,
  validateProductDraft,
  withProductCategory,
  type ProductDraft,
  type ProductFormErrors,
} from './product-form.rules';

interface ProductFormProps {
  product?: Product;
  categories: ProductCategory[];
  subcategories: Subcategory[];
  saving: boolean;
  onSave: (input: ProductInput) => void;
  onCancel: () => void;
}

/** Add or edit a product (in the modal): every field and rule of the spec's product form. */
export function ProductForm({
  product,
  categories,
  subcategories,
  saving,
  onSave,
  onCancel,
}: ProductFormProps) {
  const [draft, setDraft] = useState(() => productDraft(product));
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [uploading, setUploading] = useState(false);
  const update = (changes: Partial<ProductDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const fittingSubcategories = subcategoriesOf(subcategories, draft.productCategory);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateProductDraft(draft);
    setErrors(result.errors);
    if (result.input) onSave(result.input);
  };

  return (
    <form className="cat-form" onSubmit={submit} noValidate>
      <div className="cat-form-grid">
        <Field label="Name" required error={errors.name} className="cat-field--wide">
          {(control) => (
            <input
              {...control}
              className="cat-input"
              value={draft.name}
              onChange={(event) => update({ name: event.target.value })}
              autoFocus
            />
          )}
        </Field>
        <Field label="Price (₹)" required error={errors.price}>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              value={draft.price}
              onChange={(event) => update({ price: event.target.value })}
            />
          )}
        </Field>
        <Field label="Stock" required error={errors.stock}>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={draft.stock}
              onChange={(event) => update({ stock: event.target.value })}
            />
          )}
        </Field>
        <Field label="Category" required error={errors.productCategory}>
          {(control) => (
            <select
              {...control}
              className="cat-input"
              value={draft.productCategory}
              onChange={(event) =>
                setDraft((current) => withProductCategory(current, event.target.value, subcategories))
              }
            >
              <option value="">Select a category</option>
              {categories.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Subcategory" hint={!draft.productCategory ? 'Choose a category first.' : undefined}>
          {(control) => (
            <select
              {...control}
              className="cat-input"
              value={draft.subcategory}
              disabled={!draft.productCategory}
              onChange={(event) => update({ subcategory: event.target.value })}
            >
              <option value="">{fittingSubcategories.length ? 'None' : 'No subcategories'}</option>
              {fittingSubcategories.map((subcategory) => (
                <option key={subcategory._id} value={subcategory._id}>
                  {subcategory.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="SKU">
          {(control) => (
            <input
              {...control}
              className="cat-input"
              value={draft.sku}
              onChange={(event) => update({ sku: event.target.value })}
            />
          )}
        </Field>
        <Field label="Weight" hint="For example 200 ml or 50 g.">
          {(control) => (
            <input
              {...control}
              className="cat-input"
              value={draft.weight}
              onChange={(event) => update({ weight: event.target.value })}
            />
          )}
        </Field>
        <Field label="Description" required error={errors.description} className="cat-field--wide">
          {(control) => (
            <textarea
              {...control}
              className="cat-input"
              rows={3}
              value={draft.description}
              onChange={(event) => update({ description: event.target.value })}
            />
          )}
        </Field>
      </div>

      <ImageUploader
        label="Images"
        images={draft.images}
        onChange={(images) => update({ images })}
        max={MAX_PRODUCT_IMAGES}
        failureMessage="Failed to upload image"
        onBusyChange={setUploading}
      />

      <div className="cat-modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving || uploading}>
          {saving ? 'Saving…' : product ? 'Update Product' : 'Add Product'}
        </button>
      </div>
    </form>
  );
}
