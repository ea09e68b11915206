import { Link, useLocation } from 'react-router-dom';
import { describeDepositPolicy, describeNotice, type DepositPolicy } from '@spa/rules';
import { useBookingRules } from '../../app/booking-rules';
import { paths } from '../../app/paths';
import { AlertCircleIcon, ArrowLeftIcon, InfoCircleIcon, LockIcon } from '../../components/icons';
import { formatDate, formatDuration, formatINR, formatTime } from '../../lib/format';
import type { PricingOption, Service, ServiceDepositPolicy } from '../catalogue/types';
import type { PaymentMethod } from './appointment';
import { bookingTotal, optionTitle, type RoomTypeOffer } from './booking-choices';
import { BUSINESS_TIME_ZONE } from './business-time';

const IN_BUSINESS_TIME = { timeZone: BUSINESS_TIME_ZONE };

/** A 409 from the booking service: its message and the nearest free starts it suggests. */
export interface BookingConflict {
  message: string;
  suggestions: string[];
}

interface SummaryStepProps {
  service: Service;
  option: PricingOption;
  room: RoomTypeOffer;
  start: string;
  paymentMethod: PaymentMethod;
  busy: boolean;
  signedIn: boolean;
  /** The checkout script could not be loaded (online payment only). */
  paymentUnavailable: boolean;
  /** An online booking made earlier in this visit that still waits for its payment. */
  awaitingPayment?: string;
  conflict?: BookingConflict;
  onPaymentMethod: (method: PaymentMethod) => void;
  onSuggestion: (start: string) => void;
  onBack: () => void;
  onConfirm: () => void;
}

/** Step 4: what is being booked, the total, how to pay, and the confirm button. */
export function SummaryStep(props: SummaryStepProps) {
  const { service, option, room, start, paymentMethod, busy } = props;
  const total = bookingTotal(Number(option.price), room.price);
  // Booking's payment hold: how long an unpaid online booking keeps its time.
  const holdMinutes = Math.max(1, Math.round(useBookingRules().paymentHoldSeconds / 60));
  // The treatment's deposit policy, in the words booking charges and refunds by.
  const depositTerms = service.depositPolicy
    ? describeDepositPolicy(depositPolicyInPaise(service.depositPolicy), Math.round(total * 100))
    : undefined;
  const confirmLabel = busy
    ? 'Processing...'
    : paymentMethod === 'online'
      ? 'Confirm Booking & Pay'
      : 'Confirm Booking';

  return (
    <section className="booking-step" aria-labelledby="booking-step-title">
      <header className="booking-step__header">
        <h2 id="booking-step-title">Review and confirm</h2>
        <p className="muted">Check the details, choose how to pay, and confirm.</p>
      </header>

      <dl className="booking-summary">
        <div>
          <dt>Service</dt>
          <dd>
            <strong>{service.name}</strong>
            <span className="muted">
              {option.label?.trim()
                ? `${optionTitle(option)} · ${formatDuration(option.durationMinutes)}`
                : formatDuration(option.durationMinutes)}
            </span>
          </dd>
          <dd className="booking-summary__amount">{formatINR(option.price)}</dd>
        </div>
        <div>
          <dt>Room type</dt>
          <dd>
            <strong className={`booking-summary__room booking-summary__room--${room.tint}`}>
              {room.type}
            </strong>
            <span className="muted">{room.capacity}</span>
          </dd>
          <dd className="booking-summary__amount">{formatINR(room.price)}</dd>
        </div>
        <div>
          <dt>Date and time</dt>
          <dd>
            <strong>{formatDate(start, IN_BUSINESS_TIME)}</strong>
            <span className="muted">{formatTime(start, IN_BUSINESS_TIME)} (IST)</span>
          </dd>
        </div>
        <div className="booking-summary__total">
          <dt>Total price</dt>
          <dd className="booking-summary__amount">{formatINR(total)}</dd>
        </div>
      </dl>

      {props.conflict && <ConflictNotice conflict={props.conflict} onSuggestion={props.onSuggestion} />}

      <fieldset className="booking-fieldset">
        <legend className="booking-fieldset__legend">Payment method</legend>
        <div className="booking-payments">
          <label className="booking-payment">
            <input
              type="radio"
              name="booking-payment"
              value="cash"
              checked={paymentMethod === 'cash'}
              onChange={() => props.onPaymentMethod('cash')}
            />
            <span className="booking-payment__title">Pay at Counter (Cash)</span>
            <span className="booking-payment__text">Pay on arrival</span>
          </label>
          <label className="booking-payment">
            <input
              type="radio"
              name="booking-payment"
              value="online"
              checked={paymentMethod === 'online'}
              onChange={() => props.onPaymentMethod('online')}
            />
            <span className="booking-payment__title">Pay Online</span>
            <span className="booking-payment__text">
              <LockIcon size={14} className="inline-icon" /> Secure payment via Razorpay
            </span>
          </label>
        </div>
        {paymentMethod === 'online' && depositTerms && (
          <p className="booking-note booking-note--deposit" data-testid="deposit-policy">
            <InfoCircleIcon size={16} /> {depositTerms}
          </p>
        )}
        {paymentMethod === 'online' && (
          <p className="booking-note">
            <InfoCircleIcon size={16} /> Your time is held for {describeNotice(holdMinutes)} while you pay; an
            unpaid booking is released after that.
          </p>
        )}
        {paymentMethod === 'online' && props.paymentUnavailable && (
          <p className="form-alert form-alert--error" role="alert">
            <AlertCircleIcon size={18} /> Payment system not available. Please try again.
          </p>
        )}
        {paymentMethod === 'online' && props.awaitingPayment && (
          <p className="form-alert form-alert--info" role="status">
            <InfoCircleIcon size={18} /> Booking {props.awaitingPayment} is waiting for payment. Confirm again
            to reopen the payment window.
          </p>
        )}
      </fieldset>

      {!props.signedIn && <SignInNotice />}

      <div className="booking-actions">
        <button type="button" className="btn btn--ghost" onClick={props.onBack} disabled={busy}>
          <ArrowLeftIcon size={16} /> Back
        </button>
        <button type="button" className="btn btn--primary" onClick={props.onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </section>
  );
}

function ConflictNotice({
  conflict,
  onSuggestion,
}: {
  conflict: BookingConflict;
  onSuggestion: (start: string) => void;
}) {
  return (
    <div className="booking-conflict" role="alert">
      <p>
        <AlertCircleIcon size={18} className="inline-icon" /> {conflict.message}
      </p>
      {conflict.suggestions.length > 0 && (
        <div className="booking-conflict__times">
          <span className="muted">Free at:</span>
          {conflict.suggestions.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => onSuggestion(suggestion)}
            >
              {formatDate(suggestion, IN_BUSINESS_TIME)} {formatTime(suggestion, IN_BUSINESS_TIME)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function SignInNotice() {
  const location = useLocation();
  return (
    <p className="form-alert form-alert--info">
      <InfoCircleIcon size={18} />
      <span>
        You must be logged in to book an appointment.{' '}
        <Link to={paths.login} state={{ from: location }}>
          Sign in
        </Link>{' '}
        and your choices will be waiting here.
      </span>
    </p>
  );
}

/** The API gives a fixed deposit in rupees; the shared rules count paise. */
function depositPolicyInPaise(policy: ServiceDepositPolicy): DepositPolicy {
  return { ...policy, value: policy.kind === 'fixed' ? Math.round(policy.value * 100) : policy.value };
}
