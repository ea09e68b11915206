import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { get } from '../../lib/api';
import { formatPaise } from './money';

interface Balances {
  customerId: string;
  balancePaise: number;
  sales: { id: string; completedAt: string | null; balancePaise: number }[];
}

/**
 * What the customer still owes from earlier sales checked out with a balance, so the desk can collect it
 * (on that sale: a tender on a completed sale with a balance) before the customer leaves again.
 */
export function OwedFromEarlierSales({ customerId, saleId }: { customerId: string | null; saleId: string }) {
  const balances = useQuery({
    queryKey: ['counter', 'balances', customerId],
    queryFn: () => get<Balances>(`/counter/balances?customerId=${encodeURIComponent(customerId!)}`),
    enabled: Boolean(customerId),
  });
  const earlier = balances.data?.sales.filter((sale) => sale.id !== saleId && sale.balancePaise > 0) ?? [];
  if (earlier.length === 0) return null;
  const owed = earlier.reduce((total, sale) => total + sale.balancePaise, 0);
  return (
    <p className="counter-notice" role="status">
      This customer owes {formatPaise(owed)} from {earlier.length === 1 ? 'an earlier sale' : 'earlier sales'}
      :{' '}
      {earlier.map((sale, index) => (
        <span key={sale.id}>
          {index > 0 && ', '}
          <Link to={paths.counterSale(sale.id)}>{formatPaise(sale.balancePaise)}</Link>
        </span>
      ))}
    </p>
  );
}
