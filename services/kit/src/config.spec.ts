import { describe, expect, it } from 'vitest';
import { readBaseConfig, readConfig, readTracingSettings } from './config.js';
import { ConfigError } from './errors.js';

describe('readConfig', () => {
  it('names every missing or bad variable at once', () => {
    const attempt = () =>
      readConfig((env) => readBaseConfig(env, 'booking', 4003), { PORT: 'eighty', KAFKA_BROKERS: 'x:1' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'PORT must be an integer, got "eighty"',
        'DATABASE_URL is required but not set',
        'REDIS_URL is required but not set',
      ]);
    }
  });

  it('applies defaults and parses lists', () => {
    const config = readConfig((env) => readBaseConfig(env, 'booking', 4003), {
      DATABASE_URL: 'postgres://a:b@127.0.0.1:5432/booking',
      KAFKA_BROKERS: 'one:9092, two:9092',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.port).toBe(4003);
    expect(config.kafkaBrokers).toEqual(['one:9092', 'two:9092']);
    expect(config.nodeEnv).toBe('development');
  });

  it('reads Kafka topic sizing, with 3 partitions and 1 replica by default', () => {
    const base = {
      DATABASE_URL: 'postgres://a:b@127.0.0.1:5432/booking',
      KAFKA_BROKERS: '127.0.0.1:9092',
      REDIS_URL: 'redis://127.0.0.1:6379',
    };
    const defaults = readConfig((env) => readBaseConfig(env, 'booking', 4003), base);
    expect(defaults).toMatchObject({ kafkaTopicPartitions: 3, kafkaReplicationFactor: 1 });
    const sized = readConfig((env) => readBaseConfig(env, 'booking', 4003), {
      ...base,
      KAFKA_TOPIC_PARTITIONS: '12',
      KAFKA_REPLICATION_FACTOR: '3',
    });
    expect(sized).toMatchObject({ kafkaTopicPartitions: 12, kafkaReplicationFactor: 3 });
    expect(() =>
      readConfig((env) => readBaseConfig(env, 'booking', 4003), { ...base, KAFKA_TOPIC_PARTITIONS: '0' }),
    ).toThrow('KAFKA_TOPIC_PARTITIONS must be at least 1');
  });

  it('reads the outbox and inbox retention, 72 hours and 14 days by default', () => {
    const base = {
      DATABASE_URL: 'postgres://a:b@127.0.0.1:5432/booking',
      KAFKA_BROKERS: '127.0.0.1:9092',
      REDIS_URL: 'redis://127.0.0.1:6379',
    };
    const read = (env: Record<string, string>) =>
      readConfig((reader) => readBaseConfig(reader, 'booking', 4003), { ...base, ...env });
    expect(read({})).toMatchObject({ outboxRetentionMs: 72 * 3_600_000, inboxRetentionMs: 14 * 86_400_000 });
    expect(read({ OUTBOX_RETENTION_HOURS: '6', INBOX_RETENTION_DAYS: '30' })).toMatchObject({
      outboxRetentionMs: 6 * 3_600_000,
      inboxRetentionMs: 30 * 86_400_000,
    });
    try {
      read({ OUTBOX_RETENTION_HOURS: 'a day', INBOX_RETENTION_DAYS: '0' });
      expect.unreachable('bad retention settings are a config error');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'OUTBOX_RETENTION_HOURS must be a number, got "a day"',
        'INBOX_RETENTION_DAYS must be at least 0.001',
      ]);
    }
    expect(read({ OUTBOX_RETENTION_HOURS: '0.02' })).toMatchObject({ outboxRetentionMs: 72_000 });
    expect(() => read({ INBOX_RETENTION_DAYS: '-3' })).toThrow('INBOX_RETENTION_DAYS must be at least 0.001');
  });

  it('turns tracing on only with an OTLP endpoint, with a parent-based ratio', () => {
    const tracing = (env: Record<string, string>) => readConfig(readTracingSettings, env);
    expect(tracing({})).toEqual({ exportUrl: undefined, sampleRatio: 1 });
    expect(tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).exportUrl).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      tracing({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9999/custom',
      }).exportUrl,
    ).toBe('http://traces:9999/custom');
    expect(
      tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).exportUrl,
    ).toBeUndefined();
    expect(tracing({ TRACE_SAMPLE_RATIO: '0.25' }).sampleRatio).toBe(0.25);
    expect(tracing({ TRACE_SAMPLE_RATIO: '0.25', OTEL_TRACES_SAMPLER_ARG: '0.5' }).sampleRatio).toBe(0.5);
    expect(() => tracing({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(
      'OTEL_TRACES_SAMPLER_ARG must be at most 1',
    );
    expect(() => tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(
      'OTEL_EXPORTER_OTLP_ENDPOINT must be a URL',
    );
  });

  it('reads a list that is set but empty as empty, and an unset one as its default', () => {
    expect(readConfig((env) => env.list('NAMES', ['a', 'b']), { NAMES: '' })).toEqual([]);
    expect(readConfig((env) => env.list('NAMES', ['a', 'b']), {})).toEqual(['a', 'b']);
  });
});
