import type { BillFormErrors, BillFormValues } from './bill-form-state';
import { GENDERS, type Gender } from './bill-types';
import { FormField } from '../../components/ui/form-field';

type CustomerField = 'name' | 'customerId' | 'phone' | 'email' | 'gender' | 'date' | 'roomNo';

interface BillCustomerFieldsProps {
  values: Pick<BillFormValues, CustomerField>;
  errors: BillFormErrors;
  onChange: <K extends CustomerField>(field: K, value: BillFormValues[K]) => void;
}

export const customerFieldId = (field: CustomerField) => `bill-${field}`;

/** Name, Customer ID, Phone, Gender, Date, Room No. and the optional email for the invoice. */
export function BillCustomerFields({ values, errors, onChange }: BillCustomerFieldsProps) {
  const text = (field: Exclude<CustomerField, 'gender'>) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });

  return (
    <section className="bill-card" aria-labelledby="bill-customer-title">
      <h2 id="bill-customer-title" className="bill-card__title">
        Customer
      </h2>
      <div className="bill-customer">
        <FormField id={customerFieldId('name')} label="Name" required error={errors.name}>
          {(control) => <input {...control} type="text" autoComplete="off" {...text('name')} />}
        </FormField>
        <FormField id={customerFieldId('customerId')} label="Customer ID" required error={errors.customerId}>
          {(control) => <input {...control} type="text" autoComplete="off" {...text('customerId')} />}
        </FormField>
        <FormField id={customerFieldId('phone')} label="Phone" required error={errors.phone}>
          {(control) => (
            <input {...control} type="tel" autoComplete="off" inputMode="tel" {...text('phone')} />
          )}
        </FormField>
        <FormField id={customerFieldId('gender')} label="Gender">
          {(control) => (
            <select
              {...control}
              value={values.gender}
              onChange={(event) => onChange('gender', event.target.value as Gender)}
            >
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {gender}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={customerFieldId('date')} label="Date" required error={errors.date}>
          {(control) => <input {...control} type="date" {...text('date')} />}
        </FormField>
        <FormField id={customerFieldId('roomNo')} label="Room No.">
          {(control) => <input {...control} type="text" autoComplete="off" {...text('roomNo')} />}
        </FormField>
        <FormField
          id={customerFieldId('email')}
          label="Email (optional)"
          hint="To email the invoice"
          error={errors.email}
          className="bill-customer__email"
        >
          {(control) => <input {...control} type="email" autoComplete="off" {...text('email')} />}
        </FormField>
      </div>
    </section>
  );
}
