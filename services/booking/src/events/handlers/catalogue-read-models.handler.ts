import { PermanentEventError, type EventHandler } from '@spa/kit';
import type { catalogueV1, events } from '@spa/proto';
import {
  DEFAULT_SAC_CODE,
  DEFAULT_SERVICE_GST_BP,
  DEPOSIT_KINDS,
  NO_DEPOSIT,
  type DepositPolicy,
} from '@spa/rules';
import {
  markCategoryDeleted,
  markRoomDeleted,
  markServiceDeleted,
  upsertCategory,
  upsertRoom,
  upsertService,
} from '../../db/read-models.repository.js';

/** The producer's change time, or the event's when an older producer left it out. */
const sourceTime = (updatedAtMs: bigint, occurredAt: Date) =>
  updatedAtMs > 0n ? new Date(Number(updatedAtMs)) : occurredAt;

export const serviceUpserted: EventHandler<typeof events.serviceUpserted> = async (tx, payload, meta) => {
  const service = payload.service;
  if (!service?.id) throw new PermanentEventError('service event without a service id');
  await upsertService(tx, {
    id: service.id,
    name: service.name,
    description: service.description,
    categoryId: service.categoryId,
    categoryName: service.categoryName,
    assignedEmployeeRole: service.assignedEmployeeRole,
    pricing: service.pricing.map((option) => ({
      id: option.id,
      duration: option.duration,
      durationMinutes: option.durationMinutes,
      pricePaise: Number(option.pricePaise),
      label: option.label,
    })),
    cleanupMinutes: service.cleanupMinutes,
    depositPolicy: depositPolicyOf(service.depositPolicy),
    // A catalogue from before GST classification sends neither: its treatments are 999723 at 18%.
    sacCode: service.sacCode || DEFAULT_SAC_CODE,
    gstBp: service.gstBp ?? DEFAULT_SERVICE_GST_BP,
    isActive: service.isActive,
    sourceUpdatedAt: sourceTime(service.updatedAtMs, meta.occurredAt),
  });
};

/** The treatment's deposit policy; none when catalogue sent none (or an older catalogue left it out). */
function depositPolicyOf(policy: catalogueV1.DepositPolicy | undefined): DepositPolicy {
  if (!policy || !(DEPOSIT_KINDS as readonly string[]).includes(policy.kind)) return { ...NO_DEPOSIT };
  return {
    kind: policy.kind as DepositPolicy['kind'],
    value: Number(policy.value),
    lateCancellationHours: policy.lateCancellationHours,
    lateCancellationFeePercent: policy.lateCancellationFeePercent,
  };
}

export const serviceDeleted: EventHandler<typeof events.serviceDeleted> = async (tx, payload) => {
  await markServiceDeleted(tx, payload.serviceId);
};

export const categoryUpserted: EventHandler<typeof events.categoryUpserted> = async (tx, payload, meta) => {
  const category = payload.category;
  if (!category?.id) throw new PermanentEventError('category event without a category id');
  await upsertCategory(tx, {
    id: category.id,
    name: category.name,
    assignedEmployeeRole: category.assignedEmployeeRole,
    isActive: category.isActive,
    sourceUpdatedAt: sourceTime(category.updatedAtMs, meta.occurredAt),
  });
};

export const categoryDeleted: EventHandler<typeof events.categoryDeleted> = async (tx, payload) => {
  await markCategoryDeleted(tx, payload.categoryId);
};

export const roomUpserted: EventHandler<typeof events.roomUpserted> = async (tx, payload, meta) => {
  const room = payload.room;
  if (!room?.id) throw new PermanentEventError('room event without a room id');
  await upsertRoom(tx, {
    id: room.id,
    roomNumber: room.roomNumber,
    capacity: room.capacity,
    type: room.type,
    status: room.status,
    location: room.location,
    pricePaise: Number(room.pricePaise),
    sourceUpdatedAt: sourceTime(room.updatedAtMs, meta.occurredAt),
  });
};

export const roomDeleted: EventHandler<typeof events.roomDeleted> = async (tx, payload) => {
  await markRoomDeleted(tx, payload.roomId);
};
