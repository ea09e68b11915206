import type { ReactNode } from 'react';
import { FormField } from '../../components/ui/form-field';
import { REVIEW_TEXT_MAX } from './reviews.api';
import { StarInput } from './stars';

/**
 * The heart of every review form (the dialog on My Reviews and the emailed invitation's page): the
 * stars, the few words with their hint, and a count of the characters left. `children` (a photo
 * picker) goes between the words and the count.
 */
export function ReviewFields({
  rating,
  text,
  errors,
  onRating,
  onText,
  children,
}: {
  rating: number;
  text: string;
  errors: { rating?: string; text?: string };
  onRating: (rating: number) => void;
  onText: (text: string) => void;
  children?: ReactNode;
}) {
  return (
    <>
      <StarInput value={rating} onChange={onRating} error={errors.rating} />
      <FormField
        label="Your review (optional)"
        error={errors.text}
        hint="What you liked, what could be better."
      >
        {(control) => (
          <textarea
            {...control}
            className="cat-input"
            rows={5}
            maxLength={REVIEW_TEXT_MAX}
            value={text}
            onChange={(event) => onText(event.target.value)}
          />
        )}
      </FormField>
      {children}
      <p className="review-form__count">
        {text.length.toLocaleString('en-IN')} / {REVIEW_TEXT_MAX.toLocaleString('en-IN')}
      </p>
    </>
  );
}
