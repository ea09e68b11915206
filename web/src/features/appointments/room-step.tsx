import { ArrowLeftIcon } from '../../components/icons';
import { formatINR } from '../../lib/format';
import { EmptyState } from '../../components/ui/empty-state';
import type { RoomType } from '../catalogue/types';
import type { RoomTypeOffer } from './booking-choices';

const TYPE_NOTES: Record<RoomType, string> = {
  Silver: 'Serene and comfortable.',
  Gold: 'More space and premium comforts.',
  Diamond: 'Our most luxurious suite.',
};

interface RoomStepProps {
  offers: RoomTypeOffer[] | undefined;
  failed: boolean;
  /** The key of the room chosen (type and capacity). */
  choice?: string;
  onChoose: (offer: RoomTypeOffer) => void;
  onBack: () => void;
  onContinue: () => void;
}

/**
 * Step 3: one card per bookable choice, a room type with a capacity at that room's own price, tinted
 * Silver, Gold or Diamond.
 */
export function RoomStep({ offers, failed, choice, onChoose, onBack, onContinue }: RoomStepProps) {
  return (
    <section className="booking-step" aria-labelledby="booking-step-title">
      <header className="booking-step__header">
        <h2 id="booking-step-title">Select a room type</h2>
        <p className="muted">The room's price is added to your treatment.</p>
      </header>

      {failed ? (
        <EmptyState title="Failed to fetch rooms" message="Please refresh the page to try again." />
      ) : offers === undefined ? (
        <p className="muted" role="status">
          Loading rooms…
        </p>
      ) : offers.length === 0 ? (
        <EmptyState title="No rooms available" message="Please call us to arrange your visit." />
      ) : (
        <fieldset className="booking-fieldset">
          <legend className="visually-hidden">Room type</legend>
          <div className="booking-rooms">
            {offers.map((offer) => (
              <label key={offer.key} className={`booking-room booking-room--${offer.tint}`}>
                <input
                  type="radio"
                  name="booking-room-type"
                  value={offer.key}
                  checked={choice === offer.key}
                  onChange={() => onChoose(offer)}
                />
                <span className="booking-room__type">{offer.type}</span>
                <span className="booking-room__note">{TYPE_NOTES[offer.type]}</span>
                <span className="booking-room__capacity">{offer.capacity}</span>
                <strong className="booking-room__price">{formatINR(offer.price)}</strong>
              </label>
            ))}
          </div>
        </fieldset>
      )}

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
