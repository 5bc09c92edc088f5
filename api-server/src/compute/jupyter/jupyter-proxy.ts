import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import WebSocket, { type RawData } from 'ws';
import { jupyterTarget } from './jupyter-target.js';
import { headersForJupyter } from './jupyter-headers.js';

interface Params {
  instanceId: string;
}
const url = '/jupyter/:instanceId/*';
/** Request headers a kernel's WebSocket carries to Jupyter (its login cookie, token and origin check). */
const forwardedWsHeaders = ['host', 'cookie', 'authorization', 'origin', 'user-agent'] as const;

function refusalPage(msg: string) {
  return `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${msg}</title>
<body style="font-family:sans-serif;text-align:center;padding-top:20vh;color:#555"><h2>${msg}</h2><p>请回到控制台查看实例状态。</p></body></html>`;
}

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, msg: string) {
  if (request.headers.accept?.includes('text/html')) return reply.code(status).type('text/html; charset=utf-8').send(refusalPage(msg));
  return reply.code(status).send({ code: status, data: null, msg });
}

/** A close code this side may send for the code the other side closed with. */
function relayableCode(code: number) {
  return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999) ? code : 1000;
}

function wsHeaders(request: FastifyRequest): IncomingHttpHeaders {
  const browser = headersForJupyter(request.headers);
  const headers: IncomingHttpHeaders = {};
  for (const name of forwardedWsHeaders) if (browser[name]) headers[name] = browser[name];
  return headers;
}

/**
 * `/jupyter/<instanceId>/…`: the instance's Jupyter through the portal, so it works from the browser without
 * extra ports — HTTP with streamed bodies, and WebSocket upgrades for the kernels. The path carries no portal
 * session: Jupyter's own token (in the link the console shows, then Jupyter's cookie) is the guard, as it is
 * for any Jupyter server. Jupyter's pages keep their own headers: the portal's CSP would break them.
 */
export default async function jupyterProxy(app: FastifyInstance) {
  await app.register(replyFrom, { disableRequestLogging: true });

  // Bodies stream through unread: parsers (and the portal's body limit) are for /apis. (So reply-from's warning at
  // start that @fastify/multipart is registered does not concern this context, which has no multipart parser.)
  const bodies = new WeakMap<FastifyRequest, Readable>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    bodies.set(request, payload);
    done(null);
  });

  const forward = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const target = await jupyterTarget(app, request.params.instanceId);
    if ('refusal' in target) return refuse(request, reply, target.refusal.status, target.refusal.msg);
    const body = bodies.get(request);
    if (body) request.body = body;
    const path = request.url.split('?')[0]!;
    return reply.from(path, {
      getUpstream: () => target.origin,
      rewriteRequestHeaders: (_request, headers) => headersForJupyter({ ...headers, host: request.headers.host }),
      onError: () => refuse(request, reply, 502, 'Jupyter 尚未就绪，请稍后刷新'),
    });
  };

  const relayKernel = async (socket: WebSocket, request: FastifyRequest<{ Params: Params }>) => {
    // Frames sent before Jupyter answered wait for it.
    const early: Array<[RawData, boolean]> = [];
    let upstream: WebSocket | null = null;
    socket.on('message', (data, isBinary) => {
      if (upstream?.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
      else early.push([data, isBinary]);
    });
    socket.once('close', () => upstream?.terminate());
    const target = await jupyterTarget(app, request.params.instanceId);
    if (socket.readyState !== WebSocket.OPEN) return;
    if ('refusal' in target) return socket.close(4000 + target.refusal.status, target.refusal.msg);
    const protocols = request.headers['sec-websocket-protocol']?.split(',').map((protocol) => protocol.trim());
    upstream = new WebSocket(`${target.origin.replace('http:', 'ws:')}${request.url}`, protocols, { headers: wsHeaders(request) });
    upstream.on('open', () => {
      for (const [data, isBinary] of early.splice(0)) upstream!.send(data, { binary: isBinary });
    });
    upstream.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
    upstream.on('close', (code, reason) => socket.close(relayableCode(code), reason));
    upstream.on('error', () => socket.close(1011, 'Jupyter unreachable'));
  };

  app.route<{ Params: Params }>({ method: 'GET', url, helmet: false, handler: forward, wsHandler: relayKernel });
  app.route<{ Params: Params }>({ method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url, helmet: false, handler: forward });
}
