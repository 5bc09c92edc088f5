import type { FastifyInstance } from 'fastify';
import { noteUserChange, withUserChanges } from '../accounts/index.js';

/**
 * For a test that wrote a user's row straight into the database: tells the app as a product write does (the
 * session cache then re-reads the row on the user's next request).
 */
export async function userRowWritten(app: FastifyInstance, userId: number): Promise<void> {
  await withUserChanges(app.userChanges.hear, async () => {
    noteUserChange(userId, 'account');
    noteUserChange(userId, 'balance');
  });
}
