import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { portalDirectives } from '../../lib/index.js';

/**
 * Security headers on every answer, the portal and /apis alike: a Content-Security-Policy the
 * portal passes (the portal page adds the hashes of its inline scripts), nosniff, no framing by
 * other sites, and no full URLs in the Referer sent elsewhere.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: portalDirectives },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'sameorigin' },
      // HTTPS, and so HSTS, is the business of the proxy in front, which knows the host's other sites.
      strictTransportSecurity: false,
    });
  },
  { name: 'security-headers' },
);
