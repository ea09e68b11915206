import { notFound, type Queryable } from '@spa/kit';
import { insertFavorite } from '../db/favorites.repository.js';
import { isForeignKeyViolation } from '../db/pg-errors.js';
import { findService } from '../db/services.repository.js';

export { isFavorite, listFavoriteServices, removeFavorite } from '../db/favorites.repository.js';

/** Adding twice keeps one favorite (the pair is the key); answers whether this call added it. */
export async function addFavorite(db: Queryable, userId: string, serviceId: string): Promise<boolean> {
  const service = await findService(db, serviceId, { includeInactive: false });
  if (!service) throw notFound('Service not found');
  try {
    return await insertFavorite(db, userId, service.id);
  } catch (error) {
    // Deleted between the look-up and the insert.
    if (isForeignKeyViolation(error)) throw notFound('Service not found');
    throw error;
  }
}
