import { useState, type ComponentType } from 'react';
import { SubTabs } from '../../../components/ui/sub-tabs';
import { ProductCategoryManager } from './product-category-manager';
import { ProductManager } from './product-manager';
import { SubcategoryManager } from './subcategory-manager';
import '../../../components/ui/admin.css';
import '../../../components/ui/badge.css';

const TABS = [
  { value: 'products', label: 'Products' },
  { value: 'categories', label: 'Product Categories' },
  { value: 'subcategories', label: 'Subcategories' },
] as const;

type Tab = (typeof TABS)[number]['value'];

const PANELS: Record<Tab, ComponentType> = {
  products: ProductManager,
  categories: ProductCategoryManager,
  subcategories: SubcategoryManager,
};

/** The admin panel's Products tab: products, product categories and subcategories. */
export default function ProductsTab() {
  const [tab, setTab] = useState<Tab>('products');
  const Panel = PANELS[tab];
  return (
    <SubTabs label="Products, categories and subcategories" tabs={TABS} value={tab} onChange={setTab}>
      <Panel />
    </SubTabs>
  );
}
