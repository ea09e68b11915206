export { catalogueCounts } from '../db/stats.repository.js';
