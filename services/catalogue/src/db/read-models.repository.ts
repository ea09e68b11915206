import type { Queryable } from '@spa/kit';
import { readModelGeneration } from './schema.js';

/** The id of this database's read-model generation (written by migration 0005). */
export async function readModelGenerationId(db: Queryable): Promise<string> {
  const [row] = await db.select({ id: readModelGeneration.id }).from(readModelGeneration).limit(1);
  if (!row) throw new Error('read_model_generation is empty: run the catalogue migrations');
  return row.id;
}
