import type { AttemptEvent, AttemptView, MarkedPaper, MyAttemptScore, MyExamScore } from '@rc/api-contract/exam/grading';
import { and, asc, eq } from 'drizzle-orm';
import type { SessionUser } from '../accounts/index.js';
import { renderInlineMarkdown } from '../content/index.js';
import {
  type Executor,
  AttemptStatus,
  QuestionKind,
  examAnswers,
  examAttemptEvents,
  examAttempts,
  examItems,
  gradeStudents,
  users,
} from '../db/index.js';
import { conflict, notFound } from '../errors.js';
import { attemptItems, shownItems, shownOptions, toShownChoices } from './attempt-layout.js';
import { examForStudent, liveExam } from './exam-attempts.js';
import { attemptSummary } from './exam-grading.js';
import { gradeRoleOf, openGrade } from './grade-roles.js';
import { optionsHtmlOf } from './question-bank.js';

const attemptMissing = () => notFound('答卷不存在');

/**
 * An attempt for someone who may look at it: the teacher and admins of its class see any, the
 * student who wrote it only once scores are published; anyone else is told it does not exist.
 */
async function viewableAttempt(db: Executor, user: SessionUser, attemptId: number) {
  const [attempt] = await db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  if (!attempt) throw attemptMissing();
  const exam = await liveExam(db, attempt.examId).catch(() => {
    throw attemptMissing();
  });
  const grade = await openGrade(db, exam.gradeId).catch(() => {
    throw attemptMissing();
  });
  const role = await gradeRoleOf(db, user.id, grade);
  const manager = role === 'teacher' || role === 'admin';
  if (!manager && attempt.userId !== user.id) throw attemptMissing();
  if (!manager && !exam.scoresPublishedAt) throw conflict('成绩发布后才能查看答卷');
  return { attempt, exam, manager };
}

/** relation/view: an attempt with who wrote it and when they left the page or lost the network. */
export async function attemptView(db: Executor, user: SessionUser, attemptId: number): Promise<AttemptView> {
  const { attempt, exam } = await viewableAttempt(db, user, attemptId);
  const [student] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, attempt.userId));
  const [member] = await db
    .select({ remark: gradeStudents.remark })
    .from(gradeStudents)
    .where(and(eq(gradeStudents.gradeId, exam.gradeId), eq(gradeStudents.userId, attempt.userId)));
  const events = await db
    .select({ kind: examAttemptEvents.kind, at: examAttemptEvents.at })
    .from(examAttemptEvents)
    .where(eq(examAttemptEvents.attemptId, attempt.id))
    .orderBy(asc(examAttemptEvents.at), asc(examAttemptEvents.id));
  return {
    examId: exam.id,
    examTitle: exam.title,
    userId: attempt.userId,
    nickname: student?.nickname ?? '',
    remark: member?.remark ?? '',
    attempt: attemptSummary(attempt, exam),
    events: events.map((event): AttemptEvent => ({ kind: event.kind, at: event.at.toISOString() })),
  };
}

/**
 * answer/view: the paper with the student's answers and marks. The key and analysis go to the
 * class's teacher and admins, and to the student only when the teacher chose to show them.
 */
export async function markedPaper(db: Executor, user: SessionUser, attemptId: number): Promise<MarkedPaper> {
  const { attempt, exam, manager } = await viewableAttempt(db, user, attemptId);
  if (attempt.status === AttemptStatus.inProgress) throw conflict('答卷尚未提交');
  const keyShown = manager || exam.showAnswers;
  // Graders see the exam's own order; the student sees the paper as they answered it (their shuffle of questions and
  // options). Either way only the questions this attempt drew.
  const asAnswered = !manager && attempt.layout !== null;
  const allItems = await db.select().from(examItems).where(eq(examItems.examId, exam.id));
  const items = asAnswered ? shownItems(allItems, attempt.layout) : attemptItems(allItems, attempt.layout);
  const orderOf = (itemId: number) => (asAnswered ? attempt.layout?.optionOrders[itemId] : undefined);
  const answers = new Map(
    (await db.select().from(examAnswers).where(eq(examAnswers.attemptId, attempt.id))).map((row) => [row.itemId, row]),
  );
  return {
    examId: exam.id,
    examTitle: exam.title,
    attempt: attemptSummary(attempt, exam),
    keyShown,
    items: items.map((item, index) => {
      const stored = answers.get(item.id);
      const shortAnswer = item.kind === QuestionKind.shortAnswer;
      const order = orderOf(item.id);
      const options = shownOptions(item.options, order);
      return {
        itemId: item.id,
        sort: asAnswered ? index + 1 : item.sort,
        kind: item.kind,
        stemHtml: item.stemHtml,
        options,
        optionsHtml: optionsHtmlOf(options),
        points: item.points,
        answer: stored ? toShownChoices(stored.answer, order) : null,
        score: shortAnswer ? (stored?.manualScore ?? (stored ? null : 0)) : (stored?.autoScore ?? 0),
        comment: stored?.comment ?? '',
        answerKey: keyShown ? toShownChoices(item.answerKey, order) : null,
        analysis: keyShown ? item.analysis : null,
        analysisHtml: keyShown ? renderInlineMarkdown(item.analysis) : null,
      };
    }),
  };
}

/**
 * relation/view/score: the student's own attempts. Before 「批阅完成」 only the objective score, with
 * every handed-in attempt 待批阅; afterwards the total, the subjective score and the graders' comments.
 */
export async function myExamScore(db: Executor, user: SessionUser, examId: number): Promise<MyExamScore> {
  const { exam, grade } = await examForStudent(db, user, examId);
  const published = exam.scoresPublishedAt !== null;
  const attempts = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, user.id)))
    .orderBy(asc(examAttempts.attemptNo));
  const comments = published ? await shortAnswerMarks(db, examId, user.id) : [];
  return {
    examId: exam.id,
    gradeId: grade.id,
    gradeName: grade.gradeName,
    title: exam.title,
    totalPoints: exam.totalPoints,
    published,
    scoresPublishedAt: exam.scoresPublishedAt?.toISOString() ?? null,
    showAnswers: exam.showAnswers,
    attempts: attempts.map((attempt): MyAttemptScore => {
      const handedIn = attempt.status !== AttemptStatus.inProgress;
      return {
        attemptId: attempt.id,
        attemptNo: attempt.attemptNo,
        status: (handedIn && !published ? AttemptStatus.submitted : attempt.status) as MyAttemptScore['status'],
        submittedBy: (attempt.submittedBy ?? null) as MyAttemptScore['submittedBy'],
        submittedAt: attempt.submittedAt?.toISOString() ?? null,
        objectiveScore: handedIn ? attempt.objectiveScore : null,
        subjectiveScore: handedIn && published ? attempt.subjectiveScore : null,
        totalScore: handedIn && published ? attempt.totalScore : null,
        comments: comments.filter((row) => row.attemptId === attempt.id).map(({ attemptId: _attemptId, ...comment }) => comment),
      };
    }),
  };
}

async function shortAnswerMarks(db: Executor, examId: number, userId: number) {
  return db
    .select({
      attemptId: examAnswers.attemptId,
      itemId: examItems.id,
      sort: examItems.sort,
      points: examItems.points,
      manualScore: examAnswers.manualScore,
      comment: examAnswers.comment,
    })
    .from(examAnswers)
    .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
    .innerJoin(examItems, eq(examItems.id, examAnswers.itemId))
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, userId), eq(examItems.kind, QuestionKind.shortAnswer)))
    .orderBy(asc(examItems.sort));
}
