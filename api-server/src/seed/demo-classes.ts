import { eq, inArray } from 'drizzle-orm';
import {
  type Database,
  AttemptStatus,
  ExamAudience,
  MultipleChoiceRule,
  QuestionKind,
  SubmittedBy,
  courses,
  examAnswers,
  examAttempts,
  examItems,
  examQuestions,
  exams,
  gradeApplyRecords,
  gradeCourses,
  gradeStudents,
  grades,
  users,
  type AnswerKey,
  type QuestionKindValue,
  type StudentAnswer,
} from '../db/index.js';
import { renderMarkdown } from '../content/index.js';
import { markAttempt, syncGradeAdminFlag } from '../exam/index.js';

interface DemoQuestion {
  kind: QuestionKindValue;
  stem: string;
  options?: string[];
  answerKey: AnswerKey;
  analysis: string;
  points: number;
}

/** The demo teacher's question bank; both demo exams are drawn from it. */
const demoQuestions: DemoQuestion[] = [
  {
    kind: QuestionKind.single,
    stem: '在 GPU 实例里查看显卡型号与显存占用，应运行哪条命令？',
    options: ['`top`', '`nvidia-smi`', '`df -h`', '`free -m`'],
    answerKey: { choices: [1] },
    analysis: '`nvidia-smi` 显示每张卡的型号、显存与利用率。',
    points: 5,
  },
  {
    kind: QuestionKind.multiple,
    stem: '以下哪些做法能减少训练时的显存占用？',
    options: ['混合精度（AMP）', '梯度检查点', '增大 batch size', 'LoRA 只训练低秩增量'],
    answerKey: { choices: [0, 1, 3] },
    analysis: '增大 batch size 会增加显存占用。',
    points: 10,
  },
  {
    kind: QuestionKind.trueFalse,
    stem: '按量计费的实例关机后，仍按 GPU 单价持续计费。',
    answerKey: { truth: false },
    analysis: '关机后只收取数据盘等存储费用。',
    points: 5,
  },
  {
    kind: QuestionKind.fillBlank,
    stem: 'PyTorch 中把张量放到第一张显卡上的写法是 `x.to("___")`；NVIDIA 的并行计算平台叫 ___。',
    answerKey: { blanks: [['cuda', 'cuda:0'], ['CUDA']] },
    analysis: '`cuda` 与 `cuda:0` 都指第一张卡。',
    points: 10,
  },
  {
    kind: QuestionKind.shortAnswer,
    stem: '简述数据并行（DDP）训练时，各张显卡分别做什么、梯度如何同步。',
    answerKey: { reference: '每张卡持有一份完整模型，处理不同的数据分片；反向传播后通过 all-reduce 求梯度平均，再各自更新参数。' },
    analysis: '要点：模型副本、数据分片、all-reduce。',
    points: 20,
  },
  {
    kind: QuestionKind.single,
    stem: 'LoRA 微调时，通常冻结哪部分参数？',
    options: ['全部低秩矩阵', '预训练模型的原始权重', '优化器状态', '词表'],
    answerKey: { choices: [1] },
    analysis: 'LoRA 冻结原始权重，只训练插入的低秩矩阵。',
    points: 5,
  },
];

/** First quiz: every kind of question, open for a month from seeding, 60 minutes, two attempts. */
const quizItems = [0, 1, 2, 3, 4];
/** Midterm: closed already; the demo user's attempt waits for the teacher to grade its short answer. */
const midtermItems = [0, 5, 2, 4];
const midtermAnswers: StudentAnswer[] = [
  { choices: [1] },
  { choices: [1] },
  { truth: false },
  { text: '每张卡放一份模型，各算一部分数据，然后把梯度加起来平均，再更新参数。' },
];

const day = 24 * 3_600_000;

/**
 * The demo class 「深度学习实训营 · 2026 春季班」 of teacher 13800000002: the demo user 13800000001 is a
 * student, the organization account 13800000003 has applied to join; the free PyTorch course is its
 * course; a quiz is open and a closed midterm has one attempt waiting for grading.
 */
