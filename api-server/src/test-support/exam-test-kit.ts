import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../accounts/index.js';
import { newLearner, newTeacher, type Person } from './learning-test-kit.js';
import { renderMarkdown } from '../content/index.js';
import {
  ExamAudience,
  MultipleChoiceRule,
  QuestionKind,
  examItems,
  examQuestions,
  examStudents,
  exams,
  gradeStudents,
  grades,
  users,
  type AnswerKey,
  type QuestionKindValue,
} from '../db/index.js';
import { syncGradeAdminFlag } from '../exam/index.js';

export interface QuestionSpec {
  kind: QuestionKindValue;
  stem: string;
  options?: string[];
  answerKey: AnswerKey;
  points: number;
}

/** One question of every kind, 20 points in all: 单选 2, 多选 4, 判断 2, 填空 (two blanks) 4, 简答 8. */
export const everyKind: readonly QuestionSpec[] = [
  {
    kind: QuestionKind.single,
    stem: 'A100 的显存是多少？',
    options: ['24GB', '40GB 或 80GB', '12GB'],
    answerKey: { choices: [1] },
    points: 2,
  },
  {
    kind: QuestionKind.multiple,
    stem: '哪些是深度学习框架？',
    options: ['PyTorch', 'TensorFlow', 'Excel', 'JAX'],
    answerKey: { choices: [0, 1, 3] },
    points: 4,
  },
  { kind: QuestionKind.trueFalse, stem: '按量计费的实例关机后仍按 GPU 计费。', answerKey: { truth: false }, points: 2 },
  {
    kind: QuestionKind.fillBlank,
    stem: 'NVIDIA 的并行计算平台叫 ___，查看显卡状态的命令是 ___。',
    answerKey: { blanks: [['CUDA'], ['nvidia-smi']] },
    points: 4,
  },
  {
    kind: QuestionKind.shortAnswer,
    stem: '简述数据并行训练的原理。',
    answerKey: { reference: '每张卡一份模型副本，分批数据，梯度汇总。' },
    points: 8,
  },
];

/** The signed-in user as a route would see it, for calling the exam rules directly. */
export async function sessionUserOf(app: FastifyInstance, userId: number): Promise<SessionUser> {
  const [account] = await app.db.select().from(users).where(eq(users.id, userId));
  return { id: account!.id, sessionId: 0, userType: account!.userType, parentId: account!.parentId, account: account! };
}

/** An open class of `teacherId` with `students` already in it (the first `admins` of them class admins). */
export async function gradeFixture(
  app: FastifyInstance,
  teacherId: number,
  options: { students?: number[]; admins?: number; isPublic?: boolean } = {},
): Promise<number> {
  const students = options.students ?? [];
  const [grade] = await app.db
    .insert(grades)
    .values({
      teacherId,
      gradeName: `测试班级${app.clock.now().getTime() % 100_000}`,
      intro: '用于测试的班级',
      isPublic: options.isPublic ?? true,
      studentCount: students.length,
    })
    .returning();
  if (students.length > 0) {
    await app.db
      .insert(gradeStudents)
      .values(students.map((userId, index) => ({ gradeId: grade!.id, userId, isAdmin: index < (options.admins ?? 0) })));
  }
  for (const userId of [teacherId, ...students]) await syncGradeAdminFlag(app.db, userId);
  return grade!.id;
}

export interface ClassCast {
  teacher: Person;
  otherTeacher: Person;
  admin: Person;
  student: Person;
  outsider: Person;
  /** The teacher's class, with the admin and the student in it. */
  gradeId: number;
}

/** Everyone a class call is tried as: its teacher, another teacher, a class admin, a student and an outsider. */
export async function classCast(app: FastifyInstance): Promise<ClassCast> {
  const [teacher, otherTeacher, admin, student, outsider] = await Promise.all([
    newTeacher(app),
    newTeacher(app),
    newLearner(app),
    newLearner(app),
    newLearner(app),
  ]);
  const gradeId = await gradeFixture(app, teacher.id, { students: [admin.id, student.id], admins: 1 });
  return { teacher, otherTeacher, admin, student, outsider, gradeId };
}

export interface ExamFixture {
  examId: number;
  /** In the order of the questions. */
  itemIds: number[];
  /** The id of the item at `index` (from 0). */
  item(index: number): number;
}

/**
 * An exam of `gradeId` written straight into the database, its questions also put in the author's
 * bank: by default every kind, open from now for a day, 60 minutes, one attempt, for the whole class.
 */
export async function examFixture(
  app: FastifyInstance,
  gradeId: number,
  authorId: number,
  options: {
    questions?: readonly QuestionSpec[];
    opensAt?: Date;
    closesAt?: Date;
    durationMinutes?: number;
    attemptsAllowed?: number;
    chosenStudents?: number[];
    multipleChoiceRule?: number;
    showAnswers?: boolean;
  } = {},
): Promise<ExamFixture> {
  const now = app.clock.now();
  const questions = options.questions ?? everyKind;
  const [exam] = await app.db
    .insert(exams)
    .values({
      gradeId,
      authorId,
      title: '阶段测验',
      instructions: '请独立完成。',
      opensAt: options.opensAt ?? now,
      closesAt: options.closesAt ?? new Date(now.getTime() + 24 * 3_600_000),
      durationMinutes: options.durationMinutes ?? 60,
      attemptsAllowed: options.attemptsAllowed ?? 1,
      audience: options.chosenStudents ? ExamAudience.chosenStudents : ExamAudience.wholeClass,
      multipleChoiceRule: options.multipleChoiceRule ?? MultipleChoiceRule.allOrNothing,
      showAnswers: options.showAnswers ?? false,
      totalPoints: questions.reduce((sum, question) => sum + question.points, 0),
      questionCount: questions.length,
    })
    .returning();
  const itemIds: number[] = [];
  for (const [index, question] of questions.entries()) {
    const content = {
      kind: question.kind,
      stem: question.stem,
      stemHtml: renderMarkdown(question.stem),
      options: question.options ?? [],
      answerKey: question.answerKey,
    };
    const [banked] = await app.db
      .insert(examQuestions)
      .values({ ...content, teacherId: authorId, points: question.points })
      .returning();
    const [item] = await app.db
      .insert(examItems)
      .values({ ...content, examId: exam!.id, questionId: banked!.id, sort: index + 1, points: question.points })
      .returning();
    itemIds.push(item!.id);
  }
  if (options.chosenStudents?.length) {
    await app.db.insert(examStudents).values(options.chosenStudents.map((userId) => ({ examId: exam!.id, userId, assigned: true })));
  }
  const item = (index: number) => {
    const id = itemIds[index];
    if (id === undefined) throw new Error(`the exam has no item ${index}`);
    return id;
  };
  return { examId: exam!.id, itemIds, item };
}
