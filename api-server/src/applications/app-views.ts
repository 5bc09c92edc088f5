import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AppTemplateView } from '@rc/api-contract/application/app';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, ShelfStatus, appCategories, appTemplates, applications, gpuModels, images, regions, users } from '../db/index.js';
import { shelfStatusNames, type Application } from './app-access.js';

const cardColumns = {
  id: applications.id,
  name: applications.name,
  summary: applications.summary,
  categoryId: applications.categoryId,
  categoryName: appCategories.name,
  authorId: applications.authorId,
  authorName: users.nickname,
  launchCount: applications.launchCount,
  gpuModelName: gpuModels.name,
  gpuCount: appTemplates.gpuCount,
  publishedAt: applications.publishedAt,
  status: applications.status,
  reviewNote: applications.reviewNote,
  updatedAt: applications.updatedAt,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches the name or summary. */
const keywordMatch = (keyword: string | undefined): SQL | undefined => {
  const word = keyword?.trim();
  if (!word) return undefined;
  const pattern = `%${escapeLike(word)}%`;
  return or(ilike(applications.name, pattern), ilike(applications.summary, pattern));
};

/** A page of application cards (with status and review note, for the author's and the operator's lists), newest first. */
async function appCards(db: Executor, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select(cardColumns)
    .from(applications)
    .innerJoin(users, eq(users.id, applications.authorId))
    .leftJoin(appCategories, eq(appCategories.id, applications.categoryId))
    .leftJoin(appTemplates, eq(appTemplates.appId, applications.id))
    .leftJoin(gpuModels, eq(gpuModels.code, appTemplates.gpuModelCode))
    .where(where)
    .orderBy(desc(applications.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(applications).where(where);
  const list = rows.map((row) => ({
    ...row,
    categoryName: row.categoryName ?? '',
    gpuModelName: row.gpuModelName ?? '',
    gpuCount: row.gpuCount ?? 0,
    statusName: shelfStatusNames[row.status] ?? '',
  }));
  return { list, total: total?.n ?? 0 };
}

/** The template as the rent form and the detail page show it, or null while the author has not made one. */
export async function templateView(db: Executor, appId: number): Promise<AppTemplateView | null> {
  const [row] = await db
    .select({ template: appTemplates, image: images, model: gpuModels })
    .from(appTemplates)
    .innerJoin(images, eq(images.id, appTemplates.imageId))
    .innerJoin(gpuModels, eq(gpuModels.code, appTemplates.gpuModelCode))
    .where(eq(appTemplates.appId, appId));
  if (!row) return null;
  const { template, image, model } = row;
  const [region] = template.regionCode ? await db.select().from(regions).where(eq(regions.code, template.regionCode)) : [];
  return {
    imageId: image.id,
    imageName: image.name,
    imageCuda: image.cuda,
    regionCode: template.regionCode,
    regionName: region?.name ?? '不限地区',
    gpuModelId: model.id,
    gpuModelCode: model.code,
    gpuModelName: model.name,
    gpuCount: template.gpuCount,
    dataDiskGb: template.dataDiskGb,
    ports: template.ports,
    startCommand: template.startCommand,
    env: template.env,
    readiness: template.readiness,
  };
}

/** The application with its description, template and review state, for a viewer allowed to see it. */
export async function appDetail(db: Executor, viewer: SessionUser | null, app: Application) {
  const { list } = await appCards(db, eq(applications.id, app.id), 1, 0);
  const card = list[0]!;
  return {
    ...card,
    descriptionMarkdown: app.descriptionMarkdown,
    descriptionHtml: app.descriptionHtml,
    template: await templateView(db, app.id),
    isMine: viewer?.id === app.authorId,
  };
}

/** The published applications, of a category and matching a keyword when given. */
const shelfFilter = (o: { categoryId?: number; keyword?: string }) =>
  and(
    eq(applications.status, ShelfStatus.published),
    o.categoryId ? eq(applications.categoryId, o.categoryId) : undefined,
    keywordMatch(o.keyword),
  );

interface Window {
  limit: number;
  offset: number;
}

/** The application centre: published cards, of a category and matching a keyword when given. */
export function shelfCards(db: Executor, filter: { categoryId?: number; keyword?: string }, window: Window) {
  return appCards(db, shelfFilter(filter), window.limit, window.offset);
}

/** The author's own applications, of one status when given. */
export function authorCards(db: Executor, authorId: number, status: number | undefined, window: Window) {
  const where = and(eq(applications.authorId, authorId), status === undefined ? undefined : eq(applications.status, status));
  return appCards(db, where, window.limit, window.offset);
}

/** What operators review: applications of one status, those under review unless asked. */
export function reviewCards(db: Executor, status: number | undefined, window: Window) {
  return appCards(db, eq(applications.status, status ?? ShelfStatus.reviewing), window.limit, window.offset);
}

export function appCategoryList(db: Executor) {
  return db.select({ id: appCategories.id, name: appCategories.name }).from(appCategories).orderBy(asc(appCategories.sort));
}
