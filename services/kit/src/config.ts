import { readServiceKeySettings, type ServiceKeySettings } from './auth/service-auth.js';
import { ConfigError } from './errors.js';

type Env = Record<string, string | undefined>;

export interface NumberRange {
  min?: number;
  max?: number;
}

export interface EnvReader {
  string(name: string, fallback?: string): string;
  optionalString(name: string): string | undefined;
  int(name: string, fallback?: number, range?: NumberRange): number;
  /** A decimal number (a ratio, a factor). */
  number(name: string, fallback?: number, range?: NumberRange): number;
  bool(name: string, fallback?: boolean): boolean;
  url(name: string, fallback?: string): string;
  list(name: string, fallback?: string[]): string[];
  oneOf<T extends string>(name: string, choices: readonly T[], fallback?: T): T;
}

export function readConfig<T>(build: (env: EnvReader) => T, source: Env = process.env): T {
  const problems: string[] = [];
  const raw = (name: string, fallback?: string): string => {
    const value = source[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    problems.push(`${name} is required but not set`);
    return '';
  };
  const checkRange = (name: string, value: number, range: NumberRange | undefined) => {
    if (range?.min !== undefined && value < range.min) problems.push(`${name} must be at least ${range.min}`);
    if (range?.max !== undefined && value > range.max) problems.push(`${name} must be at most ${range.max}`);
  };
  const reader: EnvReader = {
    string: raw,
    optionalString: (name) => (source[name] === '' ? undefined : source[name]),
    int(name, fallback, range) {
      const value = raw(name, fallback?.toString());
      const parsed = Number(value);
      if (value !== '' && !Number.isInteger(parsed))
        problems.push(`${name} must be an integer, got "${value}"`);
      else checkRange(name, parsed, range);
      return parsed;
    },
    number(name, fallback, range) {
      const value = raw(name, fallback?.toString());
      const parsed = Number(value);
      if (value !== '' && !Number.isFinite(parsed)) problems.push(`${name} must be a number, got "${value}"`);
      else checkRange(name, parsed, range);
      return parsed;
    },
    bool(name, fallback) {
      const value = raw(name, fallback?.toString()).toLowerCase();
      if (!['true', 'false', '1', '0', ''].includes(value)) problems.push(`${name} must be true or false`);
      return value === 'true' || value === '1';
    },
    url(name, fallback) {
      const value = raw(name, fallback);
      if (value !== '' && !URL.canParse(value)) problems.push(`${name} must be a URL, got "${value}"`);
      return value;
    },
    list(name, fallback) {
      // Set but empty means an empty list, not "use the default".
      if (source[name] === '') return [];
      const value = raw(name, fallback?.join(','));
      return value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    },
    oneOf(name, choices, fallback) {
      const value = raw(name, fallback) as (typeof choices)[number];
      if (!choices.includes(value))
        problems.push(`${name} must be one of ${choices.join(', ')}, got "${value}"`);
      return value;
    },
  };
  const config = build(reader);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** The settings every service shares; a service adds its own beside them. */
export interface BaseConfig {
  serviceName: string;
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  logLevel: string;
  databaseUrl: string;
  kafkaBrokers: string[];
  /** Optional prefix of every topic and consumer group (see BusOptions.namespace). */
  kafkaNamespace?: string;
  redisUrl: string;
  jwksUrl: string;
  /** Partitions of each topic this service creates (existing topics grow to it, never shrink). */
  kafkaTopicPartitions?: number;
  kafkaReplicationFactor?: number;
  /** Where spans go; tracing is off (and costs nothing) unless an OTLP endpoint is set. */
  tracing?: TracingSettings;
  /** SERVICE_KEY and SERVICE_PUBLIC_KEYS: signed service-to-service calls (auth/service-auth.ts). */
  serviceKeys?: ServiceKeySettings;
  /** OUTBOX_RETENTION_HOURS (default 72): sent outbox rows older than this are pruned. */
  outboxRetentionMs: number;
  /**
   * INBOX_RETENTION_DAYS (default 14): handled event ids older than this are pruned. Must stay longer
   * than the Kafka topics' retention (72 hours locally): an event redelivered or replayed after its id
   * left the inbox would be handled a second time.
   */
  inboxRetentionMs: number;
  /**
   * SHUTDOWN_DRAIN_MS (default 0): after SIGTERM, how long /readyz answers 503 while requests are still
   * served, before the app stops listening; at least the load balancer's time to take a replica out.
   */
  shutdownDrainMs: number;
  /** EVENT_PRUNING_INTERVAL_MS (default a minute): how often the outbox and inbox are pruned. */
  eventPruningIntervalMs: number;
}

export interface TracingSettings {
  /** The OTLP/HTTP traces URL (…/v1/traces); undefined turns tracing off. */
  exportUrl?: string;
  /** Share of new traces recorded (0..1); a trace started upstream keeps its caller's decision. */
  sampleRatio: number;
}

export const DEFAULT_TOPIC_PARTITIONS = 3;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The standard OpenTelemetry variables: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (used as is) or
 * OTEL_EXPORTER_OTLP_ENDPOINT (+ /v1/traces), OTEL_SDK_DISABLED, and the ratio from
 * OTEL_TRACES_SAMPLER_ARG or the kit's TRACE_SAMPLE_RATIO (default 1: every new trace).
 */
export function readTracingSettings(env: EnvReader): TracingSettings {
  const urlIfSet = (name: string) => (env.optionalString(name) === undefined ? undefined : env.url(name));
  const tracesEndpoint = urlIfSet('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const endpoint = urlIfSet('OTEL_EXPORTER_OTLP_ENDPOINT');
  const ratioVariable =
    env.optionalString('OTEL_TRACES_SAMPLER_ARG') === undefined
      ? 'TRACE_SAMPLE_RATIO'
      : 'OTEL_TRACES_SAMPLER_ARG';
  const sampleRatio = env.number(ratioVariable, 1, { min: 0, max: 1 });
  if (env.bool('OTEL_SDK_DISABLED', false)) return { exportUrl: undefined, sampleRatio };
  return {
    exportUrl: tracesEndpoint ?? (endpoint ? `${endpoint.replace(/\/+$/, '')}/v1/traces` : undefined),
    sampleRatio,
  };
}

export function readBaseConfig(env: EnvReader, serviceName: string, defaultPort: number): BaseConfig {
  const nodeEnv = env.oneOf('NODE_ENV', ['development', 'test', 'production'] as const, 'development');
  return {
    serviceName,
    nodeEnv,
    port: env.int('PORT', defaultPort),
    host: env.string('HOST', '127.0.0.1'),
    logLevel: env.string('LOG_LEVEL', 'info'),
    databaseUrl: env.url('DATABASE_URL'),
    kafkaBrokers: env.list('KAFKA_BROKERS'),
    kafkaNamespace: env.optionalString('KAFKA_NAMESPACE'),
    redisUrl: env.url('REDIS_URL'),
    jwksUrl: env.url('JWKS_URL', 'http://127.0.0.1:4001/.well-known/jwks.json'),
    kafkaTopicPartitions: env.int('KAFKA_TOPIC_PARTITIONS', DEFAULT_TOPIC_PARTITIONS, { min: 1, max: 1000 }),
    kafkaReplicationFactor: env.int('KAFKA_REPLICATION_FACTOR', 1, { min: 1, max: 10 }),
    tracing: readTracingSettings(env),
    serviceKeys: readServiceKeySettings(env, nodeEnv === 'production'),
    // Fractions allowed (the fleet run prunes within minutes: OUTBOX_RETENTION_HOURS=0.02).
    outboxRetentionMs: Math.round(
      env.number('OUTBOX_RETENTION_HOURS', 72, { min: 0.01, max: 24 * 365 }) * HOUR_MS,
    ),
    // Longer than Kafka's topic retention, so an old event redelivered is still recognised as handled.
    inboxRetentionMs: Math.round(env.number('INBOX_RETENTION_DAYS', 14, { min: 0.001, max: 3650 }) * DAY_MS),
    shutdownDrainMs: env.int('SHUTDOWN_DRAIN_MS', 0, { min: 0, max: 60_000 }),
    eventPruningIntervalMs: env.int('EVENT_PRUNING_INTERVAL_MS', 60_000, { min: 1_000, max: 24 * HOUR_MS }),
  };
}
