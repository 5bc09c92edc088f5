import {
  type ExamEditBody,
  type ExamPaper,
  type ExamSaveBody,
  type ExamSaved,
  type ExamStudentIds,
  type ItemAnswerResult,
  MAX_EXAM_ITEMS,
  MAX_POOL_CANDIDATES,
} from '@rc/api-contract/exam/exam-admin';
import type { AnswerKey } from '@rc/api-contract/exam/answers';
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { type SessionUser, notify } from '../accounts/index.js';
import { renderInlineMarkdown } from '../content/index.js';
import {
  type Database,
  type Executor,
  type ExamPool,
  ExamAudience,
  examAttempts,
  examItems,
  examQuestions,
  examStudents,
  exams,
  gradeStudents,
  grades,
} from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { remarkExam } from './exam-marking.js';
import { managedGrade, sitsExams } from './grade-roles.js';
import { checkedQuestionKey, optionsHtmlOf } from './question-bank.js';

type Exam = typeof exams.$inferSelect;
type Grade = typeof grades.$inferSelect;
type ExamSetting = Omit<ExamSaveBody, 'gradeId'>;

const DAY = 24 * 3_600_000;
const examMissing = () => notFound('考试不存在或已删除');
const paperFixed = () => conflict('已有学生开始作答，试卷不能再修改；如需另开时间请使用补考');

/** Dates in messages, as people in the class read them (Beijing time). */
export const beijingTime = (at: Date) =>
  new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** A window that ends after it opens and lasts at most a year. */
export function checkedWindow(opensAt: string, closesAt: string, what: string): { opensAt: Date; closesAt: Date } {
  const opens = new Date(opensAt);
  const closes = new Date(closesAt);
  if (closes <= opens) throw invalid(`${what}结束时间必须晚于开始时间`);
  if (closes.getTime() - opens.getTime() > 366 * DAY) throw invalid(`${what}时间不能超过一年`);
  return { opensAt: opens, closesAt: closes };
}

/** A live exam of an open class, for that class's teacher and admins. */
export async function managedExam(db: Executor, user: SessionUser, examId: number): Promise<{ exam: Exam; grade: Grade }> {
  const [exam] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.id, examId), isNull(exams.deletedAt)));
  if (!exam) throw examMissing();
  const { grade } = await managedGrade(db, user, exam.gradeId);
  return { exam, grade };
}

async function anyoneBegan(db: Executor, examId: number): Promise<boolean> {
  const [attempt] = await db.select({ id: examAttempts.id }).from(examAttempts).where(eq(examAttempts.examId, examId)).limit(1);
  return Boolean(attempt);
}

/** Refuses ids that are not all students of the class (admins do not sit exams); returns them without repeats. */
export async function checkedMembers(db: Executor, gradeId: number, userIds: readonly number[]): Promise<number[]> {
  const distinct = [...new Set(userIds)];
  if (distinct.length === 0) return distinct;
  const members = await db
    .select({ userId: gradeStudents.userId })
    .from(gradeStudents)
    .where(and(eq(gradeStudents.gradeId, gradeId), inArray(gradeStudents.userId, distinct), sitsExams));
  if (members.length !== distinct.length) throw invalid('所选学生中有人不是本班学生（班级管理员不参加考试）');
  return distinct;
}

const kindNames = ['', '单选题', '多选题', '判断题', '填空题', '简答题'];
const difficultyNames = ['', '易', '中', '难'];

/**
 * Each pool's candidates, copied from the class teacher's bank: every live question of its kind and difficulty that
 * is not already a fixed item. A pool must offer at least as many as it draws.
 */
async function poolCandidates(db: Executor, grade: Grade, pools: readonly ExamPool[], fixedIds: readonly number[]) {
  const seen = new Set(pools.map((pool) => `${pool.kind}-${pool.difficulty}`));
  if (seen.size !== pools.length) throw invalid('同一题型与难度只能设一个题池');
  const candidates = [];
  for (const [poolNo, pool] of pools.entries()) {
    const rows = await db
      .select()
      .from(examQuestions)
      .where(
        and(
          eq(examQuestions.teacherId, grade.teacherId),
          eq(examQuestions.kind, pool.kind),
          eq(examQuestions.difficulty, pool.difficulty),
          isNull(examQuestions.deletedAt),
          fixedIds.length > 0 ? notInArray(examQuestions.id, [...fixedIds]) : undefined,
        ),
      )
      .orderBy(asc(examQuestions.id))
      .limit(MAX_POOL_CANDIDATES);
    const name = `${kindNames[pool.kind]}（${difficultyNames[pool.difficulty]}）`;
    if (rows.length < pool.draw) throw invalid(`题池「${name}」要抽 ${pool.draw} 道题，题库中只有 ${rows.length} 道可用`);
    candidates.push(...rows.map((question) => ({ question, poolNo, points: pool.points })));
  }
  return candidates;
}

