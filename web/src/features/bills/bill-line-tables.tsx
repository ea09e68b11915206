import { fromHundredths } from '@spa/rules';
import { CloseIcon, PlusIcon } from '../../components/icons';
import { formatINR } from '../../lib/format';
import type { BillFormErrors, ProductRow, ServiceRow } from './bill-form-state';
import { DURATIONS, type Duration } from './bill-types';
import { FormField } from '../../components/ui/form-field';

/** The id of a row's input, so a validation error can move focus to it. */
export const lineFieldId = (row: { key: string }, field: string) => `${row.key}-${field}`;

const LINE_LABEL = 'line-field__label';

function LineTotal({ paise }: { paise: number | null }) {
  return (
    <div className="line-total">
      <span className={LINE_LABEL}>Total</span>
      <output className="line-total__value">{paise === null ? '—' : formatINR(fromHundredths(paise))}</output>
    </div>
  );
}

function RemoveRowButton({
  label,
  onlyRow,
  onRemove,
}: {
  label: string;
  onlyRow: boolean;
  onRemove: () => void;
}) {
  return (
    <button
      type="button"
      className="line-remove"
      onClick={onRemove}
      disabled={onlyRow}
      aria-label={label}
      title={onlyRow ? 'The last row cannot be removed' : label}
    >
      <CloseIcon size={18} />
    </button>
  );
}

/** A row's problems under the whole row, each with the id its input points to. */
function RowErrors({
  row,
  fields,
  error,
}: {
  row: { key: string };
  fields: string[];
  error: (field: string) => string | undefined;
}) {
  const problems = fields.flatMap((field) => {
    const message = error(field);
    return message ? [{ field, message }] : [];
  });
  if (!problems.length) return null;
  return (
    <ul className="line-errors">
      {problems.map(({ field, message }) => (
        <li key={field} id={`${lineFieldId(row, field)}-error`} className="field-error">
          {message}
        </li>
      ))}
    </ul>
  );
}

const SERVICE_FIELDS = ['serviceName', 'price', 'gst', 'discount', 'duration', 'staffAssigned'];
const PRODUCT_FIELDS = ['productName', 'quantity', 'unitPrice', 'gst', 'discount'];

