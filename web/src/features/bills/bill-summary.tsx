import type { ReactNode } from 'react';
import { fromHundredths } from '@spa/rules';
import { formatINR } from '../../lib/format';
import type { BillFormErrors, BillFormValues, FormTotals } from './bill-form-state';
import { PAYMENT_METHODS, type PaymentMethod } from './bill-types';
import { FormField } from '../../components/ui/form-field';

type SummaryField = 'discountPercent' | 'paymentMethod' | 'advanceAmount';

interface BillSummaryProps {
  values: Pick<BillFormValues, SummaryField>;
  totals: FormTotals;
  errors: BillFormErrors;
  onChange: <K extends SummaryField>(field: K, value: BillFormValues[K]) => void;
  /** The save button and its messages, under the totals. */
  children?: ReactNode;
}

export const summaryFieldId = (field: SummaryField) => `bill-${field}`;

const money = (paise: number) => formatINR(fromHundredths(paise));
const percentLabel = (text: string) => `${text.trim() || '0'}%`;

/** Discount %, payment method, advance and the live totals (the server computes the stored ones the same way). */
export function BillSummary({ values, totals, errors, onChange, children }: BillSummaryProps) {
  return (
    <section className="bill-card bill-summary" aria-labelledby="bill-summary-title">
      <h2 id="bill-summary-title" className="bill-card__title">
        Summary
      </h2>
      <div className="bill-summary__grid">
        <div className="bill-summary__inputs">
          <FormField id={summaryFieldId('discountPercent')} label="Discount %" error={errors.discountPercent}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={0.01}
                value={values.discountPercent}
                onChange={(event) => onChange('discountPercent', event.target.value)}
              />
            )}
          </FormField>
          <FormField id={summaryFieldId('paymentMethod')} label="Payment Method">
            {(control) => (
              <select
                {...control}
                value={values.paymentMethod}
                onChange={(event) => onChange('paymentMethod', event.target.value as PaymentMethod)}
              >
                {PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {method}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            id={summaryFieldId('advanceAmount')}
            label="Advance Amount (₹)"
            error={errors.advanceAmount}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={values.advanceAmount}
                onChange={(event) => onChange('advanceAmount', event.target.value)}
              />
            )}
          </FormField>
        </div>
        <div className="bill-summary__side">
          <dl className="bill-totals" aria-live="polite">
            <div>
              <dt>Sub Total</dt>
              <dd data-testid="bill-sub-total">{money(totals.subTotal)}</dd>
            </div>
            <div>
              <dt>Discount ({percentLabel(values.discountPercent)})</dt>
              <dd data-testid="bill-discount">− {money(totals.discount)}</dd>
            </div>
            <div>
              <dt>Advance</dt>
              <dd data-testid="bill-advance">+ {money(totals.advance)}</dd>
            </div>
            <div className="bill-totals__grand">
              <dt>Total Price</dt>
              <dd data-testid="bill-total">{money(totals.total)}</dd>
            </div>
          </dl>
          {children}
        </div>
      </div>
    </section>
  );
}
