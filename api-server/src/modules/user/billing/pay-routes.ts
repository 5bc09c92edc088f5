import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { cashierPage, receiveNotification } from '../../../billing/index.js';

const paymentNoPattern = /^[0-9a-f]{1,32}$/;

/**
 * The providers' side, outside the session: their asynchronous notifications (`api/pay/notify/{provider}`, the
 * raw body kept for the signature check) and the sandbox provider's cashier page. Hidden from openapi.json:
 * these answer the providers' own formats, not the envelope.
 */
const routes: FastifyPluginAsync = async (app) => {
  // Signatures cover the exact bytes sent: each body is kept as received. JSON is still parsed, so the input
  // checks every route gets (nesting depth, unstorable text) answer here too.
  const rawBodies = new WeakMap<FastifyRequest, string>();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const bodyLimit = 64 * 1024;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body: string, done) => {
    rawBodies.set(request, body);
    if (body === '') return done(null, {});
    parseJson(request, body, done);
  });
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (request, body: string, done) => {
    rawBodies.set(request, body);
    done(null, body);
  });
  const sandbox = app.payments.providers.sandbox;

  app.post<{ Params: { provider: string } }>('/api/pay/notify/:provider', { schema: { hide: true } }, async (request, reply) => {
    const ack = await receiveNotification(app.payments, request.params.provider, {
      headers: request.headers,
      body: rawBodies.get(request) ?? '',
    });
    return reply.code(ack.status).type(ack.contentType).send(ack.body);
  });

  if (!app.payments.providers.byName.has('sandbox')) return;

  app.get<{ Params: { paymentNo: string } }>('/api/pay/sandbox/cashier/:paymentNo', { schema: { hide: true } }, async (request, reply) => {
    const trade = paymentNoPattern.test(request.params.paymentNo) ? await sandbox.trade(request.params.paymentNo) : null;
    return reply
      .code(trade ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(cashierPage(trade));
  });

  app.post<{ Params: { paymentNo: string; action: string } }>(
    '/api/pay/sandbox/cashier/:paymentNo/:action',
    { schema: { hide: true } },
    async (request, reply) => {
      const { paymentNo, action } = request.params;
      const trade = paymentNoPattern.test(paymentNo) ? await sandbox.trade(paymentNo) : null;
      if (!trade || (action !== 'confirm' && action !== 'fail'))
        return reply.code(404).type('text/html; charset=utf-8').send(cashierPage(null));
      if (action === 'confirm') {
        const notification = await sandbox.pay(paymentNo);
        if (notification) {
          // Delivered through the public notification endpoint, exactly as a provider's server would post it.
          await app.inject({
            method: 'POST',
            url: '/apis/user/api/pay/notify/sandbox',
            headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
            payload: new URLSearchParams(notification).toString(),
          });
        }
      }
      return reply.redirect(trade.returnUrl, 303);
    },
  );
};

export default routes;