/** Checks a setting against the class and copies its questions, in order, from the class teacher's bank. */
async function checkedSetting(db: Executor, grade: Grade, body: ExamSetting) {
  const window = checkedWindow(body.opensAt, body.closesAt, '考试');
  const questionIds = body.items.map((item) => item.questionId);
  if (new Set(questionIds).size !== questionIds.length) throw invalid('同一道题不能在试卷中出现两次');
  const bank = await db
    .select()
    .from(examQuestions)
    .where(and(eq(examQuestions.teacherId, grade.teacherId), inArray(examQuestions.id, questionIds), isNull(examQuestions.deletedAt)));
  const byId = new Map(bank.map((question) => [question.id, question]));
  const items = body.items.map((item, index) => {
    const question = byId.get(item.questionId);
    if (!question) throw invalid('试题必须来自班级老师的题库，且未被删除');
    const { kind, stem, stemHtml, options, answerKey, analysis, difficulty } = question;
    const copy = { questionId: question.id, kind, stem, stemHtml, options, answerKey, analysis, difficulty };
    return { ...copy, sort: index + 1, points: item.points, poolNo: null as number | null };
  });
  const pools = (body.pools ?? []) as ExamPool[];
  for (const { question, poolNo, points } of await poolCandidates(db, grade, pools, questionIds)) {
    const { kind, stem, stemHtml, options, answerKey, analysis, difficulty } = question;
    const copy = { questionId: question.id, kind, stem, stemHtml, options, answerKey, analysis, difficulty };
    items.push({ ...copy, sort: items.length + 1, points, poolNo });
  }
  const fixed = items.filter((item) => item.poolNo === null);
  const questionCount = fixed.length + pools.reduce((sum, pool) => sum + pool.draw, 0);
  if (questionCount === 0) throw invalid('请至少选择一道试题或设置一个题池');
  if (questionCount > MAX_EXAM_ITEMS) throw invalid(`一份答卷最多 ${MAX_EXAM_ITEMS} 道题`);
  let studentIds: number[] = [];
  if (body.audience === ExamAudience.chosenStudents) {
    if (!body.studentIds?.length) throw invalid('请选择参加考试的学生');
    studentIds = await checkedMembers(db, grade.id, body.studentIds);
  }
  const fields = {
    title: body.title.trim(),
    instructions: body.instructions?.trim() ?? '',
    ...window,
    durationMinutes: body.durationMinutes,
    attemptsAllowed: body.attemptsAllowed,
    audience: body.audience,
    multipleChoiceRule: body.multipleChoiceRule,
    showAnswers: body.showAnswers,
    shuffleQuestions: body.shuffleQuestions ?? false,
    shuffleOptions: body.shuffleOptions ?? false,
    pools,
    totalPoints: fixed.reduce((sum, item) => sum + item.points, 0) + pools.reduce((sum, pool) => sum + pool.draw * pool.points, 0),
    questionCount,
  };
  if (fields.title === '') throw invalid('请填写考试名称');
  return { fields, items, studentIds };
}

async function writePaper(tx: Executor, examId: number, setting: Awaited<ReturnType<typeof checkedSetting>>) {
  await tx.delete(examItems).where(eq(examItems.examId, examId));
  await tx.insert(examItems).values(setting.items.map((item) => ({ ...item, examId })));
  await tx.update(examStudents).set({ assigned: false }).where(eq(examStudents.examId, examId));
  if (setting.studentIds.length > 0) {
    await tx
      .insert(examStudents)
      .values(setting.studentIds.map((userId) => ({ examId, userId, assigned: true })))
      .onConflictDoUpdate({ target: [examStudents.examId, examStudents.userId], set: { assigned: true } });
  }
}

async function audienceOf(db: Executor, exam: Pick<Exam, 'id' | 'gradeId' | 'audience'>): Promise<number[]> {
  const rows =
    exam.audience === ExamAudience.wholeClass
      ? await db
          .select({ userId: gradeStudents.userId })
          .from(gradeStudents)
          .where(and(eq(gradeStudents.gradeId, exam.gradeId), sitsExams))
      : await db
          .select({ userId: examStudents.userId })
          .from(examStudents)
          .where(and(eq(examStudents.examId, exam.id), eq(examStudents.assigned, true)));
  return rows.map((row) => row.userId);
}

