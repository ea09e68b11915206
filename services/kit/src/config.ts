/**
 * Environment configuration, read once at start-up. Every problem is collected first so a
 * misconfigured service names all of its missing or bad variables in one message.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export interface EnvReader {
  string(name: string, fallback?: string): string;
  optionalString(name: string): string | undefined;
  int(name: string, fallback?: number): number;
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
  const reader: EnvReader = {
    string: raw,
    optionalString: (name) => (source[name] === '' ? undefined : source[name]),
    int(name, fallback) {
      const value = raw(name, fallback?.toString());
      const parsed = Number(value);
      if (value !== '' && !Number.isInteger(parsed))
        problems.push(`${name} must be an integer, got "${value}"`);
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
}

export function readBaseConfig(env: EnvReader, serviceName: string, defaultPort: number): BaseConfig {
  return {
    serviceName,
    nodeEnv: env.oneOf('NODE_ENV', ['development', 'test', 'production'] as const, 'development'),
    port: env.int('PORT', defaultPort),
    host: env.string('HOST', '127.0.0.1'),
    logLevel: env.string('LOG_LEVEL', 'info'),
    databaseUrl: env.url('DATABASE_URL'),
    kafkaBrokers: env.list('KAFKA_BROKERS'),
    kafkaNamespace: env.optionalString('KAFKA_NAMESPACE'),
    redisUrl: env.url('REDIS_URL'),
    jwksUrl: env.url('JWKS_URL', 'http://127.0.0.1:4001/.well-known/jwks.json'),
  };
}
