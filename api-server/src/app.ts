import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppConfig } from './config.js';
import { systemClock, type Clock } from './clock.js';
import type { Database } from './db/open-database.js';
import { RateLimiter } from './lib/rate-limiter.js';
import type { SmsProvider } from './lib/sms/sms-provider.js';
import { OutboxSmsProvider } from './lib/sms/outbox-sms-provider.js';
import securityHeaders from './plugins/security-headers.js';
import envelopeErrors from './plugins/envelope-errors.js';
import authentication from './plugins/authentication.js';
import openapi from './plugins/openapi.js';
import webRoot from './plugins/web-root.js';
import userModule from './modules/user/index.js';
import systemModule from './modules/system/index.js';
import { publicConfigRoute } from './modules/system/routes.js';
import compute from './compute/plugin.js';
import computeUserRoutes from './modules/user/compute-routes.js';
import nodeModule from './modules/node/index.js';
import containerModule from './modules/container/index.js';
import imageModule from './modules/image/index.js';
import uploads from './uploads/uploads-plugin.js';
import examplesStatic from './uploads/examples-static.js';
import orionModule from './modules/orion/index.js';
import vodModule from './modules/vod/index.js';
import cloudNetDiskModule from './modules/cloud-net-disk/index.js';
import { requestLogFields } from './request-log.js';
import { answerFrameworkError } from './lib/framework-errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    clock: Clock;
    sms: SmsProvider;
    rateLimiter: RateLimiter;
    routeTable: Array<{ method: string; url: string; schema?: FastifySchema }>;
  }
}

export interface AppParts {
  config: AppConfig;
  db: Database;
  clock?: Clock;
  sms?: SmsProvider;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(parts: AppParts): Promise<FastifyInstance> {
  const app = Fastify({
    logger: parts.logger ?? {
      level: parts.config.logLevel,
      serializers: { req: requestLogFields },
    },
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { verbose: true } },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const clock = parts.clock ?? systemClock;
  app.decorate('config', parts.config);
  app.decorate('db', parts.db);
  app.decorate('clock', clock);
  app.decorate('sms', parts.sms ?? new OutboxSmsProvider(parts.config.dataDir, app.log));
  app.decorate('rateLimiter', new RateLimiter(clock));
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, schema: route.schema });
  });

  await app.register(securityHeaders);
  await app.register(envelopeErrors);
  await app.register(authentication);
  await app.register(openapi);
  await app.register(userModule, { prefix: '/apis/user' });
  await app.register(systemModule, { prefix: '/apis/system' });
  await app.register(compute);
  await app.register(computeUserRoutes, { prefix: '/apis/user' });
  await app.register(nodeModule, { prefix: '/apis/node' });
  await app.register(containerModule, { prefix: '/apis/container' });
  await app.register(imageModule, { prefix: '/apis/image' });
  await app.register(uploads);
  await app.register(orionModule, { prefix: '/apis/orion' });
  await app.register(vodModule, { prefix: '/apis/vod' });
  await app.register(cloudNetDiskModule, { prefix: '/apis/cloud-net-disk' });
  await app.register(examplesStatic);
  await app.register(publicConfigRoute);
  await app.register(webRoot, { webRoot: parts.config.webRoot });
  return app;
}
