import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import WebSocket, { type RawData } from 'ws';
import { cookieValue, headersForInstance, passCookie } from './instance-headers.js';
import { instancePageHosts, instancePageHostShape } from './instance-page-origin.js';
import { exchangeTicket, grantOfPass, passLifetimeMs } from './instance-page-passes.js';
import { instancePageUpstream, ticketParam } from './instance-page-access.js';

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

/**
 * One answer for every refusal (no pass, a spent or expired ticket, an unknown, released or stopped instance, someone
 * else's): the same status and page, so that an instance id tells an outsider nothing.
 */
const refusalPage = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>无法打开该页面</title>
<body style="font-family:sans-serif;text-align:center;padding-top:20vh;color:#555"><h2>无法打开该页面</h2>
<p>实例不存在、未运行，或你没有访问权限。请登录控制台，从实例列表重新打开。</p></body></html>`;

/** For an admitted request whose port does not answer (Jupyter still starting). */
const unreachablePage = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>服务尚未就绪</title>
<body style="font-family:sans-serif;text-align:center;padding-top:20vh;color:#555"><h2>服务尚未就绪</h2>
<p>实例中该端口暂时没有响应，请稍后刷新。</p></body></html>`;

function refuse(reply: FastifyReply) {
  return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(refusalPage);
}

/** The path and query without the ticket, to land on once it is spent; always a path of this origin. */
function withoutTicket(url: string) {
  const [path, query = ''] = url.split(/\?(.*)/s) as [string, string?];
  const kept = query.split('&').filter((part) => part && !part.startsWith(`${ticketParam}=`));
  return `/${path.replace(/^\/+/, '')}${kept.length ? `?${kept.join('&')}` : ''}`;
}

function ticketOf(request: FastifyRequest) {
  const query = request.originalUrl.split(/\?(.*)/s)[1] ?? '';
  const part = query.split('&').find((pair) => pair.startsWith(`${ticketParam}=`));
  return part === undefined ? null : decodeURIComponent(part.slice(ticketParam.length + 1));
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
    /** The instance port this request was admitted to (`http://host:port`), set before its handler runs. */
    instanceUpstream?: string;
  }
}

/**
 * Every page served from inside an instance, on its own origin (`INSTANCE_PAGES_ORIGIN`, one per instance and port):
 * HTTP with streamed bodies, and WebSocket upgrades (Jupyter's kernels). The portal's session never reaches that origin.
 * The way in is a single-use ticket the portal issued to the instance's owner (`?rc_ticket=`), exchanged here for an
 * HttpOnly, SameSite=Lax pass cookie of this host alone; each request is checked afresh (the pass's holder still owns
 * the instance, which runs). The instance's pages keep their own headers: the portal's CSP would break them.
 */
export default async function instancePagesProxy(app: FastifyInstance) {
  await app.register(replyFrom, { disableRequestLogging: true });
  const addressOf = instancePageHosts(app.config.instancePagesOrigin);
  const secure = app.config.instancePagesOrigin.startsWith('https:');

  // Bodies stream through unread: parsers (and the portal's body limit) are for /apis. (So reply-from's warning at
  // start that @fastify/multipart is registered does not concern this context, which has no multipart parser.)
  const bodies = new WeakMap<FastifyRequest, Readable>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    bodies.set(request, payload);
    done(null);
  });

  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const address = addressOf(request.headers.host);
    if (!address) return refuse(reply);
    const ticket = request.method === 'GET' ? ticketOf(request) : null;
    if (ticket !== null) {
      const exchanged = await exchangeTicket(app.shared, ticket, address);
      if (!exchanged || !(await instancePageUpstream(app, exchanged.grant))) return refuse(reply);
      const cookie = `${passCookie}=${exchanged.pass}; Path=/; Max-Age=${passLifetimeMs / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
      return reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect(withoutTicket(request.originalUrl), 303);
    }
    const grant = await grantOfPass(app.shared, cookieValue(request.headers.cookie, passCookie), address);
    const upstream = await instancePageUpstream(app, grant);
    if (!upstream) return refuse(reply);
    request.instanceUpstream = upstream;
  };

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = bodies.get(request);
    if (body) request.body = body;
    return reply.from(request.originalUrl, {
      getUpstream: () => request.instanceUpstream!,
      rewriteRequestHeaders: (_request, headers) => headersForInstance(headers),
      onError: (failed) => failed.code(502).type('text/html; charset=utf-8').send(unreachablePage),
    });
  };

  const relay = (socket: WebSocket, request: FastifyRequest) => {
    const protocols = request.headers['sec-websocket-protocol']?.split(',').map((protocol) => protocol.trim());
    const upstream = new WebSocket(`${request.instanceUpstream!.replace('http:', 'ws:')}${request.originalUrl}`, protocols, {
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
    helmet: false as const,
    preValidation: admit,
    constraints: { host: instancePageHostShape(app.config.instancePagesOrigin) },
  };
  app.route({ ...common, method: 'GET', handler: forward, wsHandler: relay });
  app.route({ ...common, method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], handler: forward });
}
