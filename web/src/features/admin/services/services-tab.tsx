import { useState } from 'react';
import { SubTabs } from '../../../components/ui/sub-tabs';
import { CategoryManager } from './category-manager';
import { ServiceManager } from './service-manager';
import '../../../components/ui/admin.css';
import '../../../components/ui/badge.css';

const TABS = [
  { value: 'services', label: 'Services' },
  { value: 'categories', label: 'Categories' },
] as const;

type Tab = (typeof TABS)[number]['value'];

/** The admin panel's Services tab: Service Management and Category Management. */
export default function ServicesTab() {
  const [tab, setTab] = useState<Tab>('services');
  return (
    <SubTabs label="Services and categories" tabs={TABS} value={tab} onChange={setTab}>
      {tab === 'services' ? <ServiceManager /> : <CategoryManager />}
    </SubTabs>
  );
}
