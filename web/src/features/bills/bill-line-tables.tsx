import { fromHundredths } from '@spa/rules';
import type { ReactNode } from 'react';
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

/** What differs between the bill's two line tables; the rest of a line is the same in both. */
interface LineKind<Row> {
  /** 'services' or 'products': the error paths, the grid's class and the title's id. */
  group: 'services' | 'products';
  /** "Service", "Product": the row's and the remove button's name, the add button's object. */
  noun: string;
  title: string;
  /** The headings of the columns before GST %, Discount %, Total. */
  headings: string[];
  /** Every field of a row, in the order its problems are listed under it. */
  fields: string[];
  /** The row's own cells, before the GST and discount cells. */
  cells: (
    row: Row,
    error: (field: string) => string | undefined,
    set: (changes: Partial<Row>) => void,
  ) => ReactNode;
}

/**
 * One line table of the bill: a heading row, one row per line (its own cells, then GST %, Discount %,
 * the line's total, a remove button and its problems), and an add button.
 */
function LinesTable<Row extends { key: string; gst: string; discount: string }>({
  kind,
  rows,
  lineTotals,
  errors,
  onChange,
  onAdd,
  onRemove,
}: LinesTableProps<Row> & { kind: LineKind<Row> }) {
  const noun = kind.noun.toLowerCase();
  const titleId = `bill-${kind.group}-title`;
  const grid = `line-grid line-grid--${kind.group}`;
  return (
    <section className="bill-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="bill-card__title">
        {kind.title}
      </h2>
      <div className={`line-head ${grid}`} aria-hidden="true">
        {kind.headings.map((heading) => (
          <span key={heading}>{heading}</span>
        ))}
        <span>GST %</span>
        <span>Discount %</span>
        <span className="line-head__total">Total</span>
        <span />
      </div>
      <ol className="line-rows">
        {rows.map((row, index) => {
          const error = (field: string) => errors[`${kind.group}.${index}.${field}`];
          const set = (changes: Partial<Row>) => onChange(index, changes);
          return (
            <li key={row.key} className={`line-row ${grid}`} aria-label={`${kind.noun} ${index + 1}`}>
              {kind.cells(row, error, set)}
              <PercentField
                row={row}
                field="gst"
                label="GST %"
                value={row.gst}
                error={error('gst')}
                onChange={(gst) => set({ gst } as Partial<Row>)}
              />
              <PercentField
                row={row}
                field="discount"
                label="Discount %"
                value={row.discount}
                error={error('discount')}
                onChange={(discount) => set({ discount } as Partial<Row>)}
              />
              <LineTotal paise={lineTotals[index] ?? null} />
              <RemoveRowButton
                label={`Remove ${noun} ${index + 1}`}
                onlyRow={rows.length === 1}
                onRemove={() => onRemove(index)}
              />
              <RowErrors row={row} fields={kind.fields} error={error} />
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn--ghost btn--sm line-add" onClick={onAdd}>
        <PlusIcon size={16} /> Add {noun}
      </button>
    </section>
  );
}

const SERVICE_LINES: LineKind<ServiceRow> = {
  group: 'services',
  noun: 'Service',
  title: 'Services Provided',
  headings: ['Service', 'Duration', 'Staff assigned', 'Price (₹)'],
  fields: SERVICE_FIELDS,
  cells: (row, error, set) => (
    <>
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
      <FormField id={lineFieldId(row, 'staffAssigned')} label="Staff assigned" labelClassName={LINE_LABEL}>
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
    </>
  ),
};

const PRODUCT_LINES: LineKind<ProductRow> = {
  group: 'products',
  noun: 'Product',
  title: 'Products Sold',
  headings: ['Product', 'Quantity', 'Unit price (₹)'],
  fields: PRODUCT_FIELDS,
  cells: (row, error, set) => (
    <>
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
    </>
  ),
};

export function ServiceLinesTable(props: LinesTableProps<ServiceRow>) {
  return <LinesTable kind={SERVICE_LINES} {...props} />;
}

export function ProductLinesTable(props: LinesTableProps<ProductRow>) {
  return <LinesTable kind={PRODUCT_LINES} {...props} />;
}
