import { ComingSoon } from '../../components/coming-soon';

export default function CartPage() {
  return (
    <ComingSoon
      title="Your cart"
      description="Review the items in your cart, change quantities and proceed to checkout."
    />
  );
}
