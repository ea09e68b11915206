import { useState } from 'react';
import { PageTitle } from '../../components/page-title';
import { todayInIndia } from './bill-dates';
import { BillForm } from './bill-form';
import { newBillForm } from './bill-form-state';

export default function BillCreatePage() {
  const [initialValues] = useState(() => newBillForm(todayInIndia()));
  return (
    <div className="bill-page container">
      <PageTitle title="Create bill" />
      <header className="bill-page__header">
        <span className="eyebrow">New invoice</span>
        <h1>Create Bill</h1>
        <p className="muted">Services and products with GST and discounts; the totals update as you type.</p>
      </header>
      <BillForm initialValues={initialValues} />
    </div>
  );
}
