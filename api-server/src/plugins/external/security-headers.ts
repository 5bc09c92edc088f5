import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { portalDirectives } from '../../lib/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False on routes that relay another server's answers (an instance's own pages), which bring their own headers. */
    securityHeaders?: boolean;
  }
}

/**
 * The headers helmet's middleware sets with these options, worked out once: with a fixed policy it sets the same ones
 * on every answer, and running its chain of fifteen middlewares per request cost a twentieth of the bare route's CPU.
 */
function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return [...headers];
}

/**
 * Security headers on every answer, the portal and /apis alike: a Content-Security-Policy the
 * portal passes (the portal page adds the hashes of its inline scripts), nosniff, no framing by
 * other sites, and no full URLs in the Referer sent elsewhere.
 */
export default fp(
  async (app) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: portalDirectives },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'sameorigin' },
      // HTTPS, and so HSTS, is the business of the proxy in front, which knows the host's other sites.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.securityHeaders !== false) for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
