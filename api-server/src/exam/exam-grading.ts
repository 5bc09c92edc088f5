import type {
  AttemptSummary,
  ExamStudentList,
  GradeAnswerResult,
  GradingQueue,
  PublishResult,
  QueuedAnswer,
  RemarkResult,
} from '@rc/api-contract/exam/grading';
import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import { type SessionUser, notify } from '../accounts/index.js';
import {
  type Database,
  type Executor,
  AttemptStatus,
  ExamAudience,
  QuestionKind,
  examAnswers,
  examAttempts,
  examItems,
  examStudents,
  exams,
  gradeStudents,
  users,
} from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { roundScore } from './answer-marking.js';
import { liveExam, settleExpiredAttempts } from './exam-attempts.js';
import { markAttempt, remarkExam } from './exam-marking.js';
import { examState } from './exam-overview.js';
import { managedGrade } from './grade-roles.js';

type Attempt = typeof examAttempts.$inferSelect;

const handedInStatuses = [AttemptStatus.submitted, AttemptStatus.graded];

/** The exam for the teacher and admins of its class. */
export async function managedExam(db: Executor, user: SessionUser, examId: number) {
  const exam = await liveExam(db, examId);
  const { grade } = await managedGrade(db, user, exam.gradeId);
  return { exam, grade };
}

/** Late (迟交): handed in after the exam's own close, in a compensation window or on extra time. */
export const isLate = (attempt: Pick<Attempt, 'submittedAt'>, exam: Pick<typeof exams.$inferSelect, 'closesAt'>) =>
  attempt.submittedAt !== null && attempt.submittedAt > exam.closesAt;

export function attemptSummary(attempt: Attempt, exam: Pick<typeof exams.$inferSelect, 'closesAt'>): AttemptSummary {
  return {
    attemptId: attempt.id,
    attemptNo: attempt.attemptNo,
    status: attempt.status as AttemptSummary['status'],
    submittedBy: (attempt.submittedBy ?? null) as AttemptSummary['submittedBy'],
    startedAt: attempt.startedAt.toISOString(),
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    objectiveScore: attempt.objectiveScore,
    subjectiveScore: attempt.subjectiveScore,
    totalScore: attempt.totalScore,
    ungradedCount: attempt.ungradedCount,
    leaveCount: attempt.leaveCount,
    extraMinutes: attempt.extraMinutes,
    late: isLate(attempt, exam),
  };
}

const isRunning = (attempt: Attempt, now: Date) => attempt.status === AttemptStatus.inProgress && attempt.deadlineAt > now;

/**
 * relation/list: every student the exam is for (the whole class or the chosen ones, plus those given
 * a compensation and anyone who sat it), each with their attempts; no attempts means 未参加.
 */
