import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticateToken, type SessionUser } from '../accounts/index.js';
import { AppError } from '../errors.js';

/**
 * The signed-in user of a public (`/api/`) call when it carries a live token, else null: public pages
 * answer anonymous visitors the same, and a stale token there is no error.
 */
export async function viewerOf(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser | null> {
  if (!request.headers.token) return null;
  try {
    return await authenticateToken(app, request.headers.token);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
