import { fromHundredths } from '@spa/rules';
import type { InputHTMLAttributes, ReactNode } from 'react';
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

type LineInputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

const TEXT: LineInputAttributes = { type: 'text', autoComplete: 'off' };
/** Rupees: 0 or more, to the paisa. */
const MONEY: LineInputAttributes = {
  type: 'number',
  inputMode: 'decimal',
  min: 0,
  step: 0.01,
  placeholder: '0.00',
};
/** A percentage (GST or discount): 0 to 100 in steps of 0.01. */
const PERCENT: LineInputAttributes = { type: 'number', inputMode: 'decimal', min: 0, max: 100, step: 0.01 };

/**
 * One input cell of a line: its label (shown where the column headings are not), the input bound to
 * the row's field, and, when it has a problem, aria-invalid pointing at the row's error list.
 */
function LineInput<Field extends string, Row extends { key: string } & Record<Field, string>>({
  row,
  field,
  label,
  error,
  set,
  className,
  ...input
}: {
  row: Row;
  field: Field;
  label: string;
  /** The field's problem, listed under the row (RowErrors); left out, the field is never marked. */
  error?: string;
  set: (changes: Partial<Row>) => void;
  /** The form field's class (`line-grid__name` for the wide name cell). */
  className?: string;
} & LineInputAttributes) {
  return (
    <FormField
      id={lineFieldId(row, field)}
      label={label}
      error={error}
      labelClassName={LINE_LABEL}
      showError={false}
      className={className}
    >
      {(control) => (
        <input
          {...control}
          {...input}
          value={row[field]}
          onChange={(event) => set({ [field]: event.target.value } as Partial<Row>)}
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
              <LineInput row={row} field="gst" label="GST %" error={error('gst')} set={set} {...PERCENT} />
              <LineInput
                row={row}
                field="discount"
                label="Discount %"
                error={error('discount')}
                set={set}
                {...PERCENT}
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
      <LineInput
        row={row}
        field="serviceName"
        label="Service"
        error={error('serviceName')}
        set={set}
        className="line-grid__name"
        placeholder="e.g. Swedish Massage"
        {...TEXT}
      />
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
      <LineInput row={row} field="staffAssigned" label="Staff assigned" set={set} {...TEXT} />
      <LineInput row={row} field="price" label="Price (₹)" error={error('price')} set={set} {...MONEY} />
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
      <LineInput
        row={row}
        field="productName"
        label="Product"
        error={error('productName')}
        set={set}
        className="line-grid__name"
        placeholder="e.g. Lavender Oil"
        {...TEXT}
      />
      <LineInput
        row={row}
        field="quantity"
        label="Quantity"
        error={error('quantity')}
        set={set}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
      />
      <LineInput
        row={row}
        field="unitPrice"
        label="Unit price (₹)"
        error={error('unitPrice')}
        set={set}
        {...MONEY}
      />
    </>
  ),
};

export function ServiceLinesTable(props: LinesTableProps<ServiceRow>) {
  return <LinesTable kind={SERVICE_LINES} {...props} />;
}

export function ProductLinesTable(props: LinesTableProps<ProductRow>) {
  return <LinesTable kind={PRODUCT_LINES} {...props} />;
}
