import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AdminBanner } from '../../components/ui/admin-table';
import { getErrorMessage } from '../../lib/api';
import { formatINR } from '../../lib/format';
import { bookingTotal, optionTitle, roomTypeOffers } from '../appointments/booking-choices';
import { useRooms, useServices } from '../catalogue/catalogue.queries';
import { FormField } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { useDebouncedValue } from '../bills/use-debounced-value';
import { noShowRecord } from './check-in';
import {
  bookForCustomer,
  createWalkInCustomer,
  customerKeys,
  searchCustomers,
  type DeskCustomer,
} from './walk-in.api';
import {
  deskBookingProblem,
  deskBookingRequest,
  newCustomerBody,
  newCustomerProblems,
  type NewCustomerInput,
} from './walk-in.rules';

export interface WalkInStart {
  /** YYYY-MM-DD and HH:MM in business time. */
  date: string;
  time: string;
  /** The room column clicked, if any: its type and capacity are the first choice. */
  room?: { type: string; capacity: string };
}

/**
 * A walk-in or a phone booking from the calendar: find the customer by name, phone
 * or email, or add them on the spot (identity makes the account without a password and, given an
 * email, invites them to claim it); then the treatment, the room and the time, paid at the counter.
 * Booking judges it with the same engine as any booking: a taken time is refused with its reason.
 */
