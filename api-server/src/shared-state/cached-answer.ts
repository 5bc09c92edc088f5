import type { FastifyInstance } from 'fastify';

/**
 * The answer kept under `key` in the shared cache, computed (and kept for `ttlMs`) when no replica holds it. Only for
 * answers that are the same for every caller; whoever changes their source deletes the key.
 */
export async function cachedAnswer<T>(app: FastifyInstance, key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
  const kept = await app.shared.cache.get(key);
  if (kept !== undefined) return JSON.parse(kept) as T;
  const answer = await compute();
  await app.shared.cache.set(key, JSON.stringify(answer), ttlMs);
  return answer;
}
