import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clock24Text, type BusinessHours } from '@spa/rules';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { SelectField } from '../../components/ui/select-field';
import { getErrorMessage } from '../../lib/api';
import { useSessionStore } from '../../stores/session.store';
import { businessDayOf } from './business-time';
import { joinWaitlist, waitlistKeys, windowText } from './waitlist.api';
import { formatDate } from '../../lib/format';
import '../auth/forms.css';

interface WaitlistJoinProps {
  serviceId: string;
  pricingOptionId?: string;
  durationMinutes: number;
  /** The start picked so far, if any: its day and hour are the form's first guess. */
  start?: string;
  now: Date;
  hours: BusinessHours;
}

const isoDay = (day: { year: number; month: number; day: number }) =>
  `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;

/** Every half hour a treatment of this length may start on a usual day. */
function startChoices(hours: BusinessHours, durationMinutes: number): number[] {
  const choices: number[] = [];
  for (let minute = hours.openMinute; minute + durationMinutes <= hours.closeMinute; minute += 30)
    choices.push(minute);
  return choices;
}

/**
 * "Nothing suits? Join the waitlist" under the wizard's calendar: a day and a window
 * of starts; booking emails the customer when a time in it frees up and holds it for them. Booking
 * refuses a window that has free times now (and says which), so the customer books one instead.
 */
export function WaitlistJoin({
  serviceId,
  pricingOptionId,
  durationMinutes,
  start,
  now,
  hours,
}: WaitlistJoinProps) {
  const id = useId();
  const signedIn = useSessionStore((state) => Boolean(state.user));
  const queryClient = useQueryClient();
  const choices = startChoices(hours, durationMinutes);
  const picked = start ? businessDayOf(new Date(start)) : undefined;
  const today = businessDayOf(now);
  const firstGuess = picked?.minuteOfDay ?? choices[0] ?? hours.openMinute;
  const [date, setDate] = useState(isoDay(picked ?? today));
  const [from, setFrom] = useState(firstGuess);
  const startOptions = choices.map((minute) => ({ value: String(minute), label: clock24Text(minute) }));
  const [to, setTo] = useState(Math.min(firstGuess + 120, choices.at(-1) ?? firstGuess));
  const join = useMutation({
    mutationFn: () =>
      joinWaitlist({
        serviceId,
        durationMinutes,
        ...(pricingOptionId ? { pricingOptionId } : {}),
        date,
        from: clock24Text(from),
        to: clock24Text(to),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.mine }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate();
  };

  return (
    <details className="waitlist-join">
      <summary>No time that suits? Join the waitlist</summary>
      {signedIn ? (
        <form className="waitlist-join__form" onSubmit={submit} aria-describedby={`${id}-about`}>
          <p id={`${id}-about`} className="muted">
            We email you if a time in your window frees up, and hold it for you for 15 minutes.
          </p>
          <div className="waitlist-join__fields">
            <div className="field">
              <label className="field__label" htmlFor={`${id}-date`}>
                Day
              </label>
              <input
                id={`${id}-date`}
                className="input"
                type="date"
                required
                min={isoDay(today)}
                value={date}
                onChange={(event) => setDate(event.target.value)}
              />
            </div>
            <SelectField
              label="Earliest start"
              value={String(from)}
              options={startOptions}
              onChange={(value) => setFrom(Number(value))}
            />
            <SelectField
              label="Latest start"
              value={String(to)}
              options={startOptions}
              onChange={(value) => setTo(Number(value))}
            />
          </div>
          <button type="submit" className="btn btn--secondary" disabled={join.isPending}>
            Notify me
          </button>
          <p className="waitlist-join__answer" role="status">
            {join.isSuccess &&
              `You are on the waitlist for ${formatDate(`${join.data.date}T12:00:00+05:30`, { timeZone: 'Asia/Kolkata' })}, ${windowText(join.data)}. We will email you if a time frees up; see it in My Appointments.`}
            {join.isError && getErrorMessage(join.error, 'Could not join the waitlist.')}
          </p>
        </form>
      ) : (
        <p className="muted">
          <Link to={paths.login}>Sign in</Link> to join the waitlist for a day that is full.
        </p>
      )}
    </details>
  );
}
