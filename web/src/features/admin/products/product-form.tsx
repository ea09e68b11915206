import { useState } from 'react';
import type { ProductInput } from '../../catalogue/catalogue.api';
import { FormField } from '../../../components/ui/form-field';
import { useForm } from '../../../components/ui/use-form';
import { ImageUploader } from '../../catalogue/image-uploader';
import { subcategoriesOf } from '../../catalogue/product-lists';
import type { Product, ProductCategory, Subcategory } from '../../catalogue/types';
import {
  GST_RATE_OPTIONS,
  MAX_PRODUCT_IMAGES,
  productDraft,
  suggestedHsnCode,
  validateProductDraft,
  withProductCategory,
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
  const form = useForm({
    initial: () => productDraft(product),
    validate: validateProductDraft,
    onSubmit: onSave,
  });
  const draft = form.values;
  const [uploading, setUploading] = useState(false);
  const fittingSubcategories = subcategoriesOf(subcategories, draft.productCategory);
  const suggestedHsn = suggestedHsnCode(draft);

  return (
    <form className="cat-form" onSubmit={form.handleSubmit} noValidate>
      <div className="cat-form-grid">
        <FormField label="Name" required error={form.errors.name} className="form-field--wide">
          {(control) => <input {...control} className="cat-input" {...form.field('name').input} autoFocus />}
        </FormField>
        <FormField label="Price (₹)" required error={form.errors.price}>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              {...form.field('price').input}
            />
          )}
        </FormField>
        <FormField label="Stock" required error={form.errors.stock}>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              {...form.field('stock').input}
            />
          )}
        </FormField>
        <FormField label="Category" required error={form.errors.productCategory}>
          {(control) => (
            <select
              {...control}
              className="cat-input"
              value={draft.productCategory}
              onChange={(event) =>
                form.update((current) => withProductCategory(current, event.target.value, subcategories))
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
        </FormField>
        <FormField label="Subcategory" hint={!draft.productCategory ? 'Choose a category first.' : undefined}>
          {(control) => (
            <select
              {...control}
              className="cat-input"
              {...form.field('subcategory').input}
              disabled={!draft.productCategory}
            >
              <option value="">{fittingSubcategories.length ? 'None' : 'No subcategories'}</option>
              {fittingSubcategories.map((subcategory) => (
                <option key={subcategory._id} value={subcategory._id}>
                  {subcategory.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="SKU">
          {(control) => <input {...control} className="cat-input" {...form.field('sku').input} />}
        </FormField>
        <FormField label="Weight" hint="For example 200 ml or 50 g.">
          {(control) => <input {...control} className="cat-input" {...form.field('weight').input} />}
        </FormField>
        <FormField
          label="HSN code"
          error={form.errors.hsnCode}
          hint={`4, 6 or 8 digits, printed on the invoice; blank if not classified.${
            suggestedHsn ? ` The name suggests ${suggestedHsn}.` : ''
          }`}
        >
          {(control) => (
            <input {...control} className="cat-input" inputMode="numeric" {...form.field('hsnCode').input} />
          )}
        </FormField>
        <FormField label="GST rate" required error={form.errors.gstBp} hint="Included in the price.">
          {(control) => (
            <select {...control} className="cat-input" {...form.field('gstBp').input}>
              {GST_RATE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Description" required error={form.errors.description} className="form-field--wide">
          {(control) => (
            <textarea {...control} className="cat-input" rows={3} {...form.field('description').input} />
          )}
        </FormField>
      </div>

      <ImageUploader
        label="Images"
        images={draft.images}
        onChange={(images) => form.set('images', images)}
        max={MAX_PRODUCT_IMAGES}
        failureMessage="Failed to upload image"
        onBusyChange={setUploading}
      />

      <div className="modal__actions">
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
