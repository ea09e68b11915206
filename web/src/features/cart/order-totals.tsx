import { formatINR } from '../../lib/format';

interface OrderTotalsProps {
  subtotal: number;
  subtotalLabel?: string;
  shipping?: number;
  /** Left out where no tax line is shown (the cart). */
  tax?: number;
  total: number;
}

/** The money lines of the cart, the checkout and an order: shipping reads "Free" at zero. */
export function OrderTotals({
  subtotal,
  subtotalLabel = 'Subtotal',
  shipping = 0,
  tax,
  total,
}: OrderTotalsProps) {
  return (
    <dl className="totals">
      <div>
        <dt>{subtotalLabel}</dt>
        <dd>{formatINR(subtotal)}</dd>
      </div>
      <div>
        <dt>Shipping</dt>
        {shipping > 0 ? <dd>{formatINR(shipping)}</dd> : <dd className="totals__free">Free</dd>}
      </div>
      {tax !== undefined && (
        <div>
          <dt>Tax</dt>
          <dd>{formatINR(tax)}</dd>
        </div>
      )}
      <div className="totals__grand">
        <dt>Total</dt>
        <dd>{formatINR(total)}</dd>
      </div>
    </dl>
  );
}
