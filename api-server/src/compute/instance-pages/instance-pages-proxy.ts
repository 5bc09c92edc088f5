import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import WebSocket, { type RawData } from 'ws';
import { cookieValue, headersForInstance, passCookie } from './instance-headers.js';
import { instancePageHosts, instancePageHostShape, type InstancePageAddress } from './instance-page-origin.js';
import { exchangeTicket, grantOfPass, issuePass, passLifetimeMs } from './instance-page-passes.js';
import { admitInstancePage, ticketParam } from './instance-page-access.js';
import { noticePage, refusalPage, type PageNotice } from './instance-page-notices.js';
import { grantOfShare, shareParam } from './page-shares.js';
import { jupyterPort } from './jupyter-link.js';
import { startJupyter } from './jupyter-start.js';
import type { InstanceRow } from '../instance-state.js';

/** Where requests to an instance-pages host are routed: no path of the portal's own (its pages, /apis) is reachable there. */
const routedPrefix = '/instance-page-host';
/** Request headers a WebSocket carries to the instance (its own cookies and tokens, and the origin Jupyter checks). */
const forwardedWsHeaders = ['host', 'cookie', 'authorization', 'origin', 'user-agent'] as const;

/**
 * For Fastify's `rewriteUrl`: a request to an instance-pages host (INSTANCE_PAGES_ORIGIN) is routed to this plugin
 * whatever its path, so the portal's routes do not exist on that origin.
 */
export function routeInstancePageHosts(pattern: string) {
  const addressOf = instancePageHosts(pattern);
  return (request: IncomingMessage) => (addressOf(request.headers.host) ? `${routedPrefix}${request.url}` : request.url!);
}

function refuse(reply: FastifyReply) {
  return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(refusalPage);
}

function tell(reply: FastifyReply, notice: PageNotice, port: number) {
  const { status, html } = noticePage(notice, port);
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** The path and query without the ticket or share secret, to land on once it is spent; always a path of this origin. */
function withoutTicket(url: string) {
  const [path, query = ''] = url.split(/\?(.*)/s) as [string, string?];
  const kept = query.split('&').filter((part) => part && !part.startsWith(`${ticketParam}=`) && !part.startsWith(`${shareParam}=`));
  return `/${path.replace(/^\/+/, '')}${kept.length ? `?${kept.join('&')}` : ''}`;
}

function queryParam(request: FastifyRequest, name: string) {
  const query = request.originalUrl.split(/\?(.*)/s)[1] ?? '';
  const part = query.split('&').find((pair) => pair.startsWith(`${name}=`));
  return part === undefined ? null : decodeURIComponent(part.slice(name.length + 1));
}

/** A close code this side may send for the code the other side closed with. */
function relayableCode(code: number) {
  return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999) ? code : 1000;
}

function wsHeaders(request: FastifyRequest): IncomingHttpHeaders {
  const browser = headersForInstance(request.headers);
  const headers: IncomingHttpHeaders = {};
  for (const name of forwardedWsHeaders) if (browser[name]) headers[name] = browser[name];
  return headers;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The instance port this request was admitted to (`http://host:port`, the port, the instance), set before its handler runs. */
    instancePage?: { upstream: string; port: number; instance: InstanceRow };
  }
}

/**
 * Every page served from inside an instance, on its own origin (`INSTANCE_PAGES_ORIGIN`, one per instance and port):
 * HTTP with streamed bodies, and WebSocket upgrades (Jupyter's kernels). The portal's session never reaches that origin.
 * The way in is a single-use ticket the portal issued to the instance's owner (`?rc_ticket=`) or an open share link
 * (`?rc_share=`), exchanged here for an HttpOnly, SameSite=Lax pass cookie of this host alone; each request is checked
 * afresh (the instance still is the owner's, the share still open). The holder of a valid pass is told in Chinese why a
 * port cannot be served (stopped, released, nothing listening); everyone else gets the one refusal page.
 * The instance's pages keep their own headers: the portal's CSP would break them.
 */
