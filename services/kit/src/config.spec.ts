import { describe, expect, it } from 'vitest';
import { ConfigError, readBaseConfig, readConfig } from './config.js';

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

  it('reads a list that is set but empty as empty, and an unset one as its default', () => {
    expect(readConfig((env) => env.list('NAMES', ['a', 'b']), { NAMES: '' })).toEqual([]);
    expect(readConfig((env) => env.list('NAMES', ['a', 'b']), {})).toEqual(['a', 'b']);
  });
});
