import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Pager } from '../../components/pager';
import { useNearViewport } from '../../components/use-near-viewport';
import { formatDate } from '../../lib/format';
import {
  fetchReviews,
  ratingText,
  reviewKeys,
  type PublicReview,
  type ReviewSubjectKind,
} from './reviews.api';
import { Stars } from './stars';
import './reviews.css';

/** One review as it reads on a page: stars, who and when, "Verified visit", the text, the spa's reply. */
function ReviewItem({ review, kind }: { review: PublicReview; kind: ReviewSubjectKind }) {
  return (
    <li className="review-item">
      <div className="review-item__head">
        <Stars rating={review.rating} />
        <strong>{review.authorName}</strong>
        {review.verified && (
          <span className="review-item__verified">
            {kind === 'service' ? 'Verified visit' : 'Verified purchase'}
          </span>
        )}
        <span className="review-item__meta">{formatDate(review.createdAt)}</span>
      </div>
      {review.text && <p className="review-item__text">{review.text}</p>}
      {review.photo && (
        <img
          className="review-item__photo"
          src={review.photo}
          alt={`Photo from ${review.authorName}`}
          loading="lazy"
        />
      )}
      {review.reply && (
        <div className="review-item__reply">
          <strong>Reply from the spa</strong>
          <p>{review.reply.text}</p>
        </div>
      )}
    </li>
  );
}

/**
 * The reviews of a treatment or product: the real average and count, the newest
 * reviews five at a time, each from a completed visit or a delivered order. Nothing invented: no
 * reviews, no number.
 */
export function ReviewsSection({ kind, id }: { kind: ReviewSubjectKind; id: string }) {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const [watch, near] = useNearViewport<HTMLElement>();
  const reviews = useQuery({
    queryKey: reviewKeys.of(kind, id, page),
    queryFn: () => fetchReviews(kind, id, page),
    placeholderData: keepPreviousData,
    // Read in the browser only, once the section is near the screen: the server's render of the page
    // (entry-server.tsx) waits for every query it meets, and reviews that cannot be read must never
    // turn the page itself into a 404; and a visitor who never scrolls to them never waits for them.
    enabled: near,
  });
  const data = reviews.data;
  return (
    <section ref={watch} className="reviews-section" aria-labelledby={titleId}>
      <div className="reviews-section__head">
        <h2 id={titleId}>Reviews</h2>
        {data && data.summary.average !== null && data.summary.count > 0 && (
          <div className="reviews-section__summary">
            <span className="reviews-section__average" aria-hidden="true">
              {data.summary.average.toFixed(1)}
            </span>
            <Stars rating={data.summary.average} size={20} label={ratingText(data.summary)} />
            <span className="muted" aria-hidden="true">
              {data.summary.count} review{data.summary.count === 1 ? '' : 's'}
            </span>
          </div>
        )}
      </div>
      {reviews.isPending && <p className="muted">Loading reviews…</p>}
      {reviews.isError && <p className="muted">Reviews could not be loaded just now.</p>}
      {data && data.reviews.length === 0 && (
        <p className="muted">
          {kind === 'service'
            ? 'No reviews yet. Reviews come from guests after their visit.'
            : 'No reviews yet. Reviews come from customers after delivery.'}
        </p>
      )}
      {data && data.reviews.length > 0 && (
        <ul className="review-list">
          {data.reviews.map((review) => (
            <ReviewItem key={review._id} review={review} kind={kind} />
          ))}
        </ul>
      )}
      {data && data.pages > 1 && (
        <Pager
          page={data.page}
          pageCount={data.pages}
          total={data.total}
          noun="reviews"
          onPageChange={setPage}
        />
      )}
    </section>
  );
}
