import { and, arrayContains, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  CommunityImageFields,
  CommunityImageListBody,
  CommunityImageSort,
  MyCommunityImageListBody,
  PublishImageBody,
} from '@rc/api-contract/community/image-community';
import { type Executor, communityImages, communityImageStars, ContentStatus, images, users, queryRows } from '../db/index.js';
import { conflict, gone, invalid, notFound } from '../errors.js';
import { pageWindow } from '../lib/index.js';
import { plainTextOf, renderMarkdown, indexDocument, removeDocument } from '../content/index.js';
import { statusOnSubmit } from './moderation.js';

export const statusNames: Record<number, string> = {
  [ContentStatus.draft]: '已下架',
  [ContentStatus.published]: '已发布',
  [ContentStatus.reviewing]: '审核中',
  [ContentStatus.rejected]: '未通过',
};

const cardColumns = {
  id: communityImages.id,
  title: communityImages.title,
  summary: communityImages.summary,
  tags: communityImages.tags,
  cudaVersion: communityImages.cudaVersion,
  coverUrl: communityImages.coverUrl,
  framework: images.framework,
  ownerName: users.nickname,
  starCount: communityImages.starCount,
  useCount: communityImages.useCount,
  gmtCreate: communityImages.createdAt,
};

const visibleImage = isNull(images.deletedAt);
const publishedImage = and(eq(communityImages.status, ContentStatus.published), visibleImage);

const orderOf: Record<CommunityImageSort, SQL[]> = {
  latest: [desc(communityImages.id)],
  stars: [desc(communityImages.starCount), desc(communityImages.id)],
  uses: [desc(communityImages.useCount), desc(communityImages.id)],
};

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/** Trimmed tags without empties or repeats. */
function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
}

function cleanFields(fields: CommunityImageFields) {
  const title = fields.title.trim();
  if (!title) throw invalid('标题不能为空');
  return {
    title,
    summary: fields.summary.trim(),
    descriptionMd: fields.descriptionMd,
    descriptionHtml: renderMarkdown(fields.descriptionMd),
    tags: cleanTags(fields.tags),
    cudaVersion: fields.cudaVersion,
    ports: [...fields.ports].sort((a, b) => a - b),
    coverUrl: fields.coverUrl,
  };
}

type CommunityImageRow = typeof communityImages.$inferSelect;

/** Listed and searchable only while published; held or unpublished images leave the search index. */
async function syncSearch(db: Executor, row: CommunityImageRow): Promise<void> {
  if (row.status !== ContentStatus.published) return removeDocument(db, 'image', row.id);
  await indexDocument(db, {
    kind: 'image',
    refId: row.id,
    title: row.title,
    body: [row.summary, row.tags.join(' '), plainTextOf(row.descriptionMd)].filter(Boolean).join('\n'),
    publishedAt: row.createdAt,
  });
}

/**
 * Shares one of the user's own ready private images (or shares it again, with new words, after it
 * was unpublished). Held for review when a sensitive word appears.
 */
export async function publishImage(db: Executor, userId: number, body: PublishImageBody, now: Date) {
  const [image] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, body.imageId), eq(images.userId, userId), visibleImage));
  if (!image) throw notFound('镜像不存在');
  if (image.status !== 1) throw conflict('镜像正在保存中，请保存完成后再发布');
  const fields = cleanFields(body);
  const moderated = await statusOnSubmit(db, [fields.title, fields.summary, fields.descriptionMd, ...fields.tags]);
  const [row] = await db
    .insert(communityImages)
    .values({ imageId: image.id, ownerId: userId, ...fields, ...moderated, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: communityImages.imageId, set: { ...fields, ...moderated, updatedAt: now } })
    .returning();
  await syncSearch(db, row!);
  return row!;
}

async function ownRow(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(communityImages)
    .where(and(eq(communityImages.id, id), eq(communityImages.ownerId, userId)));
  if (!row) throw notFound('社区镜像不存在');
  return row;
}

