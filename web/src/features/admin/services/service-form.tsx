import type { DepositKind } from '@spa/rules';
import { useState } from 'react';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import type { ServiceInput } from '../../catalogue/catalogue.api';
import { FormField } from '../../../components/ui/form-field';
import { NumberField } from '../../../components/ui/number-field';
import { useForm } from '../../../components/ui/use-form';
import { ImageUploader } from '../../catalogue/image-uploader';
import type { Service, ServiceCategory } from '../../catalogue/types';
import {
  DEPOSIT_KIND_OPTIONS,
  GST_RATE_OPTIONS,
  newPricingRow,
  serviceDraft,
  validateServiceDraft,
  type PricingDraft,
  type ServiceDraft,
  type ServiceFormErrors,
  withMinutes,
} from './service-form.rules';

interface ServiceFormProps {
  service?: Service;
  categories: ServiceCategory[];
  saving: boolean;
  onSave: (input: ServiceInput) => void;
  onCancel: () => void;
}

function PricingRow({
  row,
  index,
  canRemove,
  onChange,
  onRemove,
}: {
  row: PricingDraft;
  index: number;
  canRemove: boolean;
  onChange: (changes: Partial<PricingDraft>) => void;
  onRemove: () => void;
}) {
  const option = `option ${index + 1}`;
  return (
    <div className="cat-pricing-editor__row">
      <NumberField
        label="Minutes"
        min={1}
        aria-label={`Minutes, ${option}`}
        value={row.durationMinutes}
        onChange={(minutes) => onChange(withMinutes(row, minutes))}
      />
      <FormField label="Duration label">
        {(control) => (
          <input
            {...control}
            className="cat-input"
            placeholder="60 min"
            aria-label={`Duration label, ${option}`}
            value={row.duration}
            onChange={(event) => onChange({ duration: event.target.value })}
          />
        )}
      </FormField>
      <NumberField
        label="Price (₹)"
        min={0}
        step={0.01}
        aria-label={`Price, ${option}`}
        value={row.price}
        onChange={(price) => onChange({ price })}
      />
      <FormField label="Label (optional)">
        {(control) => (
          <input
            {...control}
            className="cat-input"
            placeholder="Signature"
            aria-label={`Label, ${option}`}
            value={row.label}
            onChange={(event) => onChange({ label: event.target.value })}
          />
        )}
      </FormField>
      <button
        type="button"
        className="cat-icon-action cat-icon-action--danger"
        aria-label={`Remove ${option}`}
        disabled={!canRemove}
        onClick={onRemove}
      >
        <TrashIcon size={18} />
      </button>
    </div>
  );
}