export async function examStudentList(db: Executor, user: SessionUser, examId: number, now: Date): Promise<ExamStudentList> {
  const { exam, grade } = await managedExam(db, user, examId);
  const members = await db
    .select({ userId: gradeStudents.userId, remark: gradeStudents.remark, isAdmin: gradeStudents.isAdmin })
    .from(gradeStudents)
    .where(eq(gradeStudents.gradeId, grade.id));
  const standings = await db.select().from(examStudents).where(eq(examStudents.examId, examId));
  const attempts = await db.select().from(examAttempts).where(eq(examAttempts.examId, examId)).orderBy(asc(examAttempts.attemptNo));
  const compensated = new Set(standings.filter((row) => row.compensateClosesAt).map((row) => row.userId));
  const audience =
    exam.audience === ExamAudience.wholeClass
      ? members.filter((member) => !member.isAdmin).map((member) => member.userId)
      : standings.filter((row) => row.assigned).map((row) => row.userId);
  const userIds = [...new Set([...audience, ...compensated, ...attempts.map((attempt) => attempt.userId)])];
  const people =
    userIds.length === 0
      ? []
      : await db.select({ id: users.id, nickname: users.nickname }).from(users).where(inArray(users.id, userIds)).orderBy(asc(users.id));
  const remarks = new Map(members.map((member) => [member.userId, member.remark]));
  const extra = new Map(standings.filter((row) => row.extraTimeSetAt).map((row) => [row.userId, row]));
  const setters = await nicknamesOf(
    db,
    [...extra.values()].map((row) => row.extraTimeSetBy!),
  );
  const students = people.map((person) => ({
    userId: person.id,
    nickname: person.nickname,
    remark: remarks.get(person.id) ?? '',
    compensated: compensated.has(person.id),
    extraMinutes: extra.get(person.id)?.extraMinutes ?? 0,
    extraTimeSetBy: setters.get(extra.get(person.id)?.extraTimeSetBy ?? 0) ?? '',
    extraTimeSetAt: extra.get(person.id)?.extraTimeSetAt?.toISOString() ?? null,
    attempts: attempts.filter((attempt) => attempt.userId === person.id).map((attempt) => attemptSummary(attempt, exam)),
  }));
  const handedIn = attempts.filter((attempt) => attempt.status !== AttemptStatus.inProgress);
  return {
    exam: {
      examId: exam.id,
      gradeId: grade.id,
      gradeName: grade.gradeName,
      title: exam.title,
      state: examState(exam, now),
      opensAt: exam.opensAt.toISOString(),
      closesAt: exam.closesAt.toISOString(),
      totalPoints: exam.totalPoints,
      showAnswers: exam.showAnswers,
      scoresPublishedAt: exam.scoresPublishedAt?.toISOString() ?? null,
      audienceCount: new Set([...audience, ...compensated]).size,
      absentCount: students.filter((student) => student.attempts.length === 0).length,
      inProgressCount: attempts.filter((attempt) => isRunning(attempt, now)).length,
      handedInCount: handedIn.length,
      ungradedCount: handedIn.reduce((sum, attempt) => sum + attempt.ungradedCount, 0),
    },
    students,
  };
}

async function nicknamesOf(db: Executor, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.nickname]));
}

/** Papers are numbered 1, 2, … by attempt id within the exam, so a number never changes and never names a student. */
async function sheetNumbers(db: Executor, examId: number): Promise<Map<number, number>> {
  const ids = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(eq(examAttempts.examId, examId))
    .orderBy(asc(examAttempts.id));
  return new Map(ids.map(({ id }, index) => [id, index + 1]));
}

/** answer/queue: the short answers of handed-in attempts, anonymously, paper by paper; `graded` filters. */
export async function gradingQueue(db: Executor, user: SessionUser, examId: number, graded: boolean | undefined): Promise<GradingQueue> {
  await managedExam(db, user, examId);
  const rows = await db
    .select({ answer: examAnswers, item: examItems })
    .from(examAnswers)
    .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
    .innerJoin(examItems, eq(examItems.id, examAnswers.itemId))
    .where(
      and(eq(examAttempts.examId, examId), inArray(examAttempts.status, handedInStatuses), eq(examItems.kind, QuestionKind.shortAnswer)),
    )
    .orderBy(asc(examAnswers.attemptId), asc(examItems.sort), asc(examItems.id));
  const numbers = await sheetNumbers(db, examId);
  const all = rows.map(({ answer, item }) => queuedAnswer(answer, item, numbers.get(answer.attemptId)!));
  const gradedCount = all.filter((answer) => answer.manualScore !== null).length;
  const list = graded === undefined ? all : all.filter((answer) => (answer.manualScore !== null) === graded);
  return { examId, total: all.length, gradedCount, list };
}

function queuedAnswer(answer: typeof examAnswers.$inferSelect, item: typeof examItems.$inferSelect, sheetNo: number): QueuedAnswer {
  return {
    attemptId: answer.attemptId,
    sheetNo,
    itemId: item.id,
    sort: item.sort,
    stemHtml: item.stemHtml,
    reference: item.answerKey.reference ?? '',
    text: answer.answer.text ?? '',
    points: item.points,
    manualScore: answer.manualScore,
    comment: answer.comment,
  };
}

const answerMissing = () => notFound('答案不存在');

/**
 * answer/audit: a grader's mark and comment on a short answer of a handed-in attempt, then the
 * attempt's totals and status follow. Allowed after publishing too: the student sees the correction.
 */
