import { getErrorMessage } from '../../lib/api';
import { formatINR } from '../../lib/format';
import { toast } from '../../stores/toast.store';
import type { CartItem } from './cart.api';
import { changedPriceLines, subtotalAtTodaysPrices } from './cart-math';
import { useAcceptCartPrices } from './use-cart';

/**
 * Which lines changed price since they were added, the new total, and the shopper's confirmation
 * (the lines then take today's price). Shown on the cart and the checkout; renders nothing otherwise.
 */
export function PriceChangeNotice({ items }: { items: CartItem[] }) {
  const accept = useAcceptCartPrices();
  const changed = changedPriceLines(items);
  if (changed.length === 0) return null;
  return (
    <section className="order-card__note price-change" role="alert" aria-labelledby="price-change-title">
      <h3 id="price-change-title" className="price-change__title">
        {changed.length === 1 ? 'A price changed' : 'Some prices changed'} since you added{' '}
        {changed.length === 1 ? 'it' : 'them'}
      </h3>
      <ul className="price-change__lines">
        {changed.map((item) => (
          <li key={item._id}>
            {item.product.name}: <s>{formatINR(item.price)}</s> →{' '}
            <strong>{formatINR(item.product.price)}</strong>
          </li>
        ))}
      </ul>
      <p className="price-change__total">
        New total: <strong>{formatINR(subtotalAtTodaysPrices(items))}</strong>
      </p>
      <button
        type="button"
        className="btn btn--primary btn--sm"
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(undefined, {
            onSuccess: () => toast.success('Prices updated'),
            onError: (error) => toast.error(getErrorMessage(error, 'Failed to update prices')),
          })
        }
      >
        {accept.isPending ? 'Updating…' : 'Accept new prices'}
      </button>
    </section>
  );
}
