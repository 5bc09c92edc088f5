import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppConfig } from './config.js';
import { systemClock, type Clock } from './clock.js';
import type { Database } from './db/index.js';
import { loggerOptions, type LogDestination, requestIdOf } from './observability/index.js';
import { answerFrameworkError, sharedSchemaCompilers } from './lib/index.js';
import {
  core,
  sharedState,
  userChanges,
  servedBy,
  requestIds,
  scheduling,
  metrics,
  health,
  sessionCache,
  push,
  securityHeaders,
  openapi,
  rateLimit,
  websocket,
  examplesStatic,
  webRoot,
  envelopeErrors,
  authentication,
  sms,
  payouts,
  compute,
  webTerminal,
  blobStore,
  uploads,
  fileStorage,
  hpc,
  payments,
  quotes,
  videoTranscoding,
  demoDatasets,
} from './plugins/index.js';
import {
  userModule,
  systemModule,
  publicConfigRoute,
  nodeModule,
  containerModule,
  imageModule,
  orionModule,
  vodModule,
  cloudNetDiskModule,
  hpcModule,
  netDiskModule,
  dataModule,
  communityModule,
  courseModule,
  applicationModule,
  examModule,
} from './modules/index.js';
import { instancePagesProxy, routeInstancePageHosts } from './compute/index.js';

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
    // Fastify's 10 s per plugin and ready hook is less than a loaded two-core machine takes to write the demo datasets;
    // a start still fails, with the plugin named, when one hangs.
    pluginTimeout: 60_000,
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
