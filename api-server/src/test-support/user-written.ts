import type { FastifyInstance } from 'fastify';

/**
 * For a test that wrote a user's row straight into the database: tells the app as a product write does (the
 * session cache then re-reads the row on the user's next request).
 */
export async function userRowWritten(app: FastifyInstance, userId: number): Promise<void> {
  await app.userChanges.hear(new Map([[userId, new Set(['account', 'balance'] as const)]]));
}
