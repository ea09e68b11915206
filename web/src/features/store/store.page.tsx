import { ComingSoon } from '../../components/coming-soon';

export default function StorePage() {
  return (
    <ComingSoon
      title="Store"
      description="Browse our spa products by category, with prices and stock, and add them to your cart."
    />
  );
}
