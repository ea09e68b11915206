import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Modal } from '../../components/ui/modal';
import { getErrorMessage } from '../../lib/api';
import { REVIEW_TEXT_MAX, uploadReviewPhoto, type ReviewInput } from './reviews.api';
import { ReviewFields } from './review-fields';

export interface ReviewDraft {
  rating: number;
  text: string;
  /** An uploaded photo's address (POST /reviews/photos), or none. */
  photo?: string | null;
}

/** What the form would send, or the problems to show beside its fields (the server checks the same). */
export function checkReviewDraft(draft: ReviewDraft): {
  input?: ReviewInput;
  errors: { rating?: string; text?: string };
} {
  const errors: { rating?: string; text?: string } = {};
  if (!Number.isInteger(draft.rating) || draft.rating < 1 || draft.rating > 5)
    errors.rating = 'Choose from one to five stars';
  const text = draft.text.trim();
  if (text.length > REVIEW_TEXT_MAX)
    errors.text = `At most ${REVIEW_TEXT_MAX.toLocaleString('en-IN')} characters`;
  if (errors.rating || errors.text) return { errors };
  return { input: { rating: draft.rating, text, photo: draft.photo ?? null }, errors };
}

/** Writing or editing a review: stars and a few words, for the visit or the product named in the title. */
export function ReviewFormDialog({
  title,
  initial,
  saving,
  error,
  onSave,
  onClose,
}: {
  title: string;
  initial?: ReviewDraft;
  saving: boolean;
  error?: string;
  onSave: (input: ReviewInput) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<ReviewDraft>(initial ?? { rating: 0, text: '' });
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string>();
  const photoInput = useId();
  const addPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    setPhotoError(undefined);
    try {
      const photo = await uploadReviewPhoto(file);
      setDraft((current) => ({ ...current, photo }));
    } catch (error) {
      setPhotoError(getErrorMessage(error, 'The photo could not be uploaded'));
    } finally {
      setUploading(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkReviewDraft(draft);
    setErrors(checked.errors);
    if (checked.input) onSave(checked.input);
  };
  return (
    <Modal
      closeOnBackdrop
      open
      title={title}
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={saving || uploading}>
            {saving ? 'Saving…' : 'Post review'}
          </button>
        </>
      }
    >
      <ReviewFields
        rating={draft.rating}
        text={draft.text}
        errors={errors}
        onRating={(rating) => {
          setDraft({ ...draft, rating });
          setErrors({ ...errors, rating: undefined });
        }}
        onText={(text) => setDraft({ ...draft, text })}
      >
        <div className="review-form__photo">
          {draft.photo ? (
            <>
              <img src={draft.photo} alt="Your photo" width={96} height={72} />
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => setDraft({ ...draft, photo: null })}
              >
                Remove photo
              </button>
            </>
          ) : (
            <>
              <label htmlFor={photoInput} className="btn btn--secondary btn--sm">
                {uploading ? 'Uploading…' : 'Add a photo (optional)'}
              </label>
              <input
                id={photoInput}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                className="visually-hidden"
                disabled={uploading}
                onChange={(event) => void addPhoto(event)}
              />
            </>
          )}
          {photoError && (
            <p className="form-field__error" role="alert">
              {photoError}
            </p>
          )}
        </div>
      </ReviewFields>
      {error && (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