export async function seedDemoClasses(db: Database): Promise<boolean> {
  const existing = await db.select({ id: grades.id }).from(grades).limit(1);
  if (existing.length > 0) return false;
  const people = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(inArray(users.mobile, ['13800000001', '13800000002', '13800000003']));
  const idOf = (mobile: string) => people.find((person) => person.mobile === mobile)?.id;
  const [teacherId, studentId, applicantId] = [idOf('13800000002'), idOf('13800000001'), idOf('13800000003')];
  if (!teacherId || !studentId || !applicantId) return false;
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.courseName, 'PyTorch 深度学习入门'));
  const now = new Date();

  await db.transaction(async (tx) => {
    const [grade] = await tx
      .insert(grades)
      .values({
        teacherId,
        gradeName: '深度学习实训营 · 2026 春季班',
        intro: '十二周的 GPU 实训：每周一次上机实验，两次随堂测验与一次期中考试。欢迎有 Python 基础的同学申请加入。',
        studentCount: 1,
        maxStudents: 60,
      })
      .returning();
    if (!grade) return;
    await tx.insert(gradeStudents).values({ gradeId: grade.id, userId: studentId, remark: '2026001 算力体验官' });
    await tx
      .insert(gradeApplyRecords)
      .values({ gradeId: grade.id, userId: applicantId, reason: '想系统学习深度学习，已完成 Python 入门。' });
    if (course) await tx.insert(gradeCourses).values({ gradeId: grade.id, courseId: course.id, sort: 1 });

    const bank = await tx
      .insert(examQuestions)
      .values(
        demoQuestions.map((question) => ({
          ...question,
          teacherId,
          stemHtml: renderMarkdown(question.stem),
          options: question.options ?? [],
        })),
      )
      .returning();
    const examWith = async (values: Omit<typeof exams.$inferInsert, 'gradeId' | 'authorId'>, indexes: number[]) => {
      const picked = indexes.map((index) => bank[index]!);
      const [exam] = await tx
        .insert(exams)
        .values({
          ...values,
          gradeId: grade.id,
          authorId: teacherId,
          totalPoints: picked.reduce((sum, question) => sum + question.points, 0),
          questionCount: picked.length,
        })
        .returning();
      if (!exam) throw new Error('the demo exam was not written');
      const items = await tx
        .insert(examItems)
        .values(
          picked.map((question, index) => ({
            examId: exam.id,
            questionId: question.id,
            sort: index + 1,
            kind: question.kind,
            stem: question.stem,
            stemHtml: question.stemHtml,
            options: question.options,
            answerKey: question.answerKey,
            analysis: question.analysis,
            points: question.points,
          })),
        )
        .returning();
      return { exam, items };
    };

    await examWith(
      {
        title: '第一次随堂测验',
        instructions: '共 5 题，限时 60 分钟，可作答 2 次。答案会自动保存，到时自动交卷。',
        opensAt: now,
        closesAt: new Date(now.getTime() + 30 * day),
        durationMinutes: 60,
        attemptsAllowed: 2,
        audience: ExamAudience.wholeClass,
        multipleChoiceRule: MultipleChoiceRule.partialCredit,
        showAnswers: true,
      },
      quizItems,
    );
    const midterm = await examWith(
      {
        title: '期中考试',
        instructions: '闭卷，限时 90 分钟。',
        opensAt: new Date(now.getTime() - 7 * day),
        closesAt: new Date(now.getTime() - 6 * day),
        durationMinutes: 90,
        showAnswers: true,
      },
      midtermItems,
    );
    const startedAt = new Date(midterm.exam.opensAt.getTime() + 3_600_000);
    const [attempt] = await tx
      .insert(examAttempts)
      .values({
        examId: midterm.exam.id,
        userId: studentId,
        attemptNo: 1,
        status: AttemptStatus.submitted,
        startedAt,
        deadlineAt: new Date(startedAt.getTime() + 90 * 60_000),
        submittedAt: new Date(startedAt.getTime() + 52 * 60_000),
        submittedBy: SubmittedBy.student,
      })
      .returning();
    if (!attempt) throw new Error('the demo attempt was not written');
    await tx.insert(examAnswers).values(
      midterm.items.map((item, index) => ({
        attemptId: attempt.id,
        itemId: item.id,
        answer: midtermAnswers[index] ?? {},
        version: index + 1,
        savedAt: new Date(startedAt.getTime() + (index + 1) * 600_000),
      })),
    );
    await markAttempt(tx, attempt.id);
    await syncGradeAdminFlag(tx, teacherId);
  });
  return true;
}
