import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { BlogItem } from '@rc/api-contract/community/blog';
import { type Executor, postLabels, posts, users } from '../db/index.js';
import { blogItemColumns, blogItems, hottestFirst, publishedBlogs } from './blog-views.js';

/** A few published posts to read next: those sharing most labels with the current one first, then the hottest. */
export async function recommendedBlogs(db: Executor, currentId: number | null, limit: number): Promise<BlogItem[]> {
  const notCurrent = currentId === null ? publishedBlogs : and(publishedBlogs, ne(posts.id, currentId))!;
  const select = () => db.select(blogItemColumns).from(posts).innerJoin(users, eq(users.id, posts.authorId));
  const sameLabels =
    currentId === null
      ? []
      : await select()
          .where(
            and(
              notCurrent,
              inArray(
                posts.id,
                sql`(select ${postLabels.postId} from ${postLabels} where ${postLabels.labelId} in (select ${postLabels.labelId} from ${postLabels} where ${postLabels.postId} = ${currentId}))`,
              ),
            ),
          )
          .orderBy(
            desc(
              sql`(select count(*) from ${postLabels} mine join ${postLabels} theirs on theirs.label_id = mine.label_id where mine.post_id = ${currentId} and theirs.post_id = ${posts.id})`,
            ),
            ...hottestFirst,
          )
          .limit(limit);
  const chosen = sameLabels.map((row) => row.id);
  const hot =
    sameLabels.length >= limit
      ? []
      : await select()
          .where(chosen.length === 0 ? notCurrent : and(notCurrent, notInArray(posts.id, chosen)))
          .orderBy(...hottestFirst)
          .limit(limit - sameLabels.length);
  return blogItems(db, [...sameLabels, ...hot], null);
}
