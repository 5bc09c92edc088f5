import { eq, inArray } from 'drizzle-orm';
import {
  type Database,
  ShelfStatus,
  courseCategories,
  courseChapters,
  coursePeriods,
  courses,
  images,
  users,
  type PeriodKind,
} from '../db/index.js';
import { plainTextOf, renderMarkdown, indexDocument } from '../content/index.js';

interface DemoPeriod {
  title: string;
  kind: PeriodKind;
  preview?: boolean;
  document?: string;
}

interface DemoCourse {
  courseName: string;
  category: string;
  summary: string;
  intro: string;
  price: number;
  chapters: Array<{ title: string; periods: DemoPeriod[] }>;
}

const demoCourses: DemoCourse[] = [
  {
    courseName: 'PyTorch 深度学习入门',
    category: '深度学习',
    summary: '从张量到训练循环，在 GPU 实例上完成第一个图像分类模型。',
    intro:
      '## 你将学到\n\n- 张量、自动求导与 `nn.Module`\n- 在 GPU 实例上训练与保存模型\n- 用网盘保存数据集与检查点\n\n## 适合谁\n\n会写 Python、想入门深度学习的同学。',
    price: 0,
    chapters: [
      {
        title: '第一章 准备环境',
        periods: [
          {
            title: '租用第一台 GPU 实例',
            kind: 'document',
            preview: true,
            document:
              '# 租用第一台 GPU 实例\n\n1. 在「算力市场」选择 RTX 4090 与 PyTorch 镜像；\n2. 开机后打开 JupyterLab；\n3. 运行 `nvidia-smi` 确认显卡可用。',
          },
          { title: '动手实验：在实例里运行 PyTorch', kind: 'lab' },
        ],
      },
      {
        title: '第二章 张量与自动求导',
        periods: [
          {
            title: '张量的创建与运算',
            kind: 'document',
            document: '# 张量\n\n```python\nimport torch\nx = torch.ones(2, 3, device="cuda")\nprint(x * 2)\n```',
          },
        ],
      },
    ],
  },
  {
    courseName: '大模型微调实战：LoRA 与 QLoRA',
    category: '大模型',
    summary: '用一张 24G 显卡微调 7B 模型：数据准备、LoRA 训练、评测与部署。',
    intro:
      '## 课程内容\n\n- 指令数据的清洗与格式化\n- LoRA / QLoRA 原理与超参数\n- 用 vLLM 部署微调后的模型\n\n购买后可随时回看全部课时与课件。',
    price: 99_000,
    chapters: [
      {
        title: '第一章 为什么要微调',
        periods: [
          {
            title: '课程介绍（试看）',
            kind: 'document',
            preview: true,
            document: '# 课程介绍\n\n本课程带你在单张 24G 显卡上完成 7B 模型的 LoRA 微调。',
          },
          { title: 'LoRA 原理', kind: 'document', document: '# LoRA 原理\n\n在冻结的权重旁加入低秩矩阵 *A·B*，只训练它们。' },
        ],
      },
    ],
  },
];

/** Two published courses of the demo teacher: a free one and a paid one with a preview period. */
export async function seedDemoCourses(db: Database): Promise<boolean> {
  const existing = await db.select({ id: courses.id }).from(courses).limit(1);
  if (existing.length > 0) return false;
  const [teacher] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, '13800000002'));
  if (!teacher) return false;
  const categories = await db
    .select()
    .from(courseCategories)
    .where(
      inArray(
        courseCategories.name,
        demoCourses.map((course) => course.category),
      ),
    );
  const categoryId = new Map(categories.map((category) => [category.name, category.id]));
  const [labImage] = await db.select({ id: images.id }).from(images).where(eq(images.name, 'PyTorch 2.3.0'));
  const now = new Date();

  await db.transaction(async (tx) => {
    for (const demo of demoCourses) {
      const [course] = await tx
        .insert(courses)
        .values({
          teacherId: teacher.id,
          categoryId: categoryId.get(demo.category),
          courseName: demo.courseName,
          summary: demo.summary,
          introMarkdown: demo.intro,
          introHtml: renderMarkdown(demo.intro),
          isFree: demo.price === 0,
          price: demo.price,
          status: ShelfStatus.published,
          publishedAt: now,
        })
        .returning({ id: courses.id });
      for (const [chapterIndex, chapter] of demo.chapters.entries()) {
        const [row] = await tx
          .insert(courseChapters)
          .values({ courseId: course!.id, title: chapter.title, sort: chapterIndex + 1 })
          .returning({ id: courseChapters.id });
        await tx.insert(coursePeriods).values(
          chapter.periods.map((period, index) => ({
            courseId: course!.id,
            chapterId: row!.id,
            title: period.title,
            kind: period.kind,
            sort: index + 1,
            isPreview: period.preview ?? false,
            documentMarkdown: period.document ?? '',
            documentHtml: period.document ? renderMarkdown(period.document) : '',
            labImageId: period.kind === 'lab' ? labImage?.id : undefined,
          })),
        );
      }
      await indexDocument(tx, {
        kind: 'course',
        refId: course!.id,
        title: demo.courseName,
        body: `${demo.summary} ${plainTextOf(demo.intro)}`,
        publishedAt: now,
      });
    }
  });
  return true;
}
