import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { getErrorMessage, isApiError } from '../../lib/api';
import { BillCustomerFields, customerFieldId } from './bill-customer-fields';
import {
  computeFormTotals,
  serverFieldErrors,
  toBillInput,
  validateBillForm,
  type BillFormErrors,
  type BillFormValues,
} from './bill-form-state';
import { lineFieldId, ProductLinesTable, ServiceLinesTable } from './bill-line-tables';
import { BillSummary, summaryFieldId } from './bill-summary';
import { useSaveBill } from './bills-api';
import { FormBanner, type Banner } from './form-banner';
import { useBillFormValues, useFocusAfterRender } from './use-bill-form-values';
import './bill-form.css';

/** How long the success banner stays before the bill's own page opens. */
const SUCCESS_PAUSE_MS = 900;

const TEXT = {
  create: {
    submit: 'Generate Bill',
    success: 'Bill created successfully!',
    failure: 'Something went wrong while creating the bill.',
  },
  edit: {
    submit: 'Save Changes',
    success: 'Bill updated successfully!',
    failure: 'Something went wrong while updating the bill.',
  },
} as const;

const CUSTOMER_FIELDS = ['name', 'customerId', 'phone', 'date', 'email'] as const;
const SUMMARY_FIELDS = ['discountPercent', 'advanceAmount'] as const;
/** Form order, so focus lands on the first problem a reader meets. */
const ERROR_ORDER = [...CUSTOMER_FIELDS, 'services', 'products', 'lines', ...SUMMARY_FIELDS];

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The id of the input an error key such as "name" or "services.2.price" belongs to. */
function fieldIdForError(key: string, values: BillFormValues): string | null {
  const [group = '', index, field] = key.split('.');
  if (isOneOf(CUSTOMER_FIELDS, group)) return customerFieldId(group);
  if (isOneOf(SUMMARY_FIELDS, group)) return summaryFieldId(group);
  // No line at all: start with the first service.
  if (group === 'lines') return values.services[0] ? lineFieldId(values.services[0], 'serviceName') : null;
  const rows: { key: string }[] = group === 'services' ? values.services : values.products;
  const row = rows[Number(index)];
  return row && field ? lineFieldId(row, field) : null;
}

function firstErrorKey(errors: BillFormErrors): string | undefined {
  const keys = Object.keys(errors);
  for (const prefix of ERROR_ORDER) {
    const key = keys.find((candidate) => candidate === prefix || candidate.startsWith(`${prefix}.`));
    if (key) return key;
  }
  return keys[0];
}

interface BillFormProps {
  initialValues: BillFormValues;
  /** Set when editing: the bill is saved with PUT /bills/:id. */
  billId?: string;
}

/** The one bill form of /bills/create and /bills/edit/:id (spec sections 2 and 5). */
export function BillForm({ initialValues, billId }: BillFormProps) {
  const mode = billId ? 'edit' : 'create';
  const text = TEXT[mode];
  const navigate = useNavigate();
  const save = useSaveBill(billId);
  const focusLater = useFocusAfterRender();
  const { values, setField, services, products } = useBillFormValues(initialValues, focusLater);
  const [submitted, setSubmitted] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  // The server's field problems belong to the values that were sent; any change makes them stale.
  const [serverProblems, setServerProblems] = useState<{ values: BillFormValues; errors: BillFormErrors }>();
  const [done, setDone] = useState(false);
  const navigateTimer = useRef<number | undefined>(undefined);

  const totals = useMemo(() => computeFormTotals(values), [values]);
  // Errors appear once a save was tried, then follow every change.
  const errors = useMemo(() => {
    const fromServer = serverProblems?.values === values ? serverProblems.errors : {};
    return { ...fromServer, ...(submitted ? validateBillForm(values) : {}) };
  }, [submitted, values, serverProblems]);

  useEffect(() => () => window.clearTimeout(navigateTimer.current), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || done) return;
    setSubmitted(true);
    const problems = validateBillForm(values);
    const firstKey = firstErrorKey(problems);
    if (firstKey) {
      setBanner(null);
      focusLater(fieldIdForError(firstKey, values));
      return;
    }
    setBanner(null);
    try {
      const bill = await save.mutateAsync(toBillInput(values));
      setDone(true);
      setBanner({ type: 'success', message: text.success });
      navigateTimer.current = window.setTimeout(
        () => void navigate(paths.billView(bill._id), { state: { flash: text.success } }),
        SUCCESS_PAUSE_MS,
      );
    } catch (error) {
      setBanner({ type: 'error', message: getErrorMessage(error, text.failure) });
      if (isApiError(error)) setServerProblems({ values, errors: serverFieldErrors(error.details, values) });
    }
  };

  const busy = save.isPending || done;

  return (
    <form
      className="bill-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={save.isPending}
    >
      <BillCustomerFields values={values} errors={errors} onChange={setField} />
      <ServiceLinesTable
        rows={values.services}
        lineTotals={totals.serviceLineTotals}
        errors={errors}
        onChange={services.change}
        onAdd={services.add}
        onRemove={services.remove}
      />
      <ProductLinesTable
        rows={values.products}
        lineTotals={totals.productLineTotals}
        errors={errors}
        onChange={products.change}
        onAdd={products.add}
        onRemove={products.remove}
      />
      {errors.lines && (
        <p className="field-error bill-form__lines-error" role="alert">
          {errors.lines}
        </p>
      )}
      <BillSummary values={values} totals={totals} errors={errors} onChange={setField}>
        <div className="bill-form__actions">
          {banner && <FormBanner banner={banner} />}
          {save.isPending && (
            <p className="bill-form__saving" role="status">
              <span className="bill-form__spinner" aria-hidden="true" /> Saving bill...
            </p>
          )}
          <button type="submit" className="btn btn--primary bill-form__submit" disabled={busy}>
            {text.submit}
          </button>
        </div>
      </BillSummary>
    </form>
  );
}
