import { lazy, Suspense, useEffect, useMemo, useReducer, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { toast } from '../../stores/toast.store';
import { useCategories, useRooms, useServices } from '../catalogue/catalogue.queries';
import { activeCategoriesInOrder, publicServices } from '../catalogue/service-lists';
import type { Service } from '../catalogue/types';
import { bookingTotal, optionKey, roomTypeOffers, type RoomTypeOffer } from './booking-choices';
import { useBookingRules } from '../../app/booking-rules';
import {
  readPreselection,
  restoreWizard,
  serializeWizard,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './booking-wizard';
import { useAvailability } from './availability';
import { businessDayOf, isBookableStart } from './business-time';
import { useNow } from './use-now';
import { ServicesStep } from './services-step';
import { StepIndicator } from './step-indicator';
import type { BookingRequest } from './appointments.api';
import { BOOKING_TOAST_MS, useBookAppointment } from './use-book-appointment';
import '../auth/forms.css';
import './booking.css';

// The first step (the treatments) is what a visitor lands on and what the server renders; the later
// steps' code (calendar, rooms, payment, confirmation) comes when the visitor moves on.
const DateTimeStep = lazy(async () => ({ default: (await import('./datetime-step')).DateTimeStep }));
const RoomStep = lazy(async () => ({ default: (await import('./room-step')).RoomStep }));
const SummaryStep = lazy(async () => ({ default: (await import('./summary-step')).SummaryStep }));
const ConfirmationStep = lazy(async () => ({
  default: (await import('./confirmation-step')).ConfirmationStep,
}));

const stepLoading = (
  <p className="muted" role="status">
    Loading…
  </p>
);

const SAVED_CHOICES_KEY = 'booking-wizard';

function savedChoices(): string | null {
  try {
    return sessionStorage.getItem(SAVED_CHOICES_KEY);
  } catch {
    return null;
  }
}

function saveChoices(state: WizardState) {
  try {
    const serialized = serializeWizard(state);
    if (serialized) sessionStorage.setItem(SAVED_CHOICES_KEY, serialized);
    else sessionStorage.removeItem(SAVED_CHOICES_KEY);
  } catch {
    // Private windows may refuse storage; the wizard still works, it just forgets on reload.
  }
}

/** The choices as the booking call wants them, once every one of them is made. */
function bookingRequest(state: WizardState, service: Service | undefined, room: RoomTypeOffer | undefined) {
  const option = service?.pricing.find((candidate, index) => optionKey(candidate, index) === state.optionKey);
  if (!service || !option || !state.start || !state.roomType || !room) return null;
  const roomPrice = room.price;
  const request: BookingRequest = {
    serviceId: service._id,
    durationMinutes: option.durationMinutes,
    ...(option._id ? { pricingOptionId: option._id } : {}),
    price: Number(option.price),
    roomPrice,
    totalPrice: bookingTotal(Number(option.price), roomPrice),
    type: state.roomType,
    capacity: room.capacity,
    appointmentDateTime: state.start,
    paymentMethod: state.paymentMethod,
  };
  return { request, option };
}

/** /appointment: the five-step booking wizard (spec section 2). */
export default function AppointmentPage() {
  const now = useNow();
  const rules = useBookingRules();
  const [state, dispatch] = useReducer(wizardReducer, undefined, () =>
    restoreWizard(savedChoices(), new Date(), rules),
  );
  const [search] = useSearchParams();
  const location = useLocation();
  const topRef = useRef<HTMLDivElement>(null);

  const servicesQuery = useServices();
  const categoriesQuery = useCategories();
  const roomsQuery = useRooms();

  const categories = useMemo(
    () => activeCategoriesInOrder(categoriesQuery.data ?? []),
    [categoriesQuery.data],
  );
  const services = useMemo(
    () =>
      servicesQuery.data &&
      publicServices(servicesQuery.data, categoriesQuery.data ? categories : undefined).filter(
        (service) => service.pricing.length > 0,
      ),
    [servicesQuery.data, categoriesQuery.data, categories],
  );
  const offers = useMemo(() => roomsQuery.data && roomTypeOffers(roomsQuery.data), [roomsQuery.data]);

  const service = services?.find((candidate) => candidate._id === state.serviceId);
  // The room chosen (type and capacity); a choice saved before capacities were offered takes the type's first.
  const offer =
    offers?.find((candidate) => candidate.key === state.roomChoice) ??
    (state.roomChoice ? undefined : offers?.find((candidate) => candidate.type === state.roomType));
  const chosen = bookingRequest(state, service, offer);

  // The room step offers only the choices booking says are free at the chosen start (the same
  // answer the time step asked for that month, from the query cache).
  const chosenOption = service?.pricing.find(
    (candidate, index) => optionKey(candidate, index) === state.optionKey,
  );
  const startDay = state.start ? businessDayOf(new Date(state.start)) : undefined;
  const availability = useAvailability(
    service && chosenOption && state.durationMinutes
      ? {
          serviceId: service._id,
          durationMinutes: state.durationMinutes,
          ...(chosenOption._id ? { pricingOptionId: chosenOption._id } : {}),
        }
      : undefined,
    startDay && { year: startDay.year, month: startDay.month },
    businessDayOf(now),
  );
  const freeRooms = state.start ? availability?.roomsAt(state.start) : undefined;
  const offersNow = freeRooms && offers ? offers.filter((candidate) => freeRooms.has(candidate.key)) : offers;
  const booking = useBookAppointment((appointment) => dispatch({ type: 'booked', appointment }));

  useEffect(() => saveChoices(state), [state]);

  useEffect(() => {
    if (servicesQuery.isError) toast.error('Failed to load services', { duration: BOOKING_TOAST_MS });
  }, [servicesQuery.isError]);

  // Book Now on /service/:id arrives with the service and option; apply it once the list is known.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !services) return;
    preselected.current = true;
    const wanted = readPreselection(search, location.state);
    const target = wanted && services.find((candidate) => candidate._id === wanted.serviceId);
    if (!target || target._id === state.serviceId) return;
    const index = target.pricing.findIndex((option) => option._id === wanted.pricingId);
    const option = target.pricing[index];
    dispatch({
      type: 'service',
      serviceId: target._id,
      option: option && { key: optionKey(option, index), durationMinutes: option.durationMinutes },
    });
  }, [services, search, location.state, state.serviceId]);

  // Each new step starts at the top of the wizard (not on arrival).
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    topRef.current?.scrollIntoView({ block: 'start' });
  }, [state.step]);

  const act = (action: WizardAction) => {
    booking.clearConflict();
    dispatch(action);
  };

  const continueFromTime = () => {
    if (!state.optionKey) return void toast.error('Please select a duration', { duration: BOOKING_TOAST_MS });
    if (
      !state.start ||
      !isBookableStart(new Date(state.start), state.durationMinutes ?? 0, new Date(), rules)
    )
      return void toast.error('Please select a date and time', { duration: BOOKING_TOAST_MS });
    act({ type: 'go', step: 'room-selection' });
  };

  const continueFromRoom = () => {
    if (!state.roomType) return void toast.error('Please select a room type', { duration: BOOKING_TOAST_MS });
    act({ type: 'go', step: 'summary' });
  };

  // A saved or preselected service that is no longer offered sends the visitor back to the list.
  const step = services && !service && state.step !== 'confirmation' ? 'services' : state.step;

  return (
    <div className="container booking" ref={topRef}>
      <PageTitle title="Book an appointment" />
      <header className="booking__intro">
        <span className="eyebrow">Appointments</span>
        <h1>Book an appointment</h1>
        <p className="lead">A treatment, a time, a room and how you would like to pay: four short steps.</p>
      </header>

      <StepIndicator state={{ ...state, step }} onOpen={(next) => act({ type: 'go', step: next })} />

      {step === 'services' && (
        <ServicesStep
          services={services}
          categories={categories}
          failed={servicesQuery.isError}
          categoryId={state.categoryId}
          selectedServiceId={state.serviceId}
          onCategory={(categoryId) => act({ type: 'category', categoryId })}
          onBook={(chosenService) =>
            chosenService._id === state.serviceId
              ? act({ type: 'go', step: 'datetime-selection' })
              : act({ type: 'service', serviceId: chosenService._id })
          }
        />
      )}

      <Suspense fallback={stepLoading}>
        {step === 'datetime-selection' && service && (
          <DateTimeStep
            service={service}
            optionKey={state.optionKey}
            durationMinutes={state.durationMinutes}
            start={state.start}
            now={now}
            onOption={(key, durationMinutes) =>
              act({ type: 'option', key, durationMinutes, now: new Date(), hours: rules })
            }
            onStart={(start) => act({ type: 'start', start })}
            onBack={() => act({ type: 'go', step: 'services' })}
            onContinue={continueFromTime}
          />
        )}

        {step === 'room-selection' && (
          <RoomStep
            offers={offersNow}
            failed={roomsQuery.isError}
            choice={offer?.key}
            onChoose={(room) => act({ type: 'room-type', roomType: room.type, choice: room.key })}
            onBack={() => act({ type: 'go', step: 'datetime-selection' })}
            onContinue={continueFromRoom}
          />
        )}

        {step === 'summary' && service && offer && chosen && (
          <SummaryStep
            service={service}
            option={chosen.option}
            room={offer}
            start={chosen.request.appointmentDateTime}
            paymentMethod={state.paymentMethod}
            busy={booking.busy}
            signedIn={booking.signedIn}
            paymentUnavailable={booking.paymentUnavailable}
            awaitingPayment={booking.awaitingPaymentFor(chosen.request)}
            conflict={booking.conflict}
            onPaymentMethod={(method) => dispatch({ type: 'payment', method })}
            onSuggestion={(start) => act({ type: 'start', start })}
            onBack={() => act({ type: 'go', step: 'room-selection' })}
            onConfirm={() => void booking.confirm(chosen.request, service.name)}
          />
        )}

        {step === 'summary' && !(service && offer && chosen) && (
          <p className="muted" role="status">
            Loading your booking…
          </p>
        )}

        {step === 'confirmation' && state.booked && (
          <ConfirmationStep appointment={state.booked} onBookAnother={() => act({ type: 'reset' })} />
        )}
      </Suspense>
    </div>
  );
}
