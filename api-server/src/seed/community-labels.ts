import { inArray } from 'drizzle-orm';
import { type Database, articleCategories, labels, sysConfig, zones } from '../db/index.js';
import { sensitiveWordsKey } from '../community/index.js';

const demoLabels = ['PyTorch', '大模型', '深度学习', 'CUDA', 'Stable Diffusion', '计费', '网盘', '镜像', '入门教程', '性能优化'];

const demoCategories: Array<[zoneCode: string, name: string]> = [
  ['ai', '深度学习实践'],
  ['ai', '环境配置'],
  ['llm', '大模型微调'],
  ['llm', '推理部署'],
  ['cv', '图像生成'],
  ['hpc', '科学计算'],
];

/** Labels, article categories and the sensitive-word list of the community; once. */
export async function seedCommunityLabels(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: labels.id }).from(labels).limit(1);
  if (existing) return false;
  await db.transaction(async (tx) => {
    await tx.insert(labels).values(demoLabels.map((name, sort) => ({ name, sort })));
    const zoneRows = await tx
      .select({ id: zones.id, code: zones.code })
      .from(zones)
      .where(
        inArray(
          zones.code,
          demoCategories.map(([code]) => code),
        ),
      );
    const zoneId = new Map(zoneRows.map((zone) => [zone.code, zone.id]));
    await tx
      .insert(articleCategories)
      .values(demoCategories.map(([code, name], sort) => ({ zoneId: zoneId.get(code) ?? null, name, sort })));
    await tx
      .insert(sysConfig)
      .values({ key: sensitiveWordsKey, value: ['赌博', '代开发票', '刷单返利'] })
      .onConflictDoNothing();
  });
  return true;
}
