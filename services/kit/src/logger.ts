import pino, { type Logger, type LoggerOptions } from 'pino';
import { currentContext } from './context.js';

export type { Logger };

export function loggerOptions(serviceName: string, level: string): LoggerOptions {
  return {
    level,
    base: { service: serviceName },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      remove: true,
    },
    // Every line written inside a request or an event handler carries its request id.
    mixin() {
      const context = currentContext();
      return context ? { requestId: context.requestId } : {};
    },
  };
}

export function createLogger(serviceName: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino(loggerOptions(serviceName, level));
}
