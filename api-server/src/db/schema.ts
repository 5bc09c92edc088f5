/** One schema, one file per domain; drizzle-kit reads the same files (drizzle.config.ts). */
export * from './schema/accounts.js';
export * from './schema/site.js';
export * from './schema/storage.js';
export * from './schema/compute.js';
export * from './schema/credentials.js';
export * from './schema/payments.js';
export * from './schema/income.js';
export * from './schema/instance-events.js';
export * from './schema/invoices.js';
export * from './schema/storage-products.js';
export * from './schema/community.js';
export * from './schema/learning.js';
export * from './schema/exams.js';
export * from './schema/instance-access.js';
export * from './schema/instance-apps.js';
export * from './schema/hpc.js';
export * from './schema/api-keys.js';
