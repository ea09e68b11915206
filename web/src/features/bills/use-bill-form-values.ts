import { useCallback, useEffect, useState } from 'react';
import {
  emptyProductRow,
  emptyServiceRow,
  type BillFormValues,
  type ProductRow,
  type ServiceRow,
} from './bill-form-state';
import { lineFieldId } from './bill-line-tables';

/** Moves focus to an element by id once React has rendered it (a new row, the first invalid field). */
export function useFocusAfterRender(): (id: string | null) => void {
  // A new object per request, so asking twice for the same field focuses it twice.
  const [request, setRequest] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (request) document.getElementById(request.id)?.focus();
  }, [request]);
  return useCallback((id: string | null) => setRequest(id ? { id } : null), []);
}

type RowsKey = 'services' | 'products';

function replaceAt<Row>(rows: Row[], index: number, changes: Partial<Row>): Row[] {
  return rows.map((row, at) => (at === index ? { ...row, ...changes } : row));
}

/** The form's values and the edits the screen offers: fields, and rows added, changed and removed. */
export function useBillFormValues(initialValues: BillFormValues, focusLater: (id: string) => void) {
  const [values, setValues] = useState(initialValues);

  const setField = useCallback(
    <K extends keyof BillFormValues>(field: K, value: BillFormValues[K]) =>
      setValues((current) => ({ ...current, [field]: value })),
    [],
  );

  // The last row of each table stays: there is always a row to type into.
  const removeRow = (key: RowsKey) => (index: number) =>
    setValues((current) => {
      const rows: (ServiceRow | ProductRow)[] = current[key];
      return rows.length > 1 ? { ...current, [key]: rows.filter((_, at) => at !== index) } : current;
    });

  const services = {
    change: (index: number, changes: Partial<ServiceRow>) =>
      setValues((current) => ({ ...current, services: replaceAt(current.services, index, changes) })),
    add: () => {
      const row = emptyServiceRow();
      setValues((current) => ({ ...current, services: [...current.services, row] }));
      focusLater(lineFieldId(row, 'serviceName'));
    },
    remove: removeRow('services'),
  };

  const products = {
    change: (index: number, changes: Partial<ProductRow>) =>
      setValues((current) => ({ ...current, products: replaceAt(current.products, index, changes) })),
    add: () => {
      const row = emptyProductRow();
      setValues((current) => ({ ...current, products: [...current.products, row] }));
      focusLater(lineFieldId(row, 'productName'));
    },
    remove: removeRow('products'),
  };

  return { values, setField, services, products };
}