interface LinesTableProps<Row> {
  rows: Row[];
  lineTotals: (number | null)[];
  errors: BillFormErrors;
  onChange: (index: number, changes: Partial<Row>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/** A percentage cell (GST or discount): 0 to 100 in steps of 0.01. */
function PercentField<Row extends { key: string }>({
  row,
  field,
  label,
  value,
  error,
  onChange,
}: {
  row: Row;
  field: 'gst' | 'discount';
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField
      id={lineFieldId(row, field)}
      label={label}
      error={error}
      labelClassName={LINE_LABEL}
      showError={false}
    >
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

export function ServiceLinesTable({
  rows,
  lineTotals,
  errors,
  onChange,
  onAdd,
  onRemove,
}: LinesTableProps<ServiceRow>) {
  return (
    <section className="bill-card" aria-labelledby="bill-services-title">
      <h2 id="bill-services-title" className="bill-card__title">
        Services Provided
      </h2>
      <div className="line-head line-grid line-grid--services" aria-hidden="true">
        <span>Service</span>
        <span>Duration</span>
        <span>Staff assigned</span>
        <span>Price (₹)</span>
        <span>GST %</span>
        <span>Discount %</span>
        <span className="line-head__total">Total</span>
        <span />
      </div>
      <ol className="line-rows">
        {rows.map((row, index) => {
          const error = (field: string) => errors[`services.${index}.${field}`];
          const set = (changes: Partial<ServiceRow>) => onChange(index, changes);
          return (
            <li
              key={row.key}
              className="line-row line-grid line-grid--services"
              aria-label={`Service ${index + 1}`}
            >
              <FormField
                id={lineFieldId(row, 'serviceName')}
                label="Service"
                error={error('serviceName')}
                labelClassName={LINE_LABEL}
                showError={false}
                className="line-grid__name"
              >
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    autoComplete="off"
                    placeholder="e.g. Swedish Massage"
                    value={row.serviceName}
                    onChange={(event) => set({ serviceName: event.target.value })}
                  />
                )}
              </FormField>
              <FormField id={lineFieldId(row, 'duration')} label="Duration" labelClassName={LINE_LABEL}>
                {(control) => (
                  <select
                    {...control}
                    value={row.duration}
                    onChange={(event) => set({ duration: event.target.value as Duration })}
                  >
                    {DURATIONS.map((duration) => (
                      <option key={duration} value={duration}>
                        {duration}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField
                id={lineFieldId(row, 'staffAssigned')}
                label="Staff assigned"
                labelClassName={LINE_LABEL}
              >
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    autoComplete="off"
                    value={row.staffAssigned}
                    onChange={(event) => set({ staffAssigned: event.target.value })}
                  />
                )}
              </FormField>
              <FormField
                id={lineFieldId(row, 'price')}
                label="Price (₹)"
                error={error('price')}
                labelClassName={LINE_LABEL}
                showError={false}
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    placeholder="0.00"
                    value={row.price}
                    onChange={(event) => set({ price: event.target.value })}
                  />
                )}
              </FormField>
              <PercentField
                row={row}
                field="gst"
                label="GST %"
                value={row.gst}
                error={error('gst')}
                onChange={(gst) => set({ gst })}
              />
              <PercentField
                row={row}
                field="discount"
                label="Discount %"
                value={row.discount}
                error={error('discount')}
                onChange={(discount) => set({ discount })}
              />
              <LineTotal paise={lineTotals[index] ?? null} />
              <RemoveRowButton
                label={`Remove service ${index + 1}`}
                onlyRow={rows.length === 1}
                onRemove={() => onRemove(index)}
              />
              <RowErrors row={row} fields={SERVICE_FIELDS} error={error} />
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn--ghost btn--sm line-add" onClick={onAdd}>
        <PlusIcon size={16} /> Add service
      </button>
    </section>
  );
}

export function ProductLinesTable({
  rows,
  lineTotals,
  errors,
  onChange,
  onAdd,
  onRemove,
}: LinesTableProps<ProductRow>) {
  return (
    <section className="bill-card" aria-labelledby="bill-products-title">
      <h2 id="bill-products-title" className="bill-card__title">
        Products Sold
      </h2>
      <div className="line-head line-grid line-grid--products" aria-hidden="true">
        <span>Product</span>
        <span>Quantity</span>
        <span>Unit price (₹)</span>
        <span>GST %</span>
        <span>Discount %</span>
        <span className="line-head__total">Total</span>
        <span />
      </div>
      <ol className="line-rows">
        {rows.map((row, index) => {
          const error = (field: string) => errors[`products.${index}.${field}`];
          const set = (changes: Partial<ProductRow>) => onChange(index, changes);
          return (
            <li
              key={row.key}
              className="line-row line-grid line-grid--products"
              aria-label={`Product ${index + 1}`}
            >
              <FormField
                id={lineFieldId(row, 'productName')}
                label="Product"
                error={error('productName')}
                labelClassName={LINE_LABEL}
                showError={false}
                className="line-grid__name"
              >
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    autoComplete="off"
                    placeholder="e.g. Lavender Oil"
                    value={row.productName}
                    onChange={(event) => set({ productName: event.target.value })}
                  />
                )}
              </FormField>
              <FormField
                id={lineFieldId(row, 'quantity')}
                label="Quantity"
                error={error('quantity')}
                labelClassName={LINE_LABEL}
                showError={false}
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={row.quantity}
                    onChange={(event) => set({ quantity: event.target.value })}
                  />
                )}
              </FormField>
              <FormField
                id={lineFieldId(row, 'unitPrice')}
                label="Unit price (₹)"
                error={error('unitPrice')}
                labelClassName={LINE_LABEL}
                showError={false}
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    placeholder="0.00"
                    value={row.unitPrice}
                    onChange={(event) => set({ unitPrice: event.target.value })}
                  />
                )}
              </FormField>
              <PercentField
                row={row}
                field="gst"
                label="GST %"
                value={row.gst}
                error={error('gst')}
                onChange={(gst) => set({ gst })}
              />
              <PercentField
                row={row}
                field="discount"
                label="Discount %"
                value={row.discount}
                error={error('discount')}
                onChange={(discount) => set({ discount })}
              />
              <LineTotal paise={lineTotals[index] ?? null} />
              <RemoveRowButton
                label={`Remove product ${index + 1}`}
                onlyRow={rows.length === 1}
                onRemove={() => onRemove(index)}
              />
              <RowErrors row={row} fields={PRODUCT_FIELDS} error={error} />
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn--ghost btn--sm line-add" onClick={onAdd}>
        <PlusIcon size={16} /> Add product
      </button>
    </section>
  );
}
