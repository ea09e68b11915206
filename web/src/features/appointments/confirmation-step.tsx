import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { CheckCircleIcon } from '../../components/icons';
import { formatDate, formatINR, formatTime } from '../../lib/format';
import { paymentMethodLabel, type Appointment } from './appointment';
import { BUSINESS_TIME_ZONE } from './business-time';
import { googleCalendarLink } from './calendar-link';
import { StatusBadge } from './status-badge';

const IN_BUSINESS_TIME = { timeZone: BUSINESS_TIME_ZONE };

/** Step 5: the appointment as booked, the arrive-early reminder and where to go next. */
export function ConfirmationStep({
  appointment,
  onBookAnother,
}: {
  appointment: Appointment;
  onBookAnother: () => void;
}) {
  const room = appointment.room;
  const calendarLink = googleCalendarLink(appointment);
  return (
    <section className="booking-step booking-confirmation" aria-labelledby="booking-step-title">
      <CheckCircleIcon size={48} className="booking-confirmation__icon" />
      <h2 id="booking-step-title">Your appointment is booked</h2>
      <p className="lead">Please arrive 10 minutes before your appointment time.</p>

      <dl className="booking-summary booking-summary--compact">
        <div>
          <dt>Appointment ID</dt>
          <dd>
            <strong>{appointment.appointmentId}</strong>
          </dd>
        </div>
        <div>
          <dt>Service</dt>
          <dd>
            <strong>{appointment.service.name}</strong>
          </dd>
        </div>
        <div>
          <dt>Date and time</dt>
          <dd>
            <strong>{formatDate(appointment.start, IN_BUSINESS_TIME)}</strong>
            <span className="muted">
              {formatTime(appointment.start, IN_BUSINESS_TIME)}
              {appointment.end ? ` – ${formatTime(appointment.end, IN_BUSINESS_TIME)}` : ''} (IST)
            </span>
          </dd>
        </div>
        {room && (
          <div>
            <dt>Room</dt>
            <dd>
              <strong>
                {[room.type, room.roomNumber && `Room ${room.roomNumber}`].filter(Boolean).join(' · ')}
              </strong>
              {room.location && <span className="muted">{room.location}</span>}
            </dd>
          </div>
        )}
        {appointment.employee && (
          <div>
            <dt>Your therapist</dt>
            <dd>
              <strong>{appointment.employee.name}</strong>
            </dd>
          </div>
        )}
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={appointment.status} />
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            <strong>{paymentMethodLabel(appointment.paymentMethod)}</strong>
            <StatusBadge status={appointment.paymentStatus} kind="payment" />
          </dd>
        </div>
        <div className="booking-summary__total">
          <dt>Total price</dt>
          <dd className="booking-summary__amount">{formatINR(appointment.totalPrice)}</dd>
        </div>
      </dl>

      <div className="booking-actions booking-actions--center">
        <Link to={paths.myAppointments} className="btn btn--secondary">
          View My Appointments
        </Link>
        {calendarLink && (
          // The confirmation email carries an .ics for any other calendar.
          <a className="btn btn--secondary" href={calendarLink} target="_blank" rel="noopener noreferrer">
            Add to Google Calendar
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        <button type="button" className="btn btn--primary" onClick={onBookAnother}>
          Book Another Appointment
        </button>
      </div>
    </section>
  );
}
