import { ComingSoon } from '../../components/coming-soon';

export default function ProductDetailPage() {
  return (
    <ComingSoon
      title="Product details"
      description="Photos, description, price and stock of a product, with quantity and Add to Cart."
    />
  );
}
