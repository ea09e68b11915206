import { useId } from 'react';
import { ratingText } from './reviews.api';
import './reviews.css';
import '../../components/ui/form-field.css';

const STAR = 'M12 3.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.8l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8L12 3.5z';

/** One star, filled to `fill` (0–1) with a gradient stop, so 4.6 shows as four and most of a fifth. */
function Star({ fill, size }: { fill: number; size: number }) {
  const id = useId();
  const percent = `${Math.round(Math.min(1, Math.max(0, fill)) * 100)}%`;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id}>
          <stop offset={percent} stopColor="currentColor" />
          <stop offset={percent} stopColor="transparent" />
        </linearGradient>
      </defs>
      <path d={STAR} fill={`url(#${id})`} stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
    </svg>
  );
}

/** Five stars showing a rating; read as "4 out of 5 stars" (or the summary's words). */
export function Stars({ rating, size = 16, label }: { rating: number; size?: number; label?: string }) {
  return (
    <span className="review-stars" role="img" aria-label={label ?? `${rating} out of 5 stars`}>
      {[0, 1, 2, 3, 4].map((index) => (
        <Star key={index} fill={rating - index} size={size} />
      ))}
    </span>
  );
}

/**
 * A treatment's or product's rating in one line: stars, the average and the count. Nothing at all when
 * nobody has reviewed it (never an invented number).
 */
export function RatingLine({
  rating,
  size = 15,
}: {
  rating: { average: number | null; count: number } | null | undefined;
  size?: number;
}) {
  if (!rating?.average || rating.count === 0) return null;
  return (
    <span className="review-rating-line">
      <Stars rating={rating.average} size={size} label={ratingText(rating)} />
      <span aria-hidden="true">
        <strong>{rating.average.toFixed(1)}</strong> ({rating.count})
      </span>
    </span>
  );
}

/** Choosing 1–5 stars: five radio buttons drawn as stars, one tab stop, arrows move between them. */
export function StarInput({
  value,
  onChange,
  legend = 'Your rating',
  error,
}: {
  value: number;
  onChange: (rating: number) => void;
  legend?: string;
  error?: string;
}) {
  const name = useId();
  const errorId = useId();
  return (
    <fieldset className="review-star-input" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="review-star-input__stars">
        {[1, 2, 3, 4, 5].map((rating) => (
          <label key={rating} className={rating <= value ? 'review-star-input__on' : undefined}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
            />
            <Star fill={rating <= value ? 1 : 0} size={30} />
            <span className="visually-hidden">
              {rating} star{rating === 1 ? '' : 's'}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
