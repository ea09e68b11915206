import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../config.js';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../security.js';

export interface SecurityHeadersOptions {
  config: Pick<GatewayConfig, 'csp'>;
}

/** Every answer leaves with the security headers and, unless it brings its own, the SPA's CSP. */
export const securityHeaders = fp<SecurityHeadersOptions>(
  (app: FastifyInstance, { config }) => {
    const csp = contentSecurityPolicy(config.csp);
    app.addHook('onSend', async (request, reply, payload) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
      // The docs page brings its own policy (its scripts are hashed); everything else gets the SPA's.
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
      return payload;
    });
  },
  { name: 'gateway-security-headers', fastify: '5.x' },
);
