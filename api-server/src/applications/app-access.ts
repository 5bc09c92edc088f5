import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, ShelfStatus, applications } from '../db/index.js';
import { conflict, notFound } from '../errors.js';

export type Application = typeof applications.$inferSelect;

export const shelfStatusNames: Record<number, string> = {
  [ShelfStatus.draft]: '草稿',
  [ShelfStatus.published]: '已上架',
  [ShelfStatus.reviewing]: '审核中',
  [ShelfStatus.rejected]: '已驳回',
  [ShelfStatus.offShelf]: '已下架',
};

/** An application its author may act on; anyone else is told it does not exist. */
export async function ownApp(db: Executor, user: SessionUser, appId: number): Promise<Application> {
  const [app] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, appId), eq(applications.authorId, user.id)));
  if (!app) throw notFound('应用不存在');
  return app;
}

/** An application its author may change: not while an operator reviews it, nor while it is on the shelf. */
export async function editableApp(db: Executor, user: SessionUser, appId: number): Promise<Application> {
  const app = await ownApp(db, user, appId);
  if (app.status === ShelfStatus.reviewing) throw conflict('应用审核中，不能修改，请先撤回审核');
  if (app.status === ShelfStatus.published) throw conflict('应用已上架，请先下架再修改');
  return app;
}

/** Published applications to everyone; any to its author and to operators (who review them). */
export async function visibleApp(db: Executor, viewer: SessionUser | null, appId: number): Promise<Application> {
  const [app] = await db.select().from(applications).where(eq(applications.id, appId));
  const sees = app && (app.status === ShelfStatus.published || (viewer && (viewer.id === app.authorId || viewer.account.isOperator)));
  if (!sees) throw notFound('应用不存在或未上架');
  return app;
}
