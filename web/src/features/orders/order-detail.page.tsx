import { ComingSoon } from '../../components/coming-soon';

export default function OrderDetailPage() {
  return (
    <ComingSoon
      title="Order details"
      description="Items, shipping address, payment and delivery status of one of your orders."
    />
  );
}
