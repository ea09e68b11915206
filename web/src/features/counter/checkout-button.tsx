import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { getErrorMessage } from '../../lib/api';
import { alreadyCheckedOutSale, canCheckOut, createSale } from './counter.api';
import './checkout-button.css';

/**
 * "Check out" on an appointment the customer came to: commerce opens one sale prefilled with the visit
 * (or, when a desk already did, answers with that sale, which the desk continues). "View sale" once the
 * visit was checked out. A refusal is said beside the button.
 */
export function CheckoutButton({
  appointment,
  className = 'btn btn--primary btn--sm',
}: {
  appointment: { id: string; status: string; checkedOutSaleId?: string | null };
  className?: string;
}) {
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => createSale({ appointmentIds: [appointment.id] }),
    onSuccess: (sale) => navigate(paths.counterSale(sale.id)),
    onError: (error) => {
      const saleId = alreadyCheckedOutSale(error);
      if (saleId) void navigate(paths.counterSale(saleId));
    },
  });
  if (appointment.checkedOutSaleId)
    return (
      <Link className="btn btn--secondary btn--sm" to={paths.counterSale(appointment.checkedOutSaleId)}>
        View sale
      </Link>
    );
  if (!canCheckOut(appointment)) return null;
  const refused = start.error && !alreadyCheckedOutSale(start.error);
  return (
    <span className="counter-checkout">
      <button type="button" className={className} disabled={start.isPending} onClick={() => start.mutate()}>
        {start.isPending ? 'Opening the sale…' : 'Check out'}
      </button>
      {refused && (
        <span className="counter-checkout__error" role="alert">
          {getErrorMessage(start.error, 'The sale could not be opened.')}
        </span>
      )}
    </span>
  );
}
