import fp from 'fastify-plugin';
import helmet from 'helmet';
import { portalDirectives } from '../../lib/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False on routes that relay another server's answers (an instance's own pages), which bring their own headers. */
    securityHeaders?: boolean;
  }
}

/**
 * Security headers on every answer, the portal and /apis alike: a Content-Security-Policy the
 * portal passes (the portal page adds the hashes of its inline scripts), nosniff, no framing by
 * other sites, and no full URLs in the Referer sent elsewhere. The headers are worked out once, at
 * start-up (`@fastify/helmet` rebuilt them, policy included, on every request).
 */
export default fp(
  async (app) => {
    const setHeaders = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: portalDirectives },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'sameorigin' },
      // HTTPS, and so HSTS, is the business of the proxy in front, which knows the host's other sites.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.securityHeaders === false) return done();
      setHeaders(request.raw, reply.raw, () => done());
    });
  },
  { name: 'security-headers' },
);
