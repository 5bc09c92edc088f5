import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { AnswerSaveBody, AnswerSaveResult, AttemptClock, ExamSheet, SubmitResult } from '@rc/api-contract/exam/sheet';
import type { SessionUser } from '../accounts/index.js';
import {
  type Database,
  type Executor,
  AttemptStatus,
  ExamAudience,
  QuestionKind,
  SubmittedBy,
  examAnswers,
  examAttemptEvents,
  examAttempts,
  examItems,
  examStudents,
  exams,
  type AttemptEventKind,
} from '../db/index.js';
import { conflict, forbidden, gone, invalid, notFound } from '../errors.js';
import { checkedStudentAnswer } from './answer-marking.js';
import { newLayout, shownItems, shownOptions, toExamChoices, toShownChoices } from './attempt-layout.js';
import { markAttempt } from './exam-marking.js';
import { attemptDeadline, beginWindow, secondsLeft } from './exam-window.js';
import { gradeRoleOf, openGrade } from './grade-roles.js';
import { optionsHtmlOf } from './question-bank.js';

type Exam = typeof exams.$inferSelect;
type Attempt = typeof examAttempts.$inferSelect;

const examMissing = () => notFound('考试不存在或已删除');
const attemptMissing = () => notFound('答卷不存在');
const timeIsUp = () => conflict('考试时间已到，答卷已自动提交');

/** An exam not deleted; a deleted one answers 410, so its page says deleted rather than not found. */
export async function liveExam(db: Executor, examId: number): Promise<Exam> {
  const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
  if (!exam) throw examMissing();
  if (exam.deletedAt !== null) throw gone('该考试已被删除');
  return exam;
}

/**
 * The exam for a student who may sit it: a live exam of an open class they belong to, meant for the
 * whole class or for them (or granted them as compensation). Teachers and outsiders are refused.
 */
export async function examForStudent(db: Executor, user: SessionUser, examId: number) {
  const exam = await liveExam(db, examId);
  const grade = await openGrade(db, exam.gradeId);
  const role = await gradeRoleOf(db, user.id, grade);
  if (role === 'teacher') throw forbidden('老师不能参加自己班级的考试');
  if (role === null) throw forbidden('你不是该班级的成员');
  if (role === 'admin') throw forbidden('班级管理员负责管理考试，不参加本班考试');
  const [standing] = await db
    .select()
    .from(examStudents)
    .where(and(eq(examStudents.examId, examId), eq(examStudents.userId, user.id)));
  const compensated = Boolean(standing?.compensateClosesAt);
  if (exam.audience === ExamAudience.chosenStudents && !standing?.assigned && !compensated) throw forbidden('你不在本场考试的考生名单中');
  return { exam, grade, standing };
}

async function attemptsOf(db: Executor, examId: number, userId: number): Promise<Attempt[]> {
  return db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, userId)))
    .orderBy(asc(examAttempts.attemptNo));
}

/** The student's own attempt, locked for the rest of the transaction; anyone else's is answered as missing. */
async function ownAttemptForUpdate(tx: Executor, user: SessionUser, attemptId: number): Promise<Attempt> {
  const [attempt] = await tx
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.userId, user.id)))
    .for('update');
  if (!attempt) throw attemptMissing();
  return attempt;
}

/** Hands an open attempt in (once: a second call finds it already handed in) and runs the system audit. */
async function handIn(tx: Executor, attempt: Attempt, by: number, now: Date): Promise<Attempt> {
  const [closed] = await tx
    .update(examAttempts)
    .set({ status: AttemptStatus.submitted, submittedAt: now, submittedBy: by })
    .where(and(eq(examAttempts.id, attempt.id), eq(examAttempts.status, AttemptStatus.inProgress)))
    .returning();
  return closed ? markAttempt(tx, closed.id) : attempt;
}

/** Hands in, by the deadline, an attempt whose time ran out; returns whether it did. */
export async function settleIfExpired(tx: Executor, attempt: Attempt, now: Date): Promise<boolean> {
  if (attempt.status !== AttemptStatus.inProgress || now < attempt.deadlineAt) return false;
  await handIn(tx, attempt, SubmittedBy.deadline, now);
  return true;
}

