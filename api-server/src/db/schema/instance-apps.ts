import { integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { instances } from './compute.js';
import { createdAt } from './columns.js';

/** An exposed port of an application's instance: the service a user opens once it runs. */
export interface AppPort {
  port: number;
  name: string;
  protocol: 'http' | 'tcp';
}

/** An environment variable the application's start command runs with. */
export interface AppEnvVar {
  name: string;
  value: string;
}

/** When the application's service counts as ready: its port answers (HTTP: a GET of `path`; TCP: a connection). */
export interface AppReadiness {
  port: number;
  /** The path an HTTP port is asked for; '' for a TCP port. */
  path: string;
}

/**
 * The application an instance was deployed from, as its template was at that moment (the start command, its
 * environment, ports and readiness check): the instance runs this, whatever later becomes of the template.
 */
export const instanceApps = pgTable('instance_apps', {
  instanceId: integer('instance_id')
    .primaryKey()
    .references(() => instances.id),
  /** The application (which may since have been deleted). */
  appId: integer('app_id').notNull(),
  appName: varchar('app_name', { length: 60 }).notNull(),
  startCommand: varchar('start_command', { length: 1000 }).notNull(),
  env: jsonb('env').$type<AppEnvVar[]>().notNull().default([]),
  ports: jsonb('ports').$type<AppPort[]>().notNull().default([]),
  readiness: jsonb('readiness').$type<AppReadiness | null>(),
  createdAt: createdAt(),
});
