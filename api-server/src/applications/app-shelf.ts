import { eq } from 'drizzle-orm';
import type { AppFields } from '@rc/api-contract/application/app';
import { type SessionUser, notify } from '../accounts/index.js';
import { type Database, type Executor, ShelfStatus, appCategories, appLaunches, appTemplates, applications } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { plainTextOf, renderMarkdown, indexDocument, removeDocument } from '../content/index.js';
import type { Application } from './app-access.js';

async function checkCategory(db: Executor, categoryId: number) {
  const [category] = await db.select({ id: appCategories.id }).from(appCategories).where(eq(appCategories.id, categoryId));
  if (!category) throw invalid('应用分类不存在');
}

async function contentOf(db: Executor, fields: AppFields) {
  await checkCategory(db, fields.categoryId);
  const name = fields.name.trim();
  if (!name) throw invalid('请填写应用名称');
  const markdown = fields.descriptionMarkdown ?? '';
  return {
    name,
    categoryId: fields.categoryId,
    summary: fields.summary.trim(),
    descriptionMarkdown: markdown,
    descriptionHtml: renderMarkdown(markdown),
  };
}

/** A new draft application of the author. */
export async function createApp(db: Executor, author: SessionUser, fields: AppFields, now: Date): Promise<Application> {
  const [app] = await db
    .insert(applications)
    .values({ authorId: author.id, ...(await contentOf(db, fields)), createdAt: now, updatedAt: now })
    .returning();
  return app!;
}

/** New basic information and description; a description left out is kept. */
export async function updateApp(db: Executor, app: Application, fields: AppFields, now: Date): Promise<void> {
  const content = await contentOf(db, { ...fields, descriptionMarkdown: fields.descriptionMarkdown ?? app.descriptionMarkdown });
  await db
    .update(applications)
    .set({ ...content, updatedAt: now })
    .where(eq(applications.id, app.id));
}

const setStatus = (db: Executor, app: Application, values: Partial<Application>) =>
  db.update(applications).set(values).where(eq(applications.id, app.id));

const indexApp = (db: Executor, app: Application, publishedAt: Date) =>
  indexDocument(db, {
    kind: 'app',
    refId: app.id,
    title: app.name,
    body: `${app.summary}\n${plainTextOf(app.descriptionMarkdown)}`,
    publishedAt,
  });

/**
 * 上架: a draft or rejected application goes to review (it needs a template and a description);
 * one taken off the shelf goes back on. 下架: a published one leaves the shelf; one under review is
 * withdrawn to a draft. Answers the message to show.
 */
export async function putaway(db: Database, app: Application, on: boolean, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const { draft, published, reviewing, rejected, offShelf } = ShelfStatus;
    if (on) {
      if (app.status === offShelf) {
        await setStatus(tx, app, { status: published, updatedAt: now });
        await indexApp(tx, app, app.publishedAt ?? now);
        return '应用已上架';
      }
      if (app.status !== draft && app.status !== rejected) throw conflict(app.status === published ? '应用已上架' : '应用正在审核中');
      const [template] = await tx.select({ appId: appTemplates.appId }).from(appTemplates).where(eq(appTemplates.appId, app.id));
      if (!template) throw invalid('请先设置实例模板再提交审核');
      if (!app.descriptionMarkdown.trim()) throw invalid('请先填写应用描述再提交审核');
      await setStatus(tx, app, { status: reviewing, updatedAt: now });
      return '已提交审核，审核通过后自动上架';
    }
    if (app.status === published) {
      await setStatus(tx, app, { status: offShelf, updatedAt: now });
      await removeDocument(tx, 'app', app.id);
      return '应用已下架';
    }
    if (app.status === reviewing) {
      await setStatus(tx, app, { status: draft, updatedAt: now });
      return '已撤回审核';
    }
    throw conflict('应用未上架');
  });
}

/** Deletes the application and its launch records; the instances launched from it are the users' own and stay. */
export async function deleteApp(db: Database, app: Application): Promise<void> {
  return db.transaction(async (tx) => {
    await removeDocument(tx, 'app', app.id);
    await tx.delete(appLaunches).where(eq(appLaunches.appId, app.id));
    await tx.delete(applications).where(eq(applications.id, app.id));
  });
}

async function underReview(db: Executor, appId: number): Promise<Application> {
  const [app] = await db.select().from(applications).where(eq(applications.id, appId));
  if (!app) throw notFound('应用不存在');
  if (app.status !== ShelfStatus.reviewing) throw conflict('该应用不在审核中');
  return app;
}

/** 通过: the application goes on the shelf, into search, and its author is told. */
export async function approveApp(db: Database, reviewer: SessionUser, appId: number, now: Date): Promise<void> {
  return db.transaction(async (tx) => {
    const app = await underReview(tx, appId);
    const publishedAt = app.publishedAt ?? now;
    await setStatus(tx, app, { status: ShelfStatus.published, reviewNote: '', reviewerId: reviewer.id, publishedAt, updatedAt: now });
    await indexApp(tx, app, publishedAt);
    await notify(tx, app.authorId, '应用审核通过', `您的应用「${app.name}」已通过审核并上架应用中心。`, now);
  });
}

/** 驳回 with the reason the author sees. */
export async function rejectApp(db: Database, reviewer: SessionUser, appId: number, reason: string, now: Date): Promise<void> {
  return db.transaction(async (tx) => {
    const app = await underReview(tx, appId);
    const note = reason.trim();
    if (!note) throw invalid('请填写驳回原因');
    await setStatus(tx, app, { status: ShelfStatus.rejected, reviewNote: note, reviewerId: reviewer.id, updatedAt: now });
    await notify(tx, app.authorId, '应用审核未通过', `您的应用「${app.name}」未通过审核：${note}`, now);
  });
}
