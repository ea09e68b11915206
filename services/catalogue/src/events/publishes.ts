import type { TopicSpec } from '@spa/kit';
import { events } from '@spa/proto';

/** Catalogue's entity-state events (reviews included); each topic is compacted and keyed by the entity id. */
export const catalogueEvents = {
  serviceUpserted: events.serviceUpserted,
  serviceDeleted: events.serviceDeleted,
  categoryUpserted: events.categoryUpserted,
  categoryDeleted: events.categoryDeleted,
  roomUpserted: events.roomUpserted,
  roomDeleted: events.roomDeleted,
  productUpserted: events.productUpserted,
  productDeleted: events.productDeleted,
  reviewUpserted: events.reviewUpserted,
  reviewDeleted: events.reviewDeleted,
  reviewHidden: events.reviewHidden,
  reviewRequested: events.reviewRequested,
} as const;

export const catalogueTopics: TopicSpec[] = [
  ...new Map(
    Object.values(catalogueEvents).map((event) => [
      event.topic,
      { topic: event.topic, compacted: event.compacted },
    ]),
  ).values(),
];
