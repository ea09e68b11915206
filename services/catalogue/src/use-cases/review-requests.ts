import { startPeriodicTask, type Logger, type StopPeriodicTask } from '@spa/kit';
import {
  findEligibilityOfSource,
  lockDueEligibilities,
  markReviewRequested,
} from '../db/review-requests.repository.js';
import type { EligibilityRow } from '../db/reviews.repository.js';
import { readReviewLink, REVIEW_LINK_DAYS, reviewLinkExpiry, signReviewLink } from '../domain/review-link.js';
import { catalogueEvents } from '../events/publishes.js';
import { linkExpired, linkNotValid, linkUsed } from './reviews.js';
import type { CatalogueContext } from './context.js';

/*
 * Review requests by email: a day (REVIEW_REQUEST_DELAY_MINUTES) after a visit is completed
 * or an order delivered, the customer is asked once for a review: catalogue.review.requested carries the
 * signed one-use link, which notification emails. The sweep runs on every replica; FOR UPDATE SKIP
 * LOCKED and the review_requested_at it sets in the same transaction as the outbox row mean each
 * eligibility is asked once, whoever sweeps.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Eligibilities asked about per transaction. */
const REVIEW_REQUEST_BATCH = 100;

interface ReviewRequestSettings {
  delayMinutes: number;
  sweepMs: number;
  linkSecret: string;
}

export interface ReviewRequestDeps extends CatalogueContext {
  logger: Pick<Logger, 'info' | 'error'> & Partial<Pick<Logger, 'warn'>>;
  config: { reviewRequests: ReviewRequestSettings };
}

/**
 * Asks for the reviews now due: visits and deliveries older than the delay and newer than 30 days, not
 * reviewed, not asked about, of an account not erased. A batch per transaction. Answers how many were
 * asked.
 */
export async function sweepReviewRequests(deps: ReviewRequestDeps, now = new Date()): Promise<number> {
  const { delayMinutes, linkSecret } = deps.config.reviewRequests;
  const due = new Date(now.getTime() - delayMinutes * MINUTE_MS);
  const oldest = new Date(now.getTime() - REVIEW_LINK_DAYS * DAY_MS);
  const expiresAt = reviewLinkExpiry(now);
  let total = 0;
  for (;;) {
    const asked = await deps.db.transaction(async (tx) => {
      const rows = await lockDueEligibilities(tx, { due, oldest, limit: REVIEW_REQUEST_BATCH });
      if (rows.length === 0) return 0;
      await markReviewRequested(
        tx,
        rows.map((row) => row.id),
        now,
      );
      for (const row of rows) {
        const token = signReviewLink(
          { sourceId: row.sourceId, expiresAtMs: expiresAt.getTime() },
          linkSecret,
        );
        await deps.publish(tx, catalogueEvents.reviewRequested, row.sourceId, {
          sourceId: row.sourceId,
          userId: row.userId,
          authorEmail: row.authorEmail,
          authorName: row.authorName,
          subjectKind: row.subjectKind,
          subjectId: row.subjectId,
          subjectName: row.subjectName,
          token,
          expiresAtMs: BigInt(expiresAt.getTime()),
          visitedAtMs: BigInt(row.visitedAt.getTime()),
        });
      }
      return rows.length;
    });
    total += asked;
    if (asked < REVIEW_REQUEST_BATCH) break;
  }
  if (total > 0) deps.logger.info({ count: total }, 'review requests: customers asked for a review');
  return total;
}

/** Starts the periodic sweep (unref'd timers); answers its stopper. REVIEW_REQUEST_SWEEP_MS 0: never. */
export function startReviewRequestSweep(deps: ReviewRequestDeps): StopPeriodicTask {
  return startPeriodicTask(() => sweepReviewRequests(deps), 0, deps.logger, 'review request sweep', {
    everyMs: deps.config.reviewRequests.sweepMs,
  });
}

// ---- the link ----

/** Why a link does not open the review form. */
type ReviewLinkProblem = 'invalid' | 'expired' | 'used';

export type Invitation =
  { ok: true; eligibility: EligibilityRow; expiresAt: Date } | { ok: false; problem: ReviewLinkProblem };

/**
 * What a link's token opens: the eligibility it was signed for. 'invalid' for a token not signed with
 * the secret (or whose eligibility is gone: an erased account), 'used' once a review was posted through
 * it or the visit was reviewed otherwise, 'expired' 30 days after the request.
 */
export async function openInvitation(
  { db }: Pick<CatalogueContext, 'db'>,
  token: string,
  secret: string,
  now: Date,
): Promise<Invitation> {
  const link = readReviewLink(token, secret);
  if (!link) return { ok: false, problem: 'invalid' };
  const row = await findEligibilityOfSource(db, link.sourceId);
  if (!row) return { ok: false, problem: 'invalid' };
  if (row.eligibility.reviewLinkUsedAt || row.reviewed) return { ok: false, problem: 'used' };
  if (now.getTime() > link.expiresAtMs) return { ok: false, problem: 'expired' };
  return { ok: true, eligibility: row.eligibility, expiresAt: new Date(link.expiresAtMs) };
}

/** The link's eligibility, or its 404 LINK not valid, 409 LINK_USED or 410 LINK_EXPIRED. */
export function invitationOrThrow(invitation: Invitation) {
  if (invitation.ok) return invitation;
  throw { invalid: linkNotValid, used: linkUsed, expired: linkExpired }[invitation.problem]();
}
