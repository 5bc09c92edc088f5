import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { storedFiles, uploads } from '../db/index.js';
import { conflict } from '../errors.js';

export const quotaExceededMessage = '存储空间不足，请清理文件后再上传';

/** Bytes held by stored files and reserved by uploads in progress. */
export async function usedBytes(app: FastifyInstance, userId: number): Promise<{ stored: number; reserved: number }> {
  const [stored] = await app.db
    .select({ n: sql<string>`coalesce(sum(${storedFiles.size}), 0)` })
    .from(storedFiles)
    .where(eq(storedFiles.userId, userId));
  const [reserved] = await app.db
    .select({ n: sql<string>`coalesce(sum(${uploads.fileSize}), 0)` })
    .from(uploads)
    .where(eq(uploads.userId, userId));
  return { stored: Number(stored?.n ?? 0), reserved: Number(reserved?.n ?? 0) };
}

/** Refuses when `extraBytes` more would take the user past the quota. */
export async function ensureRoomFor(
  app: FastifyInstance,
  userId: number,
  extraBytes: number,
  replacing?: { area: string; path: string },
): Promise<void> {
  const { stored, reserved } = await usedBytes(app, userId);
  let freed = 0;
  if (replacing) {
    const [old] = await app.db
      .select({ size: storedFiles.size })
      .from(storedFiles)
      .where(and(eq(storedFiles.userId, userId), eq(storedFiles.area, replacing.area), eq(storedFiles.path, replacing.path)));
    freed = old?.size ?? 0;
  }
  if (stored + reserved - freed + extraBytes > app.uploads.settings.quotaBytes) throw conflict(quotaExceededMessage);
}