/** 「班级「X」发布了考试「Y」」, the exam's title shortened to fit a message title (100 characters). */
function publishedTitle(gradeName: string, title: string): string {
  const room = 100 - `班级「${gradeName}」发布了考试「」`.length;
  return `班级「${gradeName}」发布了考试「${title.length > room ? `${title.slice(0, room - 1)}…` : title}」`;
}

/** exam/save: sets an exam for the class and tells its students. */
export function saveExam(db: Database, user: SessionUser, body: ExamSaveBody, now: Date): Promise<ExamSaved> {
  return db.transaction(async (tx) => {
    const { grade } = await managedGrade(tx, user, body.gradeId);
    const setting = await checkedSetting(tx, grade, body);
    const [exam] = await tx
      .insert(exams)
      .values({ ...setting.fields, gradeId: grade.id, authorId: user.id, createdAt: now, updatedAt: now })
      .returning();
    await writePaper(tx, exam!.id, setting);
    const notice = `考试时间：${beijingTime(exam!.opensAt)} 至 ${beijingTime(exam!.closesAt)}，时长 ${exam!.durationMinutes} 分钟。`;
    for (const userId of await audienceOf(tx, exam!)) {
      await notify(tx, userId, publishedTitle(grade.gradeName, exam!.title), notice, now);
    }
    return { examId: exam!.id, totalPoints: exam!.totalPoints, questionCount: exam!.questionCount };
  });
}

const poolKey = (pool: ExamPool | NonNullable<ExamSetting['pools']>[number]) => [pool.kind, pool.difficulty, pool.draw, pool.points];

/** The chosen students and items of an exam, in the shape of a setting, to tell what an edit changes. */
async function sameSetting(db: Executor, exam: Exam, body: ExamSetting): Promise<boolean> {
  const items = await db.select().from(examItems).where(eq(examItems.examId, exam.id)).orderBy(asc(examItems.sort));
  const chosen = exam.audience === ExamAudience.chosenStudents ? (await audienceOf(db, exam)).sort((a, b) => a - b) : [];
  const asked = body.audience === ExamAudience.chosenStudents ? [...new Set(body.studentIds ?? [])].sort((a, b) => a - b) : [];
  return (
    exam.title === body.title.trim() &&
    exam.instructions === (body.instructions?.trim() ?? '') &&
    exam.opensAt.getTime() === new Date(body.opensAt).getTime() &&
    exam.closesAt.getTime() === new Date(body.closesAt).getTime() &&
    exam.durationMinutes === body.durationMinutes &&
    exam.attemptsAllowed === body.attemptsAllowed &&
    exam.audience === body.audience &&
    exam.multipleChoiceRule === body.multipleChoiceRule &&
    exam.shuffleQuestions === (body.shuffleQuestions ?? false) &&
    exam.shuffleOptions === (body.shuffleOptions ?? false) &&
    JSON.stringify(exam.pools.map(poolKey)) === JSON.stringify((body.pools ?? []).map(poolKey)) &&
    JSON.stringify(chosen) === JSON.stringify(asked) &&
    JSON.stringify(items.filter((item) => item.poolNo === null).map((item) => [item.questionId, item.points])) ===
      JSON.stringify(body.items.map((item) => [item.questionId, item.points]))
  );
}

/**
 * exam/edit: rewrites the exam while nobody has begun it. Afterwards the paper is fixed and only
 * whether answers are shown may change (compensation and key corrections have their own calls).
 */
export function editExam(db: Database, user: SessionUser, body: ExamEditBody, now: Date): Promise<ExamSaved> {
  return db.transaction(async (tx) => {
    const { exam, grade } = await managedExam(tx, user, body.examId);
    // A begin's new attempt needs a key-share lock on this row (its foreign key), so none slips in before the rewrite.
    await tx.select({ id: exams.id }).from(exams).where(eq(exams.id, exam.id)).for('update');
    if (await anyoneBegan(tx, exam.id)) {
      if (!(await sameSetting(tx, exam, body))) throw paperFixed();
      await tx.update(exams).set({ showAnswers: body.showAnswers, updatedAt: now }).where(eq(exams.id, exam.id));
      return { examId: exam.id, totalPoints: exam.totalPoints, questionCount: exam.questionCount };
    }
    const setting = await checkedSetting(tx, grade, body);
    await tx
      .update(exams)
      .set({ ...setting.fields, updatedAt: now })
      .where(eq(exams.id, exam.id));
    await writePaper(tx, exam.id, setting);
    return { examId: exam.id, totalPoints: setting.fields.totalPoints, questionCount: setting.fields.questionCount };
  });
}