async function sheetOf(db: Executor, exam: Exam, attempt: Attempt, now: Date): Promise<ExamSheet> {
  const items = shownItems(await db.select().from(examItems).where(eq(examItems.examId, exam.id)), attempt.layout);
  const orderOf = (itemId: number) => attempt.layout?.optionOrders[itemId];
  const answers = await db.select().from(examAnswers).where(eq(examAnswers.attemptId, attempt.id));
  return {
    attemptId: attempt.id,
    examId: exam.id,
    gradeId: exam.gradeId,
    examTitle: exam.title,
    instructions: exam.instructions,
    attemptNo: attempt.attemptNo,
    status: attempt.status as ExamSheet['status'],
    startedAt: attempt.startedAt.toISOString(),
    deadlineAt: attempt.deadlineAt.toISOString(),
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    serverNow: now.toISOString(),
    remainingSeconds: attempt.status === AttemptStatus.inProgress ? secondsLeft(attempt.deadlineAt, now) : 0,
    extraMinutes: attempt.extraMinutes,
    totalPoints: exam.totalPoints,
    items: items.map((item, index) => ({
      itemId: item.id,
      sort: attempt.layout ? index + 1 : item.sort,
      kind: item.kind,
      stemHtml: item.stemHtml,
      options: shownOptions(item.options, orderOf(item.id)),
      optionsHtml: optionsHtmlOf(shownOptions(item.options, orderOf(item.id))),
      points: item.points,
      blankCount: item.kind === QuestionKind.fillBlank ? (item.answerKey.blanks?.length ?? 0) : 0,
    })),
    answers: answers.map((row) => ({
      itemId: row.itemId,
      answer: toShownChoices(row.answer, orderOf(row.itemId)),
      version: row.version,
      savedAt: row.savedAt.toISOString(),
    })),
  };
}

/** The extra time the class gave the student for this exam, in minutes. */
const extraMinutesOf = (standing: { extraMinutes: number } | undefined) => standing?.extraMinutes ?? 0;

/**
 * begin: starts the server's clock on a new attempt, or returns the attempt already running (a
 * second tab, a double click). The deadline is fixed here; only extra time granted later moves it.
 * The attempt's questions (a fair draw from each pool) and their order are fixed here too.
 */
export async function beginAttempt(db: Database, user: SessionUser, examId: number, now: Date): Promise<ExamSheet> {
  return db.transaction(async (tx) => {
    const { exam, standing } = await examForStudent(tx, user, examId);
    const attempts = await attemptsOf(tx, examId, user.id);
    const running = attempts.find((attempt) => attempt.status === AttemptStatus.inProgress);
    if (running && !(await settleIfExpired(tx, running, now))) return sheetOf(tx, exam, running, now);
    const { closesAt } = beginWindow(exam, standing, attempts.length, now);
    // Draws count the attempts before this one: the exam row is held so two begins cannot draw from the same counts.
    if (exam.pools.length > 0) await tx.select({ id: exams.id }).from(exams).where(eq(exams.id, examId)).for('update');
    const items = await tx.select().from(examItems).where(eq(examItems.examId, examId));
    const extraMinutes = extraMinutesOf(standing);
    const [started] = await tx
      .insert(examAttempts)
      .values({
        examId,
        userId: user.id,
        attemptNo: attempts.length + 1,
        startedAt: now,
        deadlineAt: attemptDeadline(now, exam.durationMinutes + extraMinutes, new Date(closesAt.getTime() + extraMinutes * 60_000)),
        extraMinutes,
        layout: await newLayout(tx, exam, items),
      })
      .onConflictDoNothing()
      .returning();
    const sameMoment = started ?? (await attemptsOf(tx, examId, user.id)).find((attempt) => attempt.status === AttemptStatus.inProgress);
    if (!sameMoment) throw conflict('考试正在另一个页面开始，请刷新后继续作答');
    return sheetOf(tx, exam, sameMoment, now);
  });
}

/**
 * continue: the running attempt with every saved answer and the time left, after a reload or on
 * another device. One whose time ran out is handed in now, and the student is told so.
 */
export async function continueAttempt(db: Database, user: SessionUser, examId: number, now: Date): Promise<ExamSheet> {
  const outcome = await db.transaction(async (tx) => {
    const { exam } = await examForStudent(tx, user, examId);
    const [running] = await tx
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, user.id), eq(examAttempts.status, AttemptStatus.inProgress)))
      .orderBy(desc(examAttempts.attemptNo))
      .for('update');
    if (!running) return { refusal: conflict('没有进行中的考试，请先开始考试') };
    if (await settleIfExpired(tx, running, now)) return { refusal: timeIsUp() };
    return { sheet: await sheetOf(tx, exam, running, now) };
  });
  if (outcome.refusal) throw outcome.refusal;
  return outcome.sheet;
}

/**
 * answer/save: keeps each answer unless the stored one carries a later version (another tab, a retry
 * that arrived late). Nothing is saved after the deadline: the attempt is handed in instead.
 */
