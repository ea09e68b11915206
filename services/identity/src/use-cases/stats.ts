import { countAccountsByRole } from '../db/stats.repository.js';
import type { IdentityContext } from './context.js';

/** Account counts for the admin dashboard: customers, employees and admins. */
export function accountCounts(context: IdentityContext) {
  return countAccountsByRole(context.db);
}
