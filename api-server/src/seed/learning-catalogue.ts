import { type Database, appCategories, courseCategories } from '../db/index.js';

const courseCategoryNames = ['深度学习', '大模型', '计算机视觉', '自然语言处理', '高性能计算', '平台使用'];
const appCategoryNames = ['开发环境', 'AI 绘画', '大模型推理', '科学计算'];

/** The course and application categories (once: a database that has any is left alone). */
export async function seedLearningCatalogue(db: Database): Promise<boolean> {
  const existing = await db.select({ id: courseCategories.id }).from(courseCategories).limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(courseCategories).values(courseCategoryNames.map((name, index) => ({ name, sort: index + 1 })));
    await tx.insert(appCategories).values(appCategoryNames.map((name, index) => ({ name, sort: index + 1 })));
  });
  return true;
}