/** The treatment's deposit for online bookings and what a late cancellation keeps of it. */
function DepositFields({
  draft,
  errors,
  onChange,
}: {
  draft: ServiceDraft;
  errors: ServiceFormErrors;
  onChange: (changes: Partial<ServiceDraft>) => void;
}) {
  const kind = draft.depositKind;
  return (
    <fieldset className="cat-pricing-editor">
      <legend>Deposit and cancellation</legend>
      <div className="cat-form-grid">
        <FormField
          label="Deposit"
          error={errors['depositPolicy.kind']}
          hint="Paid when booking online; the rest is paid at the spa."
        >
          {(control) => (
            <select
              {...control}
              className="cat-input"
              value={kind}
              // The value's unit changes with the kind, so what was typed for the old one is cleared.
              onChange={(event) =>
                onChange({ depositKind: event.target.value as DepositKind, depositValue: '' })
              }
            >
              {DEPOSIT_KIND_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {kind !== 'none' && (
          <NumberField
            label={kind === 'percent' ? 'Deposit (% of the price)' : 'Deposit amount (₹)'}
            required
            error={errors['depositPolicy.value']}
            hint={
              kind === 'percent'
                ? 'A whole percent from 1 to 100.'
                : 'When it would be the whole price, the booking is paid in full.'
            }
            min={1}
            max={kind === 'percent' ? 100 : undefined}
            step={kind === 'percent' ? 1 : 0.01}
            value={draft.depositValue}
            onChange={(depositValue) => onChange({ depositValue })}
          />
        )}
        {kind !== 'none' && (
          <>
            <NumberField
              label="Late cancellation within (hours)"
              error={errors['depositPolicy.lateCancellationHours']}
              hint="A cancellation closer to the start than this is late; 0: never."
              min={0}
              max={168}
              value={draft.lateCancellationHours}
              onChange={(lateCancellationHours) => onChange({ lateCancellationHours })}
            />
            <NumberField
              label="Kept on a late cancellation (% of the deposit)"
              error={errors['depositPolicy.lateCancellationFeePercent']}
              hint="The rest is refunded. A no-show keeps the whole deposit."
              min={0}
              max={100}
              value={draft.lateCancellationFeePercent}
              onChange={(lateCancellationFeePercent) => onChange({ lateCancellationFeePercent })}
            />
          </>
        )}
      </div>
    </fieldset>
  );
}

/** Add or edit a treatment: every field and rule of the spec's service form. */
export function ServiceForm({ service, categories, saving, onSave, onCancel }: ServiceFormProps) {
  const form = useForm({
    initial: () => serviceDraft(service),
    validate: validateServiceDraft,
    onSubmit: onSave,
  });
  const { values: draft, errors, update } = form;
  const [uploading, setUploading] = useState(false);

  const updateRow = (key: string, changes: Partial<PricingDraft>) =>
    update((current) => ({
      ...current,
      pricing: current.pricing.map((row) => (row.key === key ? { ...row, ...changes } : row)),
    }));

  return (
    <form className="cat-form" onSubmit={form.handleSubmit} noValidate>
      <div className="cat-form-grid">
        <FormField label="Service name" required error={errors.name}>
          {(control) => <input {...control} className="cat-input" {...form.field('name').input} autoFocus />}
        </FormField>
        <FormField label="Category" required error={errors.category}>
          {(control) => (
            <select {...control} className="cat-input" {...form.field('category').input}>
              <option value="">Select a category</option>
              {categories.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Description" className="form-field--wide">
          {(control) => (
            <textarea {...control} className="cat-input" rows={3} {...form.field('description').input} />
          )}
        </FormField>
      </div>

      <fieldset className="cat-pricing-editor">
        <legend>Pricing options</legend>
        {draft.pricing.map((row, index) => (
          <PricingRow
            key={row.key}
            row={row}
            index={index}
            canRemove={draft.pricing.length > 1}
            onChange={(changes) => updateRow(row.key, changes)}
            onRemove={() => update({ pricing: draft.pricing.filter((other) => other.key !== row.key) })}
          />
        ))}
        {errors.pricing && (
          <p className="form-field__error" role="alert">
            {errors.pricing}
          </p>
        )}
        <button
          type="button"
          className="btn btn--ghost btn--sm cat-pricing-editor__add"
          onClick={() => update({ pricing: [...draft.pricing, newPricingRow()] })}
        >
          <PlusIcon size={16} /> Add pricing option
        </button>
      </fieldset>

      <DepositFields draft={draft} errors={errors} onChange={update} />

      <fieldset className="cat-pricing-editor">
        <legend>Tax</legend>
        <div className="cat-form-grid">
          <FormField
            label="SAC code"
            required
            error={errors.sacCode}
            hint="Printed on the invoice: 999723 massage and spa, 999722 facials and nails, 999721 hair."
          >
            {(control) => (
              <input
                {...control}
                className="cat-input"
                inputMode="numeric"
                {...form.field('sacCode').input}
              />
            )}
          </FormField>
          <FormField label="GST rate" required error={errors.gstBp} hint="Included in the prices above.">
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
        </div>
      </fieldset>

      <div className="cat-form-grid">
        <FormField label="Benefits" hint="One benefit per line.">
          {(control) => (
            <textarea {...control} className="cat-input" rows={4} {...form.field('benefits').input} />
          )}
        </FormField>
        <FormField label="Tags" hint="Separated by commas, e.g. relaxing, ayurveda.">
          {(control) => <input {...control} className="cat-input" {...form.field('tags').input} />}
        </FormField>
      </div>

      <ImageUploader
        label="Images"
        images={draft.images}
        onChange={(images) => update({ images })}
        failureMessage="Failed to upload images"
        onBusyChange={setUploading}
      />

      <label className="cat-toggle">
        <input
          type="checkbox"
          checked={draft.isActive}
          onChange={(event) => update({ isActive: event.target.checked })}
        />
        Active (shown to customers)
      </label>

      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving || uploading}>
          {saving ? 'Saving…' : service ? 'Update Service' : 'Add Service'}
        </button>
      </div>
    </form>
  );
}
