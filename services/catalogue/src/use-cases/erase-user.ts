import type { ReviewRow } from '../db/reviews.repository.js';
import { deleteFavoritesOfUser } from '../db/favorites.repository.js';
import { eraseReviewer } from './reviews.js';
import type { CatalogueContext } from './context.js';

/**
 * An erased account: their favorites, reviews (each announced as deleted) and what they could have
 * reviewed go; only their id is kept (see eraseReviewer). Idempotent.
 */
export async function eraseUser(context: CatalogueContext, userId: string): Promise<ReviewRow[]> {
  await deleteFavoritesOfUser(context.db, userId);
  return eraseReviewer(context, userId);
}
