import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/index.js';
import { seedDemoData } from '../seed/index.js';
import { adminQuery, databaseUrl } from './postgres-admin.js';
import buildMigratedDatabase from './migrated-database.js';

/** The migrated database with the demo data, made once per run; every test file starts from a copy of it. */
export type DatabaseTemplate = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; adminUrl: string; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

async function seededDatabase(options: { dataDir: string; databaseUrl?: string }) {
  const database = await openDatabase(options);
  try {
    await seedDemoData(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Vitest global setup: builds the template (a PGlite folder, or a PostgreSQL template database on DATABASE_URL's
 * server) and removes it after the run. Built per run, so it always matches the migrations and seeds.
 */
export default async function buildDatabaseTemplate(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `rc_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    await seededDatabase({ dataDir: os.tmpdir(), databaseUrl: databaseUrl(adminUrl, name) });
    project.provide('databaseTemplate', { kind: 'postgres', adminUrl, name });
    return () => adminQuery(adminUrl, `drop database if exists ${name}`);
  }
  await buildMigratedDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-template-'));
  await seededDatabase({ dataDir });
  project.provide('databaseTemplate', { kind: 'pglite', dataDir });
  return async () => fs.rmSync(dataDir, { recursive: true, force: true });
}