/** New words for an own shared image; an unpublished one stays unpublished. */
export async function updateImage(db: Executor, userId: number, id: number, body: CommunityImageFields, now: Date) {
  const current = await ownRow(db, userId, id);
  const fields = cleanFields(body);
  const moderated =
    current.status === ContentStatus.draft
      ? { status: ContentStatus.draft, reviewNote: '' }
      : await statusOnSubmit(db, [fields.title, fields.summary, fields.descriptionMd, ...fields.tags]);
  const [row] = await db
    .update(communityImages)
    .set({ ...fields, ...moderated, updatedAt: now })
    .where(eq(communityImages.id, current.id))
    .returning();
  await syncSearch(db, row!);
  return row!;
}

export async function unpublishImage(db: Executor, userId: number, id: number, now: Date) {
  const current = await ownRow(db, userId, id);
  const [row] = await db
    .update(communityImages)
    .set({ status: ContentStatus.draft, reviewNote: '', updatedAt: now })
    .where(eq(communityImages.id, current.id))
    .returning();
  await syncSearch(db, row!);
}

/** Removes the sharing (its stars go with it); the private image itself stays. */
export async function deleteImage(db: Executor, userId: number, id: number) {
  const current = await ownRow(db, userId, id);
  await db.delete(communityImages).where(eq(communityImages.id, current.id));
  await removeDocument(db, 'image', current.id);
}

export async function listPublished(db: Executor, body: CommunityImageListBody) {
  const { pageNum, pageSize, offset } = pageWindow(body);
  const keyword = body.keyword?.trim();
  const tag = body.tag?.trim();
  const where = and(
    publishedImage,
    keyword
      ? or(
          ilike(communityImages.title, like(keyword)),
          ilike(communityImages.summary, like(keyword)),
          sql`exists (select 1 from unnest(${communityImages.tags}) as t(tag) where t.tag ilike ${like(keyword)})`,
        )
      : undefined,
    tag ? arrayContains(communityImages.tags, [tag]) : undefined,
  );
  const list = await db
    .select(cardColumns)
    .from(communityImages)
    .innerJoin(images, eq(images.id, communityImages.imageId))
    .innerJoin(users, eq(users.id, communityImages.ownerId))
    .where(where)
    .orderBy(...orderOf[body.sort ?? 'latest'])
    .limit(pageSize)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(communityImages)
    .innerJoin(images, eq(images.id, communityImages.imageId))
    .where(where);
  return { list, total: total?.n ?? 0, pageNum, pageSize };
}

/** The tags of published images, the most used first. */
export async function publishedTags(db: Executor) {
  const rows = await queryRows<{ tag: string; count: number }>(
    db,
    sql`
    select t.tag as tag, count(*)::int as count
    from ${communityImages} join ${images} on ${images.id} = ${communityImages.imageId},
      unnest(${communityImages.tags}) as t(tag)
    where ${communityImages.status} = ${ContentStatus.published} and ${images.deletedAt} is null
    group by t.tag order by count(*) desc, t.tag limit 30`,
  );
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}

/** A published image for anyone, or any own image for its owner. */
export async function imageDetail(db: Executor, id: number, viewerId: number | null) {
  const [row] = await db
    .select({
      ...cardColumns,
      imageId: communityImages.imageId,
      ownerId: communityImages.ownerId,
      descriptionMd: communityImages.descriptionMd,
      descriptionHtml: communityImages.descriptionHtml,
      ports: communityImages.ports,
      frameworkVersion: images.frameworkVersion,
      python: images.python,
      imageCuda: images.cuda,
      os: images.os,
      sizeBytes: images.sizeBytes,
      status: communityImages.status,
      reviewNote: communityImages.reviewNote,
      gmtModified: communityImages.updatedAt,
      imageDeletedAt: images.deletedAt,
    })
    .from(communityImages)
    .innerJoin(images, eq(images.id, communityImages.imageId))
    .innerJoin(users, eq(users.id, communityImages.ownerId))
    .where(eq(communityImages.id, id));
  const mine = row !== undefined && viewerId !== null && row.ownerId === viewerId;
  if (!row || (!mine && row.status !== ContentStatus.published)) throw notFound('社区镜像不存在或已下架');
  if (row.imageDeletedAt !== null) throw gone(mine ? '你已删除这个镜像，它不再在社区中分享' : '分享者已删除这个镜像');
  const { ownerId: _owner, imageDeletedAt: _deleted, ...detail } = row;
  const starred =
    viewerId !== null &&
    (
      await db
        .select({ id: communityImageStars.communityImageId })
        .from(communityImageStars)
        .where(and(eq(communityImageStars.userId, viewerId), eq(communityImageStars.communityImageId, id)))
    ).length > 0;
  return { ...detail, reviewNote: mine ? detail.reviewNote : '', mine, starred };
}

