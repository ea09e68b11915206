import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import { getErrorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { toast } from '../../stores/toast.store';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { ReviewFormDialog } from '../reviews/review-form';
import {
  deleteReview,
  editReview,
  fetchMyReviews,
  reviewKeys,
  writeReview,
  type MyReview,
  type Reviewable,
  type ReviewInput,
  type ReviewSubject,
} from '../reviews/reviews.api';
import { Stars } from '../reviews/stars';
import '../appointments/my-appointments.css';
import '../reviews/reviews.css';

type Writing = { kind: 'new'; item: Reviewable } | { kind: 'edit'; review: MyReview } | null;

const subjectLink = (subject: ReviewSubject) =>
  subject.kind === 'service' ? `/service/${subject.id}` : `/products/${subject.id}`;

/**
 * /reviews, "My Reviews": the visits and delivered products waiting for a review,
 * each one click from its form, and what I wrote (edit for 30 days, delete any time), with the spa's
 * reply and, when the spa hid one, why. `?write=<source>` opens the form for that visit (the review
 * request email's link).
 */
export default function ReviewsPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const mine = useQuery({ queryKey: reviewKeys.mine, queryFn: fetchMyReviews });
  const [writing, setWriting] = useState<Writing>(null);
  const { confirm, dialog } = useConfirm();

  const linked = params.get('write');
  const linkedItem = linked ? mine.data?.toReview.find((item) => item.sourceId === linked) : undefined;
  const active: Writing = writing ?? (linkedItem ? { kind: 'new', item: linkedItem } : null);

  const done = async (message: string) => {
    toast.success(message);
    await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    close();
  };
  const close = () => {
    setWriting(null);
    if (linked) setParams({}, { replace: true });
  };
  const save = useMutation({
    mutationFn: async ({ target, input }: { target: NonNullable<Writing>; input: ReviewInput }) =>
      target.kind === 'new' ? writeReview(target.item.sourceId, input) : editReview(target.review._id, input),
    onSuccess: (_review, { target }) =>
      done(target.kind === 'new' ? 'Thank you for your review' : 'Review updated'),
  });
  const remove = useMutation({
    mutationFn: (review: MyReview) => deleteReview(review._id),
    onSuccess: () => done('Review deleted'),
    onError: (error) => toast.error(getErrorMessage(error, 'Failed to delete the review')),
  });

  const open = (next: Writing) => {
    save.reset();
    setWriting(next);
  };
  const askDelete = async (review: MyReview) => {
    if (await confirm(`Delete your review of ${review.subject.name}?`)) remove.mutate(review);
  };

  return (
    <div className="container apt-page">
      <PageTitle title="My Reviews" />
      <header className="apt-page__header">
        <div>
          <span className="eyebrow">Your words</span>
          <h1>My Reviews</h1>
          <p className="apt-page__count">
            {mine.data
              ? `${mine.data.written.length} written · ${mine.data.toReview.length} waiting`
              : mine.isError
                ? ''
                : 'Loading…'}
          </p>
        </div>
      </header>

      {mine.isError && <EmptyState title="Error Loading Reviews" message="Failed to load your reviews." />}

      {mine.data && (
        <>
          <section className="my-reviews__section" aria-labelledby="to-review-title">
            <h2 id="to-review-title">Waiting for your review</h2>
            {mine.data.toReview.length === 0 ? (
              <p className="muted">
                Nothing to review right now. After a visit, or once an order is delivered, it will be here.
              </p>
            ) : (
              <ul className="my-reviews__pending">
                {mine.data.toReview.map((item) => (
                  <li key={item.sourceId}>
                    <span>
                      <Link to={subjectLink(item.subject)}>
                        <strong>{item.subject.name}</strong>
                      </Link>{' '}
                      <span className="muted">
                        {item.subject.kind === 'service' ? 'visited' : 'delivered'}{' '}
                        {formatDate(item.visitedAt)}
                      </span>
                    </span>
                    <button
                      type="button"
                      className="btn btn--primary btn--sm"
                      aria-label={`Write a review of ${item.subject.name}`}
                      onClick={() => open({ kind: 'new', item })}
                    >
                      Write a review
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="my-reviews__section" aria-labelledby="written-title">
            <h2 id="written-title">Your reviews</h2>
            {mine.data.written.length === 0 ? (
              <p className="muted">You have not written a review yet.</p>
            ) : (
              <ul className="review-list">
                {mine.data.written.map((review) => (
                  <WrittenReview
                    key={review._id}
                    review={review}
                    onEdit={() => open({ kind: 'edit', review })}
                    onDelete={() => void askDelete(review)}
                  />
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      {active && (
        <ReviewFormDialog
          title={`Review ${active.kind === 'new' ? active.item.subject.name : active.review.subject.name}`}
          initial={
            active.kind === 'edit'
              ? { rating: active.review.rating, text: active.review.text, photo: active.review.photo }
              : undefined
          }
          saving={save.isPending}
          error={save.error ? getErrorMessage(save.error, 'Failed to save the review') : undefined}
          onSave={(input) => save.mutate({ target: active, input })}
          onClose={close}
        />
      )}
      {dialog}
      <p>
        <Link to={paths.dashboard}>Back to Dashboard</Link>
      </p>
    </div>
  );
}

function WrittenReview({
  review,
  onEdit,
  onDelete,
}: {
  review: MyReview;
  onEdit: () => void;
  onDelete: () => void;
}) {
  // The clock is read once, when the review is first shown; the server still refuses a late edit.
  const [shownAt] = useState(Date.now);
  const editable = Date.parse(review.editableUntil) > shownAt;
  return (
    <li className="review-item">
      <div className="review-item__head">
        <Link to={subjectLink(review.subject)}>
          <strong>{review.subject.name}</strong>
        </Link>
        <Stars rating={review.rating} />
        <span className="review-item__meta">{formatDate(review.createdAt)}</span>
      </div>
      {review.text && <p className="review-item__text">{review.text}</p>}
      {review.photo && (
        <img className="review-item__photo" src={review.photo} alt="Your photo" loading="lazy" />
      )}
      {review.status === 'hidden' && (
        <p className="review-item__status">
          Hidden by the spa{review.hiddenReason ? `: ${review.hiddenReason}` : ''}. Only you can see it.
        </p>
      )}
      {review.reply && (
        <div className="review-item__reply">
          <strong>Reply from the spa</strong>
          <p>{review.reply.text}</p>
        </div>
      )}
      <div className="review-item__actions">
        {editable && (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-label={`Edit your review of ${review.subject.name}`}
            onClick={onEdit}
          >
            Edit
          </button>
        )}
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-label={`Delete your review of ${review.subject.name}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
