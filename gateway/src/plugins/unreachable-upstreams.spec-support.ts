import { SERVICE_NAMES, type ServiceName } from '../routing.js';

/** Every service at an address nothing listens on (the discard port), for plugin specs. */
export const UNREACHABLE_UPSTREAMS = Object.fromEntries(
  SERVICE_NAMES.map((name) => [name, 'http://127.0.0.1:9']),
) as Record<ServiceName, string>;
