import { ComingSoon } from '../../components/coming-soon';

export default function CheckoutPage() {
  return (
    <ComingSoon
      title="Checkout"
      description="Choose a delivery address and a payment method, then place your order."
    />
  );
}
