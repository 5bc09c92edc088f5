import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppConfig } from './config.js';
import { systemClock, type Clock } from './clock.js';
import type { Database } from './db/open-database.js';
import { loggerOptions, type LogDestination } from './observability/logger-options.js';
import { requestIdOf } from './observability/request-id.js';
import { answerFrameworkError } from './lib/framework-errors.js';
import { sharedSchemaCompilers } from './lib/schema-compilers.js';
import core from './plugins/app/core.js';
import sharedState from './plugins/app/shared-state.js';
import userChanges from './plugins/app/user-changes.js';
import servedBy from './plugins/app/served-by.js';
import requestIds from './plugins/app/request-ids.js';
import scheduling from './plugins/app/scheduling.js';
import metrics from './plugins/app/metrics.js';
import health from './plugins/app/health.js';
import sessionCache from './plugins/app/session-cache.js';
import push from './plugins/app/push.js';
import securityHeaders from './plugins/external/security-headers.js';
import openapi from './plugins/external/openapi.js';
import rateLimit from './plugins/external/rate-limit.js';
import multipart from './plugins/external/multipart.js';
import websocket from './plugins/external/websocket.js';
import examplesStatic from './plugins/external/examples-static.js';
import webRoot from './plugins/external/web-root.js';
import envelopeErrors from './plugins/app/envelope-errors.js';
import authentication from './plugins/app/authentication.js';
import sms from './plugins/app/sms.js';
import payouts from './plugins/app/payouts.js';
import compute from './plugins/app/compute.js';
import webTerminal from './plugins/app/web-terminal.js';
import blobStore from './plugins/app/blob-store.js';
import uploads from './plugins/app/uploads.js';
import fileStorage from './plugins/app/file-storage.js';
import hpc from './plugins/app/hpc.js';
import payments from './plugins/app/payments.js';
import quotes from './plugins/app/quotes.js';
import videoTranscoding from './plugins/app/video-transcoding.js';
import userModule from './modules/user/index.js';
import systemModule from './modules/system/index.js';
import { publicConfigRoute } from './modules/system/site-routes.js';
import nodeModule from './modules/node/index.js';
import containerModule from './modules/container/index.js';
import imageModule from './modules/image/index.js';
import orionModule from './modules/orion/index.js';
import vodModule from './modules/vod/index.js';
import cloudNetDiskModule from './modules/cloud-net-disk/index.js';
import hpcModule from './modules/hpc/index.js';
import netDiskModule from './modules/net-disk/index.js';
import dataModule from './modules/data/index.js';
import communityModule from './modules/community/index.js';
import courseModule from './modules/course/index.js';
import applicationModule from './modules/application/index.js';
import examModule from './modules/exam/index.js';
import demoDatasets from './plugins/app/demo-datasets.js';
import instancePagesProxy, { routeInstancePageHosts } from './compute/instance-pages/instance-pages-proxy.js';

export interface AppParts {
  config: AppConfig;
  db: Database;
  clock?: Clock;
  /** false: no log at all; a destination: the log lines go there instead of stdout. */
  logger?: false | LogDestination;
}

export async function buildApp(parts: AppParts): Promise<FastifyInstance> {
  const app = Fastify({
    logger: parts.logger === false ? false : loggerOptions(parts.config, parts.logger),
    genReqId: requestIdOf,
    // Behind nginx the client is the one X-Forwarded-For names, when the proxy is trusted (rate limits per IP).
    trustProxy: parts.config.trustProxy.length ? parts.config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { verbose: true } },
    schemaController: sharedSchemaCompilers,
    frameworkErrors: answerFrameworkError,
    rewriteUrl: routeInstancePageHosts(parts.config.instancePagesOrigin),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Order matters where hooks meet routes: hooks added after a plugin that registers routes miss those routes,
  // so the envelope and authentication come before any route, and the portal's catch-all comes last.
  await app.register(core, { config: parts.config, db: parts.db, clock: parts.clock ?? systemClock });
  await app.register(servedBy);
  await app.register(requestIds);
  await app.register(scheduling);
  await app.register(metrics);
  await app.register(sharedState);
  await app.register(userChanges);
  await app.register(sessionCache);
  await app.register(push);
  await app.register(securityHeaders);
  await app.register(envelopeErrors);
  await app.register(authentication);

  await app.register(openapi);
  await app.register(rateLimit);
  await app.register(multipart);
  await app.register(websocket);

  await app.register(sms);
  await app.register(payouts);
  await app.register(compute);
  await app.register(webTerminal);
  await app.register(blobStore);
  await app.register(uploads);
  await app.register(fileStorage);
  await app.register(hpc);
  await app.register(payments);
  await app.register(quotes);
  await app.register(videoTranscoding);
  await app.register(demoDatasets);

  await app.register(systemModule, { prefix: '/apis/system' });
  await app.register(userModule, { prefix: '/apis/user' });
  await app.register(nodeModule, { prefix: '/apis/node' });
  await app.register(containerModule, { prefix: '/apis/container' });
  await app.register(imageModule, { prefix: '/apis/image' });
  await app.register(orionModule, { prefix: '/apis/orion' });
  await app.register(vodModule, { prefix: '/apis/vod' });
  await app.register(cloudNetDiskModule, { prefix: '/apis/cloud-net-disk' });
  await app.register(hpcModule, { prefix: '/apis/hpc' });
  await app.register(netDiskModule, { prefix: '/apis/net-disk' });
  await app.register(dataModule, { prefix: '/apis/data' });
  await app.register(communityModule, { prefix: '/apis/community' });
  await app.register(courseModule, { prefix: '/apis/course' });
  await app.register(applicationModule, { prefix: '/apis/application' });
  await app.register(examModule, { prefix: '/apis/exam' });
  await app.register(publicConfigRoute);
  await app.register(health);
  await app.register(instancePagesProxy);

  await app.register(examplesStatic);
  await app.register(webRoot);
  return app;
}