export default async function instancePagesProxy(app: FastifyInstance) {
  await app.register(replyFrom, { disableRequestLogging: true });
  const addressOf = instancePageHosts(app.config.instancePagesOrigin);
  const secure = app.config.instancePagesOrigin.startsWith('https:');

  // Bodies stream through unread: parsers (and the portal's body limit) are for /apis.
  const bodies = new WeakMap<FastifyRequest, Readable>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    bodies.set(request, payload);
    done(null);
  });

  /** The grant the request's ticket or share secret stands for, with a pass for it; undefined when it carries neither. */
  const exchange = async (request: FastifyRequest, address: InstancePageAddress) => {
    if (request.method !== 'GET') return undefined;
    const ticket = queryParam(request, ticketParam);
    if (ticket !== null) return exchangeTicket(app.shared, ticket, address);
    const share = queryParam(request, shareParam);
    if (share === null) return undefined;
    const grant = await grantOfShare(app.db, share, address, app.clock.now());
    return grant && { grant, pass: await issuePass(app.shared, grant) };
  };

  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const address = addressOf(request.headers.host);
    if (!address) return refuse(reply);
    const exchanged = await exchange(request, address);
    if (exchanged !== undefined) {
      if (!exchanged || (await admitInstancePage(app, exchanged.grant)).refused) return refuse(reply);
      const cookie = `${passCookie}=${exchanged.pass}; Path=/; Max-Age=${passLifetimeMs / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
      return reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect(withoutTicket(request.originalUrl), 303);
    }
    const grant = await grantOfPass(app.shared, cookieValue(request.headers.cookie, passCookie), address);
    const admission = await admitInstancePage(app, grant);
    if (admission.refused) return refuse(reply);
    if ('notice' in admission) return tell(reply, admission.notice, address.port);
    request.instancePage = { upstream: admission.upstream, port: address.port, instance: admission.instance };
  };

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = bodies.get(request);
    if (body) request.body = body;
    return reply.from(request.originalUrl, {
      getUpstream: () => request.instancePage!.upstream,
      rewriteRequestHeaders: (_request, headers) => headersForInstance(headers),
      onError: async (failed) => {
        const { port, instance } = request.instancePage!;
        // Jupyter starts on the first open: the page is asked for again once it listens.
        if (request.method === 'GET' && port === jupyterPort) {
          const started = await startJupyter(app, instance).catch(() => 'unavailable');
          if (started === 'started') return failed.header('cache-control', 'no-store').redirect(request.originalUrl, 307);
        }
        const { status, html } = noticePage('notListening', port);
        return failed.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    });
  };

  const relay = (socket: WebSocket, request: FastifyRequest) => {
    const protocols = request.headers['sec-websocket-protocol']?.split(',').map((protocol) => protocol.trim());
    const upstream = new WebSocket(`${request.instancePage!.upstream.replace('http:', 'ws:')}${request.originalUrl}`, protocols, {
      headers: wsHeaders(request),
    });
    // Frames sent before the instance answered wait for it.
    const early: Array<[RawData, boolean]> = [];
    socket.on('message', (data, isBinary) => {
      if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
      else early.push([data, isBinary]);
    });
    socket.once('close', () => upstream.terminate());
    upstream.on('open', () => {
      for (const [data, isBinary] of early.splice(0)) upstream.send(data, { binary: isBinary });
    });
    upstream.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
    upstream.on('close', (code, reason) => socket.close(relayableCode(code), reason));
    upstream.on('error', () => socket.close(1011, 'instance unreachable'));
  };

  const url = `${routedPrefix}/*`;
  const common = {
    url,
    config: { securityHeaders: false },
    preValidation: admit,
    constraints: { host: instancePageHostShape(app.config.instancePagesOrigin) },
  };
  app.route({ ...common, method: 'GET', handler: forward, wsHandler: relay });
  app.route({ ...common, method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], handler: forward });
}
