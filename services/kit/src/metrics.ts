import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry a process: HTTP, outbox and consumer metrics all show on its /metrics. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by route and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const outboxPublished = new Counter({
  name: 'outbox_events_published_total',
  help: 'Outbox rows sent to Kafka',
  labelNames: ['topic'] as const,
  registers: [metricsRegistry],
});

export const eventsConsumed = new Counter({
  name: 'events_consumed_total',
  help: 'Events handled by consumers, by outcome (handled, duplicate, ignored, dead_lettered)',
  labelNames: ['consumer', 'event_type', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const eventLag = new Histogram({
  name: 'event_lag_seconds',
  help: 'Time from the producing transaction to the consumer having handled the event',
  labelNames: ['consumer', 'event_type'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const eventRowsPruned = new Counter({
  name: 'event_rows_pruned_total',
  help: 'Sent outbox rows and old inbox rows deleted by the pruning job',
  labelNames: ['table'] as const,
  registers: [metricsRegistry],
});