function mineQuery(db: Executor, where: SQL | undefined) {
  return db
    .select({
      ...cardColumns,
      imageId: communityImages.imageId,
      imageName: images.name,
      status: communityImages.status,
      reviewNote: communityImages.reviewNote,
      gmtModified: communityImages.updatedAt,
    })
    .from(communityImages)
    .innerJoin(images, eq(images.id, communityImages.imageId))
    .innerJoin(users, eq(users.id, communityImages.ownerId))
    .where(where)
    .orderBy(desc(communityImages.id));
}

const withStatusName = <Row extends { status: number }>(row: Row) => ({ ...row, statusName: statusNames[row.status] ?? '' });

export async function listMine(db: Executor, userId: number, body: MyCommunityImageListBody) {
  const { pageNum, pageSize, offset } = pageWindow(body);
  const tag = body.tag?.trim();
  const where = and(eq(communityImages.ownerId, userId), visibleImage, tag ? arrayContains(communityImages.tags, [tag]) : undefined);
  const rows = await mineQuery(db, where).limit(pageSize).offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(communityImages)
    .innerJoin(images, eq(images.id, communityImages.imageId))
    .where(where);
  return { list: rows.map(withStatusName), total: total?.n ?? 0, pageNum, pageSize };
}

/** One of my shared images as my list shows it. */
export async function myImage(db: Executor, userId: number, id: number) {
  const [row] = await mineQuery(db, and(eq(communityImages.id, id), eq(communityImages.ownerId, userId)));
  if (!row) throw notFound('社区镜像不存在');
  return withStatusName(row);
}

/** Stars (or unstars) a published image once per user; the count follows the stars. */
export async function setStar(db: Executor, userId: number, id: number, starred: boolean, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: communityImages.id, status: communityImages.status })
      .from(communityImages)
      .innerJoin(images, eq(images.id, communityImages.imageId))
      .where(and(eq(communityImages.id, id), publishedImage))
      .for('update', { of: communityImages });
    if (!row) throw notFound('社区镜像不存在或已下架');
    const changed = starred
      ? await tx.insert(communityImageStars).values({ userId, communityImageId: id, createdAt: now }).onConflictDoNothing().returning()
      : await tx
          .delete(communityImageStars)
          .where(and(eq(communityImageStars.userId, userId), eq(communityImageStars.communityImageId, id)))
          .returning();
    if (changed.length > 0)
      await tx
        .update(communityImages)
        .set({ starCount: sql`${communityImages.starCount} + ${starred ? 1 : -1}` })
        .where(eq(communityImages.id, id));
  });
  const [after] = await db.select({ starCount: communityImages.starCount }).from(communityImages).where(eq(communityImages.id, id));
  return { starred, starCount: after!.starCount };
}

/** The published image a renter may use, with its CUDA need. */
export async function publishedForUse(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: communityImages.id,
      imageId: communityImages.imageId,
      title: communityImages.title,
      cudaVersion: communityImages.cudaVersion,
    })
    .from(communityImages)
    .innerJoin(images, eq(images.id, communityImages.imageId))
    .where(and(eq(communityImages.id, id), publishedImage));
  if (!row) throw notFound('社区镜像不存在或已下架');
  return row;
}
