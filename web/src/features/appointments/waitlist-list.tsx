import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getErrorMessage } from '../../lib/api';
import { formatDate, formatINR, formatTime } from '../../lib/format';
import { useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';
import { appointmentKeys } from './appointments.api';
import { BUSINESS_TIME_ZONE } from './business-time';
import {
  fetchMyWaitlist,
  isActiveEntry,
  leaveWaitlist,
  payForHeldTime,
  waitlistKeys,
  windowText,
  type WaitlistEntry,
} from './waitlist.api';

const IN_BUSINESS_TIME = { timeZone: BUSINESS_TIME_ZONE };
const dayOf = (date: string) => formatDate(`${date}T12:00:00+05:30`, IN_BUSINESS_TIME);

function statusLine(entry: WaitlistEntry): string {
  const offer = entry.offer;
  switch (entry.status) {
    case 'waiting':
      return 'Waiting: we will email you if a time in this window frees up.';
    case 'offered':
      return offer
        ? `Held for you: ${formatTime(offer.start, IN_BUSINESS_TIME)} in a ${offer.roomType} room, ${formatINR(offer.totalPrice)}${offer.expiresAt ? `, until ${formatTime(offer.expiresAt, IN_BUSINESS_TIME)}` : ''}. Pay to keep it.`
        : 'A time is being held for you.';
    case 'booked':
      return offer
        ? `Booked: ${offer.appointmentCode} at ${formatTime(offer.start, IN_BUSINESS_TIME)}.`
        : 'Booked.';
    case 'expired':
      return 'The time held for you was not paid in time and has been released.';
    case 'left':
      return 'You left the waitlist for this day.';
    default:
      return 'This waitlist entry is closed.';
  }
}

/**
 * My Appointments' waitlist: the days and windows the customer waits for, a time
 * held for them with its deadline and a Pay button, and Leave. Shown only when there is something in it.
 */
export function MyWaitlist() {
  const user = useSessionStore((state) => state.user);
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const highlighted = params.get('waitlist');
  const query = useQuery({
    queryKey: waitlistKeys.mine,
    queryFn: fetchMyWaitlist,
    enabled: Boolean(user),
    // An offer's payment is recorded from commerce's event a moment after the checkout: look again
    // while a time is held, so Booked (or the release) shows without a reload.
    refetchInterval: (current) =>
      current.state.data?.some((entry) => entry.status === 'offered') ? 3_000 : false,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: waitlistKeys.mine }),
      queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
    ]);
  const leave = useMutation({
    mutationFn: (entry: WaitlistEntry) => leaveWaitlist(entry._id),
    onSuccess: async () => {
      toast.success('You left the waitlist');
      await refresh();
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Could not leave the waitlist')),
  });
  const pay = useMutation({
    mutationFn: (entry: WaitlistEntry) => payForHeldTime(entry.offer!.appointmentId, user ?? undefined),
    onSuccess: async (outcome) => {
      if (outcome === 'paid') toast.success('Payment successful! Your appointment is booked.');
      else if (outcome === 'dismissed')
        toast.info('Payment cancelled: the time stays held until its deadline');
      else toast.error(outcome);
      await refresh();
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Payment could not be started')),
  });

  useEffect(() => {
    if (!highlighted || !query.data) return;
    document.getElementById(`waitlist-${highlighted}`)?.scrollIntoView({ block: 'center' });
  }, [highlighted, query.data]);

  const entries = query.data ?? [];
  if (entries.length === 0) return null;
  return (
    <section className="waitlist" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">Waitlist</h2>
      <ul className="waitlist__list">
        {entries.map((entry) => (
          <li
            key={entry._id}
            id={`waitlist-${entry._id}`}
            className={`waitlist__entry waitlist__entry--${entry.status}${highlighted === entry._id ? ' waitlist__entry--highlighted' : ''}`}
          >
            <div>
              <strong>{entry.serviceName}</strong>
              <span className="muted">
                {' '}
                · {dayOf(entry.date)}, {windowText(entry)}
              </span>
              <p className="waitlist__status">{statusLine(entry)}</p>
            </div>
            <div className="waitlist__actions">
              {entry.status === 'offered' && entry.offer && (
                <button
                  type="button"
                  className="btn btn--primary btn--sm"
                  disabled={pay.isPending}
                  onClick={() => pay.mutate(entry)}
                >
                  Pay {formatINR(entry.offer.totalPrice)}
                </button>
              )}
              {isActiveEntry(entry) && (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={leave.isPending}
                  aria-label={`Leave the waitlist for ${entry.serviceName} on ${dayOf(entry.date)}`}
                  onClick={() => leave.mutate(entry)}
                >
                  Leave
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
