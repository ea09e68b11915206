import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/ui/form-field';
import { getErrorMessage } from '../../lib/api';
import { useDebouncedValue } from '../bills/use-debounced-value';
import { fetchProductPage } from '../catalogue/catalogue.api';
import type { Product } from '../catalogue/types';
import type { SaleTotals } from '@spa/rules';
import { formatPaise, rupeesToPaise } from './money';
import {
  addonLine,
  productLine,
  tipLine,
  type DraftErrors,
  type DraftLine,
  type SaleDraft,
} from './sale-draft';
import type { Therapist } from './therapists';

const KIND_LABEL: Record<DraftLine['kind'], string> = {
  service: 'Treatment',
  product: 'Product',
  addon: 'Add-on',
  tip: 'Tip',
};

type Update = (change: (draft: SaleDraft) => SaleDraft) => void;

const withLine = (key: string, change: Partial<DraftLine>) => (draft: SaleDraft) => ({
  ...draft,
  lines: draft.lines.map((line) => (line.key === key ? { ...line, ...change } : line)),
});

/**
 * The sale's lines. A visit's treatment keeps its price (the server's); a product's quantity, an
 * add-on's name and price and a tip's amount are the desk's; every line but a tip takes a discount
 * with its reason. Each line's live total is the rules' own.
 */
