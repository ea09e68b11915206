import { randomUUID } from 'node:crypto';
import { badRequest, notFound, type Queryable } from '@spa/kit';
import { isForeignKeyViolation } from '../db/pg-errors.js';
import {
  deleteServiceRow,
  findService,
  insertService,
  lockService,
  replacePricing,
  updateServiceRow,
  type ServiceRecord,
} from '../db/services.repository.js';
import { paiseToRupees } from '../domain/money.js';
import {
  cleanServiceForm,
  depositPolicyOf,
  depositPolicyOutput,
  pricingWithIds,
  serviceColumns,
  type ServiceInput,
} from '../domain/service-form.js';
import { definedOnly } from '../domain/text.js';
import { publishServiceStates } from '../events/catalogue-state.js';
import { catalogueEvents } from '../events/publishes.js';
import type { BookingClient } from '../integrations/booking-client.js';
import { requireCategory } from './categories.js';
import { clearFutureAppointments, type DeleteRequest } from './future-appointments.js';
import type { CatalogueContext } from './context.js';

export { listServices } from '../db/services.repository.js';

const NOT_FOUND = 'Service not found';

export async function getService(db: Queryable, id: string, options: { includeInactive: boolean }) {
  const service = await findService(db, id, options);
  if (!service) throw notFound(NOT_FOUND);
  return service;
}

/** An existing service in the form's own terms, so an update can send only what changed. */
function inputOf(record: ServiceRecord): ServiceInput {
  return {
    name: record.name,
    category: record.categoryId,
    description: record.description,
    benefits: record.benefits,
    tags: record.tags,
    images: record.images,
    isActive: record.isActive,
    cleanupMinutes: record.cleanupMinutes,
    depositPolicy: depositPolicyOutput(depositPolicyOf(record)),
    sacCode: record.sacCode,
    gstBp: record.gstBp,
    pricing: record.pricing.map((option) => ({
      _id: option.id,
      duration: option.duration,
      durationMinutes: option.durationMinutes,
      price: paiseToRupees(option.pricePaise),
      label: option.label,
    })),
  };
}

/** A category deleted while this write waited for it reads as the category not existing. */
async function categoryGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw badRequest('The selected category does not exist', [{ field: 'category' }]);
    throw error;
  }
}

export async function createService({ db, publish }: CatalogueContext, input: ServiceInput): Promise<string> {
  const fields = cleanServiceForm(input);
  return categoryGuard(() =>
    db.transaction(async (tx) => {
      await requireCategory(tx, fields.categoryId);
      const id = await insertService(tx, serviceColumns(fields));
      await replacePricing(tx, id, pricingWithIds(fields.pricing, new Set(), randomUUID));
      await publishServiceStates(tx, publish, [id]);
      return id;
    }),
  );
}

export async function updateService(
  { db, publish }: CatalogueContext,
  id: string,
  input: ServiceInput,
): Promise<void> {
  await categoryGuard(() =>
    db.transaction(async (tx) => {
      if (!(await lockService(tx, id))) throw notFound(NOT_FOUND);
      const existing = (await findService(tx, id, { includeInactive: true }))!;
      const fields = cleanServiceForm({ ...inputOf(existing), ...definedOnly(input) });
      await requireCategory(tx, fields.categoryId);
      await updateServiceRow(tx, id, serviceColumns(fields));
      const ownIds = new Set(existing.pricing.map((option) => option.id));
      await replacePricing(tx, id, pricingWithIds(fields.pricing, ownIds, randomUUID));
      await publishServiceStates(tx, publish, [id]);
    }),
  );
}

/**
 * Deleting a treatment also removes it from everyone's favorites (they point at nothing otherwise).
 * Its future appointments are cleared first (or the delete refused); answers how many were cancelled.
 */
export async function deleteService(
  context: CatalogueContext,
  booking: BookingClient,
  id: string,
  request: DeleteRequest,
): Promise<number> {
  const service = await getService(context.db, id, { includeInactive: true });
  const cancelled = await clearFutureAppointments(booking, { serviceId: id }, service.name, request);
  await deleteServiceRecord(context, id);
  return cancelled;
}

async function deleteServiceRecord({ db, publish }: CatalogueContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteServiceRow(tx, id))) throw notFound(NOT_FOUND);
    await publish(tx, catalogueEvents.serviceDeleted, id, { serviceId: id });
  });
}