export async function saveAnswers(db: Database, user: SessionUser, body: AnswerSaveBody, now: Date): Promise<AnswerSaveResult> {
  const outcome = await db.transaction(async (tx) => {
    const attempt = await ownAttemptForUpdate(tx, user, body.attemptId);
    if (await settleIfExpired(tx, attempt, now)) return { refusal: conflict('考试已结束，答案未保存') };
    if (attempt.status !== AttemptStatus.inProgress) return { refusal: conflict('答卷已提交，不能再修改答案') };
    const inAttempt = attempt.layout ? new Set(attempt.layout.itemIds) : null;
    const items = new Map((await tx.select().from(examItems).where(eq(examItems.examId, attempt.examId))).map((item) => [item.id, item]));
    const saved: AnswerSaveResult['saved'] = [];
    for (const { itemId, answer, version } of body.answers) {
      const item = items.get(itemId);
      if (!item || (inAttempt && !inAttempt.has(itemId))) throw invalid('题目不属于这份答卷');
      const stored = checkedStudentAnswer(item, toExamChoices(answer, attempt.layout?.optionOrders[itemId]));
      const [kept] = await tx
        .insert(examAnswers)
        .values({ attemptId: attempt.id, itemId, answer: stored, version, savedAt: now })
        .onConflictDoUpdate({
          target: [examAnswers.attemptId, examAnswers.itemId],
          set: { answer: sql`excluded.answer`, version: sql`excluded.version`, savedAt: sql`excluded.saved_at` },
          setWhere: sql`excluded.version > ${examAnswers.version}`,
        })
        .returning({ version: examAnswers.version });
      const storedVersion = kept?.version ?? (await storedVersionOf(tx, attempt.id, itemId));
      saved.push({ itemId, version: storedVersion, accepted: kept !== undefined });
    }
    const clock = { deadlineAt: attempt.deadlineAt.toISOString(), remainingSeconds: secondsLeft(attempt.deadlineAt, now) };
    return { result: { attemptId: attempt.id, saved, ...clock } };
  });
  if (outcome.refusal) throw outcome.refusal;
  return outcome.result;
}

async function storedVersionOf(tx: Executor, attemptId: number, itemId: number): Promise<number> {
  const [row] = await tx
    .select({ version: examAnswers.version })
    .from(examAnswers)
    .where(and(eq(examAnswers.attemptId, attemptId), eq(examAnswers.itemId, itemId)));
  return row!.version;
}

/**
 * relation/clock: the running attempt's deadline as the server has it now; the exam page asks once when it comes back
 * (shown again, or online again), having perhaps missed a pushed deadline. An attempt whose time ran out is handed in here.
 */
export async function attemptClock(db: Database, user: SessionUser, attemptId: number, now: Date): Promise<AttemptClock> {
  return db.transaction(async (tx) => {
    const attempt = await ownAttemptForUpdate(tx, user, attemptId);
    await settleIfExpired(tx, attempt, now);
    const [current] = await tx.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    return {
      attemptId,
      status: current!.status as AttemptClock['status'],
      deadlineAt: current!.deadlineAt.toISOString(),
      remainingSeconds: current!.status === AttemptStatus.inProgress ? secondsLeft(current!.deadlineAt, now) : 0,
      extraMinutes: current!.extraMinutes,
    };
  });
}

/** submit/audit: the student hands the attempt in; objective items are marked at once. Handing in twice changes nothing. */
export async function submitAttempt(db: Database, user: SessionUser, attemptId: number, now: Date): Promise<SubmitResult> {
  return db.transaction(async (tx) => {
    const attempt = await ownAttemptForUpdate(tx, user, attemptId);
    const by = now >= attempt.deadlineAt ? SubmittedBy.deadline : SubmittedBy.student;
    const handedIn = await handIn(tx, attempt, by, now);
    return {
      attemptId: handedIn.id,
      status: handedIn.status as SubmitResult['status'],
      submittedBy: (handedIn.submittedBy ?? by) as SubmitResult['submittedBy'],
      objectiveScore: handedIn.objectiveScore,
      ungradedCount: handedIn.ungradedCount,
    };
  });
}

/** Records leaving or returning to the exam page, or losing and regaining the network; a teacher sees them, nothing is marked down. */
export async function recordAttemptEvent(
  db: Database,
  user: SessionUser,
  attemptId: number,
  kind: AttemptEventKind,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const attempt = await ownAttemptForUpdate(tx, user, attemptId);
    if (attempt.status !== AttemptStatus.inProgress) return;
    await tx.insert(examAttemptEvents).values({ attemptId, kind, at: now });
    if (kind === 'leave') {
      await tx
        .update(examAttempts)
        .set({ leaveCount: sql`${examAttempts.leaveCount} + 1` })
        .where(eq(examAttempts.id, attemptId));
    }
  });
}

/** The scheduler's pass: every attempt whose deadline passed is handed in by the server. Returns how many. */
export async function settleExpiredAttempts(db: Database, now: Date): Promise<number> {
  const expired = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(and(eq(examAttempts.status, AttemptStatus.inProgress), lte(examAttempts.deadlineAt, now)));
  let settled = 0;
  for (const { id } of expired) {
    const done = await db.transaction(async (tx) => {
      const [attempt] = await tx.select().from(examAttempts).where(eq(examAttempts.id, id)).for('update');
      return settleIfExpired(tx, attempt!, now);
    });
    if (done) settled += 1;
  }
  return settled;
}