export function SaleLines({
  draft,
  totals,
  errors,
  editable,
  update,
}: {
  draft: SaleDraft;
  totals: SaleTotals | null;
  errors: DraftErrors;
  editable: boolean;
  update: Update;
}) {
  // The totals come back for the lines that read, in order; a line still being typed shows none.
  const valid = draft.lines.filter(
    (line) => !Object.keys(errors).some((key) => key.startsWith(`lines.${line.key}.`)),
  );
  const totalOf = (line: DraftLine) => {
    const index = valid.indexOf(line);
    return index >= 0 ? totals?.lines[index]?.total : undefined;
  };
  if (draft.lines.length === 0)
    return <p className="muted">No items yet: add a product, an add-on or a tip.</p>;
  return (
    <ul className="counter-lines">
      {draft.lines.map((line) => {
        const at = `lines.${line.key}`;
        const fixedPrice = line.kind === 'service' || line.kind === 'product';
        return (
          <li key={line.key} className={`counter-line counter-line--${line.kind}`}>
            <div className="counter-line__head">
              <span className="cat-badge cat-badge--muted">{KIND_LABEL[line.kind]}</span>
              {line.kind === 'addon' && editable ? (
                <FormField label="Add-on" error={errors[`${at}.name`]} className="counter-line__name">
                  {(control) => (
                    <input
                      {...control}
                      className="cat-input"
                      value={line.name}
                      onChange={(event) => update(withLine(line.key, { name: event.target.value }))}
                    />
                  )}
                </FormField>
              ) : (
                <strong className="counter-line__name">{line.name}</strong>
              )}
              <span className="counter-line__total">{formatPaise(totalOf(line))}</span>
            </div>
            <p className="counter-line__meta muted">
              {[
                line.kind === 'tip'
                  ? `For ${line.employeeName}`
                  : line.employeeName && `Therapist ${line.employeeName}`,
                line.roomNumber && `Room ${line.roomNumber}`,
                line.kind !== 'tip' && `GST ${line.gstBp / 100}% incl.`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {errors[`${at}.employee`] && (
              <p className="form-field__error" role="alert">
                {errors[`${at}.employee`]}
              </p>
            )}
            <div className="counter-line__fields">
              <FormField label="Qty" error={errors[`${at}.quantity`]}>
                {(control) => (
                  <input
                    {...control}
                    className="cat-input counter-input--short"
                    inputMode="numeric"
                    readOnly={!editable || line.kind !== 'product'}
                    value={line.quantity}
                    onChange={(event) => update(withLine(line.key, { quantity: event.target.value }))}
                  />
                )}
              </FormField>
              <FormField
                label={line.kind === 'tip' ? 'Tip (₹)' : 'Price (₹, incl. GST)'}
                error={errors[`${at}.unitPrice`]}
              >
                {(control) => (
                  <input
                    {...control}
                    className="cat-input counter-input--money"
                    inputMode="decimal"
                    readOnly={!editable || fixedPrice}
                    value={line.unitPrice}
                    onChange={(event) => update(withLine(line.key, { unitPrice: event.target.value }))}
                  />
                )}
              </FormField>
              {line.kind !== 'tip' && (
                <>
                  <FormField label="Discount (₹)" error={errors[`${at}.lineDiscount`]}>
                    {(control) => (
                      <input
                        {...control}
                        className="cat-input counter-input--money"
                        inputMode="decimal"
                        readOnly={!editable}
                        value={line.lineDiscount}
                        onChange={(event) => update(withLine(line.key, { lineDiscount: event.target.value }))}
                      />
                    )}
                  </FormField>
                  {(line.lineDiscount.trim() || line.lineDiscountReason) && (
                    <FormField label="Reason" error={errors[`${at}.lineDiscountReason`]}>
                      {(control) => (
                        <input
                          {...control}
                          className="cat-input"
                          readOnly={!editable}
                          value={line.lineDiscountReason}
                          onChange={(event) =>
                            update(withLine(line.key, { lineDiscountReason: event.target.value }))
                          }
                        />
                      )}
                    </FormField>
                  )}
                </>
              )}
              {editable && line.kind !== 'service' && (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm counter-line__remove"
                  aria-label={`Remove ${line.name || KIND_LABEL[line.kind]}`}
                  onClick={() =>
                    update((current) => ({
                      ...current,
                      lines: current.lines.filter((other) => other.key !== line.key),
                    }))
                  }
                >
                  Remove
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The ways to add a line: a product from the catalogue, an add-on, a tip for a therapist. */
export function AddLines({ update, therapists }: { update: Update; therapists: Therapist[] }) {
  const [adding, setAdding] = useState<'product' | 'addon' | 'tip' | null>(null);
  const add = (line: DraftLine) => {
    update((draft) => ({ ...draft, lines: [...draft.lines, line] }));
    setAdding(null);
  };
  return (
    <div className="counter-add">
      <div className="counter-add__buttons" role="group" aria-label="Add to the sale">
        {(['product', 'addon', 'tip'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="btn btn--secondary btn--sm"
            aria-pressed={adding === kind}
            onClick={() => setAdding(adding === kind ? null : kind)}
          >
            + {kind === 'product' ? 'Product' : kind === 'addon' ? 'Add-on' : 'Tip'}
          </button>
        ))}
      </div>
      {adding === 'product' && <ProductPicker onPick={add} />}
      {adding === 'addon' && <AddonForm onAdd={add} />}
      {adding === 'tip' && <TipForm therapists={therapists} onAdd={add} />}
    </div>
  );
}

const productId = (product: Product) => product._id ?? product.id ?? '';
/** The product's own GST rate, where the catalogue answers one (the preview's split uses it). */
const gstBpOf = (product: Product) => {
  const rate = (product as Product & { gstBp?: unknown }).gstBp;
  return typeof rate === 'number' && Number.isInteger(rate) ? rate : undefined;
};

/** Searches the catalogue's products by name; a pick adds it with the quantity chosen. */
function ProductPicker({ onPick }: { onPick: (line: DraftLine) => void }) {
  const [text, setText] = useState('');
  const [quantity, setQuantity] = useState('1');
  const search = useDebouncedValue(text.trim(), 250);
  const results = useQuery({
    queryKey: ['catalogue', 'counter-products', search],
    queryFn: () => fetchProductPage({ search, page: 1, pageSize: 8 }),
    enabled: search.length > 0,
  });
  const quantityOk = /^\d+$/.test(quantity.trim()) && Number(quantity) >= 1 && Number(quantity) <= 1000;
  return (
    <div className="counter-picker">
      <div className="counter-picker__fields">
        <FormField label="Find a product">
          {(control) => (
            <input
              {...control}
              className="cat-input"
              type="search"
              placeholder="Name of the product"
              autoFocus
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Qty" error={quantityOk ? undefined : 'From 1 to 1000'}>
          {(control) => (
            <input
              {...control}
              className="cat-input counter-input--short"
              inputMode="numeric"
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
            />
          )}
        </FormField>
      </div>
      {results.error && (
        <p className="form-field__error" role="alert">
          {getErrorMessage(results.error, 'The products could not be searched.')}
        </p>
      )}
      {search && results.isPending && <p className="muted">Searching…</p>}
      {results.data && results.data.items.length === 0 && <p className="muted">No product matches.</p>}
      {results.data && results.data.items.length > 0 && (
        <ul className="counter-picker__results">
          {results.data.items.map((product) => (
            <li key={productId(product)}>
              <button
                type="button"
                className="counter-picker__result"
                disabled={!quantityOk || product.stock <= 0}
                onClick={() =>
                  onPick({
                    ...productLine({
                      id: productId(product),
                      name: product.name,
                      price: product.price,
                      gstBp: gstBpOf(product),
                    }),
                    quantity: quantity.trim(),
                  })
                }
              >
                <span>{product.name}</span>
                <span className="muted">
                  {formatPaise(rupeesToPaise(String(product.price)))} ·{' '}
                  {product.stock > 0 ? `${product.stock} in stock` : 'Out of stock'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddonForm({ onAdd }: { onAdd: (line: DraftLine) => void }) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<{ name?: string; price?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : 'Name the add-on',
      price: rupeesToPaise(price) === null ? 'Enter the price in rupees' : undefined,
    };
    setErrors(next);
    if (!next.name && !next.price) onAdd(addonLine(name.trim(), price.trim()));
  };
  return (
    <form className="counter-inline-form" onSubmit={submit} aria-label="Add an add-on">
      <FormField label="Add-on" error={errors.name}>
        {(control) => (
          <input
            {...control}
            className="cat-input"
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Price (₹, incl. 5% GST)" error={errors.price}>
        {(control) => (
          <input
            {...control}
            className="cat-input counter-input--money"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="btn btn--primary btn--sm">
        Add
      </button>
    </form>
  );
}

function TipForm({ therapists, onAdd }: { therapists: Therapist[]; onAdd: (line: DraftLine) => void }) {
  const [employeeId, setEmployeeId] = useState(therapists[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ employee?: string; amount?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const therapist = therapists.find((one) => one.id === employeeId);
    const paise = rupeesToPaise(amount);
    const next = {
      employee: therapist ? undefined : 'Choose the therapist',
      amount: paise === null || paise === 0 ? 'Enter the tip in rupees' : undefined,
    };
    setErrors(next);
    if (therapist && !next.amount) onAdd(tipLine(therapist, amount.trim()));
  };
  return (
    <form className="counter-inline-form" onSubmit={submit} aria-label="Add a tip">
      <FormField label="Therapist" error={errors.employee}>
        {(control) => (
          <select
            {...control}
            className="cat-input"
            value={employeeId}
            onChange={(e) => setEmployeeId(e.target.value)}
          >
            <option value="">Choose…</option>
            {therapists.map((therapist) => (
              <option key={therapist.id} value={therapist.id}>
                {therapist.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Tip (₹, no GST)" error={errors.amount}>
        {(control) => (
          <input
            {...control}
            className="cat-input counter-input--money"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="btn btn--primary btn--sm">
        Add tip
      </button>
    </form>
  );
}
