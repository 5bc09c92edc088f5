import { asc, eq } from 'drizzle-orm';
import { enumNames } from '@rc/api-contract/system/site';
import { enumItems, type Executor } from '../db/index.js';
import { notFound } from '../errors.js';

/** The items of one of the enums the contract names (status and label tables the screens read). */
export async function enumList(db: Executor, type: string) {
  if (!(enumNames as readonly string[]).includes(type)) throw notFound('枚举类型不存在');
  return db
    .select({ code: enumItems.code, name: enumItems.name, desc: enumItems.desc })
    .from(enumItems)
    .where(eq(enumItems.type, type))
    .orderBy(asc(enumItems.sort), asc(enumItems.code));
}
