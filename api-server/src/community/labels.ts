import { asc, eq, inArray } from 'drizzle-orm';
import { type Executor, articleCategories, labels, zones } from '../db/index.js';
import { invalid } from '../errors.js';

export async function allLabels(db: Executor) {
  const rows = await db.select({ labelNo: labels.id, labelName: labels.name }).from(labels).orderBy(asc(labels.sort), asc(labels.id));
  return rows;
}

export async function allArticleCategories(db: Executor) {
  return db
    .select({ id: articleCategories.id, name: articleCategories.name, zoneId: articleCategories.zoneId, zoneName: zones.name })
    .from(articleCategories)
    .leftJoin(zones, eq(zones.id, articleCategories.zoneId))
    .orderBy(asc(articleCategories.sort), asc(articleCategories.id))
    .then((rows) => rows.map((row) => ({ ...row, zoneName: row.zoneName ?? '' })));
}

/** The label ids as given, after checking each exists. */
export async function existingLabelIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: labels.id })
    .from(labels)
    .where(inArray(labels.id, [...ids]));
  if (found.length !== new Set(ids).size) throw invalid('标签不存在');
  return [...new Set(ids)];
}
