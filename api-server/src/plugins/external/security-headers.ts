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

/** What every answer carries: no framing by other sites, no full URLs in the Referer sent elsewhere. */
const everyAnswer = {
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'sameorigin' },
  // HTTPS, and so HSTS, is the business of the proxy in front, which knows the host's other sites.
  strictTransportSecurity: false,
} satisfies HelmetOptions;

/** What a browser may show as a page: the portal's policy (the portal page adds the hashes of its inline scripts). */
const pageOptions: HelmetOptions = { ...everyAnswer, contentSecurityPolicy: { useDefaults: false, directives: portalDirectives } };

/**
 * A JSON answer, never a page (as GitHub's API answers): a policy that allows nothing, without the headers only a page
 * reads (its opener, agent cluster, DNS prefetching, downloads in old IE, Flash, the XSS auditor).
 */
const jsonAnswerOptions: HelmetOptions = {
  ...everyAnswer,
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'self'"] } },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

const isJson = (contentType: unknown) => typeof contentType === 'string' && contentType.startsWith('application/json');

/**
 * Security headers on every answer, the portal and /apis alike, nosniff and same-origin reads among them; a route may
 * set a stricter policy of its own. A JSON answer's are a third of a page's bytes.
 */
export default fp(
  async (app) => {
    const pageHeaders = helmetHeaders(pageOptions);
    const jsonAnswerHeaders = helmetHeaders(jsonAnswerOptions);
    // On send, when the answer's type is known; the route's own headers, set on the reply, still win. (An event stream,
    // written around Fastify, is neither a page nor JSON.)
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.routeOptions.config.securityHeaders !== false) {
        const headers = isJson(reply.getHeader('content-type')) ? jsonAnswerHeaders : pageHeaders;
        for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
