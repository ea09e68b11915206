import { useState } from 'react';
import { businessHoursText } from '@spa/rules';
import { ArrowLeftIcon, ClockIcon } from '../../components/icons';
import { formatDuration, formatINR } from '../../lib/format';
import type { Service } from '../catalogue/types';
import { optionKey, optionTitle } from './booking-choices';
import { useBookingRules } from '../../app/booking-rules';
import { useAvailability } from './availability';
import { businessDayOf, formatPickerDateTime } from './business-time';
import { DateTimePicker } from './date-time-picker';
import { WaitlistJoin } from './waitlist-join';

interface DateTimeStepProps {
  service: Service;
  optionKey?: string;
  durationMinutes?: number;
  start?: string;
  now: Date;
  onOption: (key: string, durationMinutes: number) => void;
  onStart: (start: string) => void;
  onBack: () => void;
  onContinue: () => void;
}

/** Step 2: the duration (with its price) and the date and time. */
export function DateTimeStep({
  service,
  optionKey: chosenKey,
  durationMinutes,
  start,
  now,
  onOption,
  onStart,
  onBack,
  onContinue,
}: DateTimeStepProps) {
  const rules = useBookingRules();
  const shortest = Math.min(...service.pricing.map((option) => option.durationMinutes).filter(Boolean), 60);
  // The month the calendar shows: booking is asked which of its days and times are still free.
  const [shownMonth, setShownMonth] = useState<{ year: number; month: number }>();
  const option = service.pricing.find((candidate, index) => optionKey(candidate, index) === chosenKey);
  const availability = useAvailability(
    option && durationMinutes
      ? {
          serviceId: service._id,
          durationMinutes,
          ...(option._id ? { pricingOptionId: option._id } : {}),
        }
      : undefined,
    shownMonth,
    businessDayOf(now),
  );

  return (
    <section className="booking-step" aria-labelledby="booking-step-title">
      <header className="booking-step__header">
        <h2 id="booking-step-title">Select a time</h2>
        <p className="muted">
          <strong>{service.name}</strong>: choose how long, then the day and time that suit you.
        </p>
      </header>

      <fieldset className="booking-fieldset">
        <legend className="booking-fieldset__legend">Duration</legend>
        <div className="booking-options">
          {service.pricing.map((option, index) => {
            const key = optionKey(option, index);
            return (
              <label key={key} className="booking-option">
                <input
                  type="radio"
                  name="booking-duration"
                  value={key}
                  checked={chosenKey === key}
                  onChange={() => onOption(key, option.durationMinutes)}
                />
                <span className="booking-option__title">{optionTitle(option)}</span>
                <span className="booking-option__meta">{formatDuration(option.durationMinutes)}</span>
                <strong className="booking-option__price">{formatINR(option.price)}</strong>
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="booking-fieldset">
        <legend className="booking-fieldset__legend">Date and time</legend>
        <p className="booking-note">
          <ClockIcon size={16} /> Business hours: {businessHoursText(rules, ' - ')} (Indian Standard Time).
          The whole treatment must end by closing time.
        </p>
        <DateTimePicker
          value={start}
          durationMinutes={durationMinutes ?? shortest}
          now={now}
          hours={rules}
          availability={availability}
          onMonthShown={setShownMonth}
          onChange={onStart}
        />
        <p className="booking-chosen" aria-live="polite">
          {start ? (
            <>
              Selected: <strong>{formatPickerDateTime(new Date(start))}</strong>
            </>
          ) : (
            'No time selected yet.'
          )}
        </p>
        {option && durationMinutes && (
          <WaitlistJoin
            serviceId={service._id}
            pricingOptionId={option._id}
            durationMinutes={durationMinutes}
            start={start}
            now={now}
            hours={rules}
          />
        )}
      </fieldset>

      <div className="booking-actions">
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          <ArrowLeftIcon size={16} /> Back
        </button>
        <button type="button" className="btn btn--primary" onClick={onContinue}>
          Continue
        </button>
      </div>
    </section>
  );
}