export function WalkInDialog({
  start,
  onClose,
  onBooked,
}: {
  start: WalkInStart;
  onClose: () => void;
  /** The mutation settles once a returned promise does (the calendar reloads before the dialog is done). */
  onBooked: (appointmentCode: string, customerName: string) => void | Promise<void>;
}) {
  const [customer, setCustomer] = useState<DeskCustomer | null>(null);
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), 250);
  const found = useQuery({
    queryKey: customerKeys.search(settled),
    queryFn: () => searchCustomers(settled),
    enabled: settled.length >= 2 && !customer,
  });
  const services = useServices();
  const rooms = useRooms();
  const active = (services.data ?? []).filter((service) => service.isActive);
  const offers = roomTypeOffers(rooms.data ?? []);
  const [serviceId, setServiceId] = useState('');
  const service = active.find((each) => each._id === serviceId);
  const [optionIndex, setOptionIndex] = useState(0);
  const option = service?.pricing[optionIndex];
  const firstRoom = offers.find(
    (offer) => offer.type === start.room?.type && offer.capacity === start.room?.capacity,
  );
  const [roomKey, setRoomKey] = useState('');
  const room = offers.find((offer) => offer.key === (roomKey || firstRoom?.key));
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [tried, setTried] = useState(false);

  const choice = { customerId: customer?.id ?? null, service, option, room, date, time };
  const problem = deskBookingProblem(choice);
  const book = useMutation({
    mutationFn: () => bookForCustomer(deskBookingRequest(choice)!),
    onSuccess: (booked) => onBooked(booked.appointmentId, customer?.name ?? 'the customer'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!problem) book.mutate();
  };

  return (
    <Modal title="New booking" onClose={onClose} size="lg">
      <form className="walk-in" onSubmit={submit} noValidate aria-label="New booking">
        <fieldset className="walk-in__customer">
          <legend>Customer</legend>
          {customer ? (
            <p className="walk-in__chosen">
              <strong>{customer.name}</strong>
              <span>{[customer.phone, customer.email].filter(Boolean).join(' · ')}</span>
              {customer.noShows > 0 && <span className="cal-noshows">{noShowRecord(customer.noShows)}</span>}
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => setCustomer(null)}>
                Change
              </button>
            </p>
          ) : adding ? (
            <NewCustomerForm
              onCancel={() => setAdding(false)}
              onCreated={(created) => {
                setCustomer(created);
                setAdding(false);
              }}
            />
          ) : (
            <>
              <FormField label="Find by name, phone or email" hint="Two letters or digits are enough.">
                {(control) => (
                  <input
                    {...control}
                    className="cat-input"
                    type="search"
                    value={search}
                    onChange={(event) => setSearch(event.target.value)}
                    autoComplete="off"
                  />
                )}
              </FormField>
              {settled.length >= 2 && found.data && (
                <ul className="walk-in__results" aria-label="Customers found">
                  {found.data.length === 0 && <li className="muted">Nobody by that name, phone or email.</li>}
                  {found.data.map((each) => (
                    <li key={each.id}>
                      <button type="button" className="walk-in__result" onClick={() => setCustomer(each)}>
                        <strong>{each.name}</strong>
                        <span>{[each.phone, each.email].filter(Boolean).join(' · ')}</span>
                        {each.noShows > 0 && (
                          <span className="cal-noshows">{noShowRecord(each.noShows)}</span>
                        )}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <AdminBanner>
                {found.error && getErrorMessage(found.error, 'The search failed; try again.')}
              </AdminBanner>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => setAdding(true)}>
                New customer
              </button>
            </>
          )}
        </fieldset>

        <div className="walk-in__grid">
          <FormField label="Treatment" required>
            {(control) => (
              <select
                {...control}
                className="cat-input"
                value={serviceId}
                onChange={(event) => {
                  setServiceId(event.target.value);
                  setOptionIndex(0);
                }}
              >
                <option value="">Choose a treatment</option>
                {active.map((each) => (
                  <option key={each._id} value={each._id}>
                    {each.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Length" required>
            {(control) => (
              <select
                {...control}
                className="cat-input"
                value={optionIndex}
                disabled={!service}
                onChange={(event) => setOptionIndex(Number(event.target.value))}
              >
                {(service?.pricing ?? []).map((each, index) => (
                  <option key={each._id ?? index} value={index}>
                    {optionTitle(each)} · {formatINR(each.price)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Room" required>
            {(control) => (
              <select
                {...control}
                className="cat-input"
                value={room?.key ?? ''}
                onChange={(event) => setRoomKey(event.target.value)}
              >
                <option value="">Choose a room</option>
                {offers.map((offer) => (
                  <option key={offer.key} value={offer.key}>
                    {offer.type}, {offer.capacity} · {formatINR(offer.price)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Day" required>
            {(control) => (
              <input
                {...control}
                className="cat-input"
                type="date"
                value={date}
                onChange={(event) => setDate(event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Time" required>
            {(control) => (
              <input
                {...control}
                className="cat-input"
                type="time"
                step={900}
                value={time}
                onChange={(event) => setTime(event.target.value)}
              />
            )}
          </FormField>
        </div>

        <p className="walk-in__total">
          {option && room ? (
            <>
              To pay at the counter: <strong>{formatINR(bookingTotal(option.price, room.price))}</strong>
            </>
          ) : (
            'Paid at the counter.'
          )}
        </p>
        <AdminBanner>{tried && problem}</AdminBanner>
        <AdminBanner>{book.error && getErrorMessage(book.error, 'The booking was refused.')}</AdminBanner>
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={book.isPending}>
            {book.isPending ? 'Booking…' : 'Book'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A customer added on the spot: a name, and a phone or an email (an email invites them to claim it). */
function NewCustomerForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (customer: DeskCustomer) => void;
}) {
  const [input, setInput] = useState<NewCustomerInput>({ name: '', phone: '', email: '' });
  const [tried, setTried] = useState(false);
  const problems = tried ? newCustomerProblems(input) : {};
  const create = useMutation({
    mutationFn: () => createWalkInCustomer(newCustomerBody(input)),
    onSuccess: onCreated,
  });
  const set = (field: keyof NewCustomerInput) => (value: string) =>
    setInput((current) => ({ ...current, [field]: value }));
  // Not a nested <form>: the fields sit inside the booking's form, so this one adds on its own button.
  const add = () => {
    setTried(true);
    if (Object.keys(newCustomerProblems(input)).length === 0) create.mutate();
  };
  return (
    <div className="walk-in__new" role="group" aria-label="New customer">
      <FormField label="Name" required error={problems.name}>
        {(control) => (
          <input
            {...control}
            className="cat-input"
            value={input.name}
            onChange={(e) => set('name')(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Phone" error={problems.phone}>
        {(control) => (
          <input
            {...control}
            className="cat-input"
            type="tel"
            value={input.phone}
            onChange={(e) => set('phone')(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Email"
        error={problems.email}
        hint="Optional: they get the confirmation and can claim the account."
      >
        {(control) => (
          <input
            {...control}
            className="cat-input"
            type="email"
            value={input.email}
            onChange={(e) => set('email')(e.target.value)}
          />
        )}
      </FormField>
      <AdminBanner>
        {create.error && getErrorMessage(create.error, 'The customer could not be added.')}
      </AdminBanner>
      <div className="walk-in__new-actions">
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={add}
          disabled={create.isPending}
        >
          {create.isPending ? 'Adding…' : 'Add customer'}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
          Search instead
        </button>
      </div>
    </div>
  );
}
