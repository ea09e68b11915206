import { ComingSoon } from '../../../components/coming-soon';

/** The admin panel's Products tab. */
export default function ProductsTab() {
  return <ComingSoon title="Products" description="Products, product categories and subcategories." />;
}