export async function gradeAnswer(
  db: Database,
  user: SessionUser,
  body: { attemptId: number; itemId: number; score: number; comment?: string },
  now: Date,
): Promise<GradeAnswerResult> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(examAttempts).where(eq(examAttempts.id, body.attemptId)).for('update');
    if (!attempt) throw notFound('答卷不存在');
    const { exam } = await managedExam(tx, user, attempt.examId);
    const [item] = await tx
      .select()
      .from(examItems)
      .where(and(eq(examItems.id, body.itemId), eq(examItems.examId, exam.id)));
    if (!item) throw answerMissing();
    if (item.kind !== QuestionKind.shortAnswer) throw invalid('只有简答题需要老师批阅');
    if (attempt.status === AttemptStatus.inProgress) throw conflict('学生尚未交卷，不能批阅');
    if (body.score > item.points) throw invalid(`得分不能超过本题分值 ${item.points} 分`);
    if (roundScore(body.score) !== body.score) throw invalid('得分最多保留一位小数');
    const [marked] = await tx
      .update(examAnswers)
      .set({ manualScore: body.score, comment: body.comment?.trim() ?? '', graderId: user.id, gradedAt: now })
      .where(and(eq(examAnswers.attemptId, attempt.id), eq(examAnswers.itemId, item.id)))
      .returning();
    if (!marked) throw answerMissing();
    const totals = await markAttempt(tx, attempt.id);
    const numbers = await sheetNumbers(tx, exam.id);
    return {
      answer: queuedAnswer(marked, item, numbers.get(attempt.id)!),
      attempt: attemptSummary(totals, exam),
      examUngradedCount: await ungradedOf(tx, exam.id),
    };
  });
}

async function ungradedOf(db: Executor, examId: number): Promise<number> {
  const rows = await db
    .select({ ungradedCount: examAttempts.ungradedCount })
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, examId), inArray(examAttempts.status, handedInStatuses)));
  return rows.reduce((sum, row) => sum + row.ungradedCount, 0);
}

/**
 * audit/complete (「批阅完成」): publishes the scores once no short answer waits and nobody is still
 * writing within their time; each student who handed in is told.
 */
export async function publishScores(db: Database, user: SessionUser, examId: number, now: Date): Promise<PublishResult> {
  await settleExpiredAttempts(db, now);
  return db.transaction(async (tx) => {
    const { exam, grade } = await managedExam(tx, user, examId);
    const [locked] = await tx.select().from(exams).where(eq(exams.id, exam.id)).for('update');
    if (locked!.scoresPublishedAt) throw conflict('成绩已发布');
    const waiting = await ungradedOf(tx, exam.id);
    if (waiting > 0) throw conflict(`还有 ${waiting} 份简答题未批阅`);
    const running = await tx
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(and(eq(examAttempts.examId, exam.id), eq(examAttempts.status, AttemptStatus.inProgress), gt(examAttempts.deadlineAt, now)));
    if (running.length > 0) throw conflict(`还有 ${running.length} 名学生正在作答，请在其交卷后再发布成绩`);
    await tx.update(exams).set({ scoresPublishedAt: now }).where(eq(exams.id, exam.id));
    const handedIn = await tx
      .selectDistinct({ userId: examAttempts.userId })
      .from(examAttempts)
      .where(and(eq(examAttempts.examId, exam.id), ne(examAttempts.status, AttemptStatus.inProgress)));
    for (const { userId } of handedIn) {
      await notify(
        tx,
        userId,
        `考试「${exam.title}」的成绩已发布`,
        `班级「${grade.gradeName}」的考试「${exam.title}」已批阅完成，可在「我的班级」中查看成绩与批阅意见。`,
        now,
      );
    }
    return { examId: exam.id, scoresPublishedAt: now.toISOString(), notifiedCount: handedIn.length };
  });
}

/** answer/sys/audit: the system audit again over every handed-in attempt (after a key correction); returns how many. */
export async function remarkHandedIn(db: Database, user: SessionUser, examId: number): Promise<RemarkResult> {
  return db.transaction(async (tx) => {
    const { exam } = await managedExam(tx, user, examId);
    return { examId: exam.id, remarkedCount: await remarkExam(tx, exam.id) };
  });
}