/** exam/del: an exam nobody has begun leaves the class's list. */
export function deleteExam(db: Database, user: SessionUser, examId: number, now: Date): Promise<void> {
  return db.transaction(async (tx) => {
    const { exam } = await managedExam(tx, user, examId);
    await tx.select({ id: exams.id }).from(exams).where(eq(exams.id, exam.id)).for('update');
    if (await anyoneBegan(tx, exam.id)) throw conflict('已有学生作答的考试不能删除');
    await tx.update(exams).set({ deletedAt: now }).where(eq(exams.id, exam.id));
  });
}

/** exam/get/student/ids: who a chosen-students exam is for, and who has a compensation window. */
export async function examStudentIds(db: Executor, user: SessionUser, examId: number): Promise<ExamStudentIds> {
  await managedExam(db, user, examId);
  const rows = await db.select().from(examStudents).where(eq(examStudents.examId, examId)).orderBy(asc(examStudents.userId));
  return {
    studentIds: rows.filter((row) => row.assigned).map((row) => row.userId),
    compensations: rows.flatMap((row) =>
      row.compensateOpensAt && row.compensateClosesAt
        ? [
            {
              userId: row.userId,
              opensAt: row.compensateOpensAt.toISOString(),
              closesAt: row.compensateClosesAt.toISOString(),
              extraAttempts: row.compensateAttempts,
            },
          ]
        : [],
    ),
  };
}

/** exam/paper: the exam with its copied questions and keys, for its teacher and admins. */
export async function examPaper(db: Executor, user: SessionUser, examId: number): Promise<ExamPaper> {
  const { exam } = await managedExam(db, user, examId);
  const items = await db.select().from(examItems).where(eq(examItems.examId, examId)).orderBy(asc(examItems.sort));
  const studentIds = exam.audience === ExamAudience.chosenStudents ? (await audienceOf(db, exam)).sort((a, b) => a - b) : [];
  return {
    examId: exam.id,
    gradeId: exam.gradeId,
    title: exam.title,
    instructions: exam.instructions,
    opensAt: exam.opensAt.toISOString(),
    closesAt: exam.closesAt.toISOString(),
    durationMinutes: exam.durationMinutes,
    attemptsAllowed: exam.attemptsAllowed,
    audience: exam.audience as ExamPaper['audience'],
    studentIds,
    multipleChoiceRule: exam.multipleChoiceRule as ExamPaper['multipleChoiceRule'],
    showAnswers: exam.showAnswers,
    shuffleQuestions: exam.shuffleQuestions,
    shuffleOptions: exam.shuffleOptions,
    pools: exam.pools as ExamPaper['pools'],
    totalPoints: exam.totalPoints,
    questionCount: exam.questionCount,
    begun: await anyoneBegan(db, exam.id),
    items: items.map((item) => ({
      itemId: item.id,
      questionId: item.questionId,
      poolNo: item.poolNo,
      difficulty: item.difficulty as ExamPaper['items'][number]['difficulty'],
      sort: item.sort,
      kind: item.kind,
      stem: item.stem,
      stemHtml: item.stemHtml,
      options: item.options,
      optionsHtml: optionsHtmlOf(item.options),
      answerKey: item.answerKey,
      analysis: item.analysis,
      analysisHtml: renderInlineMarkdown(item.analysis),
      points: item.points,
    })),
  };
}

/** exam/item/answer: corrects the key of one item and regrades every attempt already handed in. */
export function correctItemKey(
  db: Database,
  user: SessionUser,
  body: { examId: number; itemId: number; answerKey: AnswerKey },
): Promise<ItemAnswerResult> {
  return db.transaction(async (tx) => {
    const { exam } = await managedExam(tx, user, body.examId);
    const [item] = await tx
      .select()
      .from(examItems)
      .where(and(eq(examItems.id, body.itemId), eq(examItems.examId, exam.id)))
      .for('update');
    if (!item) throw notFound('试题不存在');
    const answerKey = checkedQuestionKey(item, body.answerKey);
    await tx.update(examItems).set({ answerKey }).where(eq(examItems.id, item.id));
    return { regraded: await remarkExam(tx, exam.id) };
  });
}
