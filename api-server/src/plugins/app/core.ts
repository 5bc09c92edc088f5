import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    clock: Clock;
    routeTable: Array<{ method: string; url: string; schema?: FastifySchema; config?: FastifyContextConfig }>;
  }
}

export interface CoreParts {
  config: AppConfig;
  db: Database;
  clock: Clock;
}

/** What every other plugin reads: the configuration, the database, the clock, and the table of routes as they register. */
export default fp<CoreParts>(
  async (app, parts) => {
    app.decorate('config', parts.config);
    app.decorate('db', parts.db);
    app.decorate('clock', parts.clock);
    app.decorate('routeTable', []);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        app.routeTable.push({ method, url: route.url, schema: route.schema, config: route.config });
    });
  },
  { name: 'core' },
);
