import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  AdminBanner,
  AdminSection,
  AdminTable,
  NameCell,
  StatusBadge,
} from '../../../components/ui/admin-table';
import { Modal } from '../../../components/ui/modal';
import { getErrorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../stores/toast.store';
import { FilterChips } from '../../../components/ui/filter-chips';
import { FormField } from '../../../components/ui/form-field';
import {
  fetchAdminReviews,
  hideReview,
  HIDE_REASON_MAX,
  REPLY_TEXT_MAX,
  replyToReview,
  reviewKeys,
  unhideReview,
  type AdminReview,
  type AdminReviewFilter,
} from '../../reviews/reviews.api';
import { Stars } from '../../reviews/stars';
import '../../reviews/reviews.css';

type Acting = { kind: 'hide' | 'reply'; review: AdminReview } | null;

const FILTERS = [
  { value: 'published', label: 'Published' },
  { value: 'hidden', label: 'Hidden' },
];

const byWhom = (review: AdminReview) => `review by ${review.authorName} of ${review.subject.name}`;

/**
 * The admin panel's Reviews tab, on the admin kit: new reviews first; hide one with
 * a reason (its author is told by email and still sees it in My Reviews), show it again, and reply
 * publicly (an empty reply removes it).
 */
export default function ReviewsTab() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<AdminReviewFilter>('all');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<Acting>(null);
  const reviews = useQuery({
    queryKey: reviewKeys.admin(filter, page),
    queryFn: () => fetchAdminReviews(filter, page),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

  const changed = async (message: string) => {
    toast.success(message);
    await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    setActing(null);
  };
  const act = useMutation({
    mutationFn: ({
      kind,
      review,
      text,
    }: {
      kind: 'hide' | 'unhide' | 'reply';
      review: AdminReview;
      text?: string;
    }) =>
      kind === 'hide'
        ? hideReview(review._id, text ?? '')
        : kind === 'unhide'
          ? unhideReview(review._id)
          : replyToReview(review._id, text ?? ''),
    onSuccess: (review, { kind }) =>
      changed(
        kind === 'hide'
          ? 'Review hidden; its author has been told'
          : kind === 'unhide'
            ? 'Review shown again'
            : review.reply
              ? 'Reply published'
              : 'Reply removed',
      ),
    onError: (error, { kind }) => {
      if (kind === 'unhide') toast.error(getErrorMessage(error, 'Failed to show the review'));
    },
  });

  const data = reviews.data;
  return (
    <AdminSection
      title="Reviews"
      description="Reviews from completed visits and delivered orders, newest first. Hide one that breaks the rules, reply in public."
    >
      <FilterChips
        label="Show reviews"
        allLabel="All"
        options={FILTERS}
        value={filter === 'all' ? '' : filter}
        onChange={(value) => {
          setFilter((value || 'all') as AdminReviewFilter);
          setPage(1);
        }}
        size="sm"
      />
      <AdminBanner>
        {reviews.isError ? getErrorMessage(reviews.error, 'Failed to load reviews') : null}
      </AdminBanner>
      <AdminTable
        list={{
          isPending: reviews.isPending,
          page: data?.page ?? page,
          pageCount: data?.pages ?? 1,
          total: data?.total ?? 0,
          setPage,
        }}
        rows={data?.reviews ?? []}
        rowKey={(review) => review._id}
        noun="reviews"
        empty={{ title: 'No reviews', message: 'Reviews appear here as customers write them.' }}
        columns={[
          { header: 'Rating', cell: (review) => <Stars rating={review.rating} size={14} /> },
          {
            header: 'Review',
            cell: (review) => (
              <NameCell
                plain
                name={review.text || <span className="muted">No text</span>}
                sub={review.reply ? `Your reply: ${review.reply.text}` : undefined}
              />
            ),
          },
          {
            header: 'For',
            cell: (review) => (
              <NameCell
                name={review.subject.name}
                sub={review.subject.kind === 'service' ? 'Treatment' : 'Product'}
              />
            ),
          },
          {
            header: 'By',
            cell: (review) => <NameCell plain name={review.authorName} sub={review.authorEmail} />,
          },
          { header: 'Date', cell: (review) => formatDate(review.createdAt) },
          {
            header: 'Status',
            cell: (review) =>
              review.status === 'published' ? (
                <StatusBadge ok>Published</StatusBadge>
              ) : (
                <NameCell
                  plain
                  name={<StatusBadge ok={false}>Hidden</StatusBadge>}
                  sub={review.hiddenReason ?? undefined}
                />
              ),
          },
        ]}
        actions={[
          {
            kind: 'edit',
            label: (review) => `Reply to the ${byWhom(review)}`,
            onClick: (review) => {
              act.reset();
              setActing({ kind: 'reply', review });
            },
          },
          {
            kind: 'decline',
            label: (review) => `Hide the ${byWhom(review)}`,
            hidden: (review) => review.status === 'hidden',
            onClick: (review) => {
              act.reset();
              setActing({ kind: 'hide', review });
            },
          },
          {
            kind: 'approve',
            label: (review) => `Show the ${byWhom(review)} again`,
            hidden: (review) => review.status === 'published',
            onClick: (review) => act.mutate({ kind: 'unhide', review }),
          },
        ]}
      />
      {acting && (
        <TextDialog
          key={`${acting.kind}-${acting.review._id}`}
          acting={acting}
          saving={act.isPending}
          error={act.error && acting ? getErrorMessage(act.error, 'That did not work') : undefined}
          onSave={(text) => act.mutate({ kind: acting.kind, review: acting.review, text })}
          onClose={() => setActing(null)}
        />
      )}
    </AdminSection>
  );
}

/** The reason for hiding (required, told to the author) or the public reply (empty removes it). */
function TextDialog({
  acting,
  saving,
  error,
  onSave,
  onClose,
}: {
  acting: NonNullable<Acting>;
  saving: boolean;
  error?: string;
  onSave: (text: string) => void;
  onClose: () => void;
}) {
  const hiding = acting.kind === 'hide';
  const [text, setText] = useState(hiding ? '' : (acting.review.reply?.text ?? ''));
  const [problem, setProblem] = useState<string>();
  const max = hiding ? HIDE_REASON_MAX : REPLY_TEXT_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (hiding && !value) return setProblem('Say why, for its author');
    if (value.length > max) return setProblem(`At most ${max} characters`);
    setProblem(undefined);
    onSave(value);
  };
  return (
    <Modal
      closeOnBackdrop
      open
      title={hiding ? 'Hide review' : 'Reply to review'}
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className={hiding ? 'btn btn--danger' : 'btn btn--primary'} disabled={saving}>
            {saving ? 'Saving…' : hiding ? 'Hide review' : 'Publish reply'}
          </button>
        </>
      }
    >
      <p className="modal__message">
        <Stars rating={acting.review.rating} size={14} /> {acting.review.authorName} on{' '}
        {acting.review.subject.name}
        {acting.review.text ? `: “${acting.review.text}”` : ''}
      </p>
      <FormField
        label={hiding ? 'Reason (sent to the author)' : 'Your public reply'}
        error={problem}
        hint={hiding ? undefined : 'Shown under the review on the page. Leave empty to remove the reply.'}
      >
        {(control) => (
          <textarea
            {...control}
            className="cat-input"
            rows={4}
            maxLength={max}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      {error && (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
