import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import { getErrorMessage, isApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { checkReviewDraft } from './review-form';
import { fetchInvitation, reviewByInvitation, type ReviewSubject } from './reviews.api';
import { ReviewFields } from './review-fields';
import './reviews.css';

const subjectPath = (subject: ReviewSubject) =>
  subject.kind === 'service' ? paths.service(subject.id) : paths.product(subject.id);

/**
 * /review/:token, the review request email's link: the customer rates the visit or
 * the product without signing in. The link is signed by catalogue, works once and for 30 days; an
 * expired one sends them to My Reviews, a used one thanks them.
 */
export default function ReviewInvitationPage() {
  const { token = '' } = useParams();
  const invitation = useQuery({
    queryKey: ['reviews', 'invitation', token],
    queryFn: () => fetchInvitation(token),
    retry: false,
  });
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const post = useMutation({
    mutationFn: (input: { rating: number; text: string }) => reviewByInvitation(token, input),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkReviewDraft({ rating, text });
    setErrors(checked.errors);
    if (checked.input) post.mutate({ rating: checked.input.rating, text: checked.input.text });
  };

  const problem =
    invitation.error ??
    (post.error && isApiError(post.error) && post.error.status !== 400 ? post.error : null);
  return (
    <div className="container review-invitation">
      <PageTitle title="Write a review" />
      {invitation.isPending && <p className="muted">Opening your review…</p>}
      {problem && (
        <section className="review-invitation__card" aria-labelledby="invitation-problem">
          <h1 id="invitation-problem">
            {isApiError(problem) && problem.status === 409 ? 'Thank you!' : 'This link does not work'}
          </h1>
          <p>{getErrorMessage(problem, 'This review link is not valid.')}</p>
          <Link className="btn btn--primary" to={paths.reviews}>
            Go to My Reviews
          </Link>
        </section>
      )}
      {invitation.data && !problem && post.isSuccess && (
        <section className="review-invitation__card" aria-labelledby="invitation-done">
          <h1 id="invitation-done">Thank you for your review</h1>
          <p>
            It is on the page of {invitation.data.subject.name} now, marked as a verified{' '}
            {invitation.data.subject.kind === 'service' ? 'visit' : 'purchase'}.
          </p>
          <Link className="btn btn--primary" to={subjectPath(invitation.data.subject)}>
            See it on the page
          </Link>
        </section>
      )}
      {invitation.data && !problem && !post.isSuccess && (
        <form
          className="review-invitation__card"
          onSubmit={submit}
          aria-labelledby="invitation-title"
          noValidate
        >
          <span className="eyebrow">
            Verified {invitation.data.subject.kind === 'service' ? 'visit' : 'purchase'}
          </span>
          <h1 id="invitation-title">
            How was your {invitation.data.subject.name}
            {invitation.data.firstName ? `, ${invitation.data.firstName}` : ''}?
          </h1>
          <p className="muted">
            {invitation.data.subject.kind === 'service' ? 'Visited' : 'Delivered'}{' '}
            {formatDate(invitation.data.visitedAt)}. This link works once, until{' '}
            {formatDate(invitation.data.expiresAt)}.
          </p>
          <ReviewFields
            rating={rating}
            text={text}
            errors={errors}
            onRating={(next) => {
              setRating(next);
              setErrors({ ...errors, rating: undefined });
            }}
            onText={setText}
          />
          {post.error && isApiError(post.error) && post.error.status === 400 && (
            <p className="form-alert form-alert--error" role="alert">
              {getErrorMessage(post.error, 'Please check your review')}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={post.isPending}>
            {post.isPending ? 'Posting…' : 'Post review'}
          </button>
        </form>
      )}
    </div>
  );
}
