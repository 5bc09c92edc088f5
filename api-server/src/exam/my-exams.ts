import type { ExamState } from '@rc/api-contract/exam/exam-admin';
import type { ExamTips, MyAttemptRef, MyExamItem } from '@rc/api-contract/exam/relation';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../accounts/index.js';
import {
  type Executor,
  AttemptStatus,
  ExamAudience,
  GradeStatus,
  examAttempts,
  examStudents,
  exams,
  gradeStudents,
  grades,
} from '../db/index.js';
import { AppError } from '../errors.js';
import { examForStudent } from './exam-attempts.js';
import { examState } from './exam-overview.js';
import { beginWindow } from './exam-window.js';
import { joinedGrade, sitsExams } from './grade-roles.js';

type Exam = typeof exams.$inferSelect;
type Standing = typeof examStudents.$inferSelect;
type Attempt = typeof examAttempts.$inferSelect;
interface Candidate {
  exam: Exam;
  gradeName: string;
  standing: Standing | null;
}

const stateFilter = (state: ExamState, now: Date): SQL | undefined => {
  const unpublished = isNull(exams.scoresPublishedAt);
  if (state === 'published') return isNotNull(exams.scoresPublishedAt);
  if (state === 'upcoming') return and(unpublished, gt(exams.opensAt, now));
  if (state === 'open') return and(unpublished, lte(exams.opensAt, now), gt(exams.closesAt, now));
  return and(unpublished, lte(exams.closesAt, now));
};

/** The live exams of my open classes that are meant for me: the whole class's, or ones I was chosen or compensated for. */
function myExamsWhere(extra: Array<SQL | undefined>) {
  return and(
    isNull(exams.deletedAt),
    eq(grades.status, GradeStatus.open),
    or(eq(exams.audience, ExamAudience.wholeClass), eq(examStudents.assigned, true), isNotNull(examStudents.compensateClosesAt)),
    ...extra,
  );
}

const candidatesFrom = (db: Executor, userId: number) =>
  db
    .select({ exam: exams, gradeName: grades.gradeName, standing: examStudents })
    .from(exams)
    .innerJoin(grades, eq(grades.id, exams.gradeId))
    .innerJoin(gradeStudents, and(eq(gradeStudents.gradeId, exams.gradeId), eq(gradeStudents.userId, userId), sitsExams))
    .leftJoin(examStudents, and(eq(examStudents.examId, exams.id), eq(examStudents.userId, userId)));

async function countCandidates(db: Executor, userId: number, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(exams)
    .innerJoin(grades, eq(grades.id, exams.gradeId))
    .innerJoin(gradeStudents, and(eq(gradeStudents.gradeId, exams.gradeId), eq(gradeStudents.userId, userId), sitsExams))
    .leftJoin(examStudents, and(eq(examStudents.examId, exams.id), eq(examStudents.userId, userId)))
    .where(where);
  return row?.total ?? 0;
}

async function myAttempts(db: Executor, userId: number, examIds: number[]): Promise<Map<number, Attempt[]>> {
  const byExam = new Map<number, Attempt[]>(examIds.map((id) => [id, []]));
  if (examIds.length === 0) return byExam;
  const rows = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), inArray(examAttempts.examId, examIds)))
    .orderBy(asc(examAttempts.attemptNo));
  for (const row of rows) byExam.get(row.examId)!.push(row);
  return byExam;
}

/** Whether a next attempt may begin now, and if not, the reason the student is given at begin. */
function beginCheck(exam: Exam, standing: Standing | null, attemptsUsed: number, now: Date) {
  try {
    return { closesAt: beginWindow(exam, standing ?? undefined, attemptsUsed, now).closesAt, reason: null };
  } catch (error) {
    if (error instanceof AppError) return { closesAt: null, reason: error.message };
    throw error;
  }
}

function attemptRef(attempt: Attempt, published: boolean): MyAttemptRef {
  return {
    attemptId: attempt.id,
    attemptNo: attempt.attemptNo,
    status: attempt.status as MyAttemptRef['status'],
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    objectiveScore: attempt.objectiveScore,
    totalScore: published ? attempt.totalScore : null,
  };
}

function itemOf({ exam, gradeName, standing }: Candidate, attempts: Attempt[], now: Date): MyExamItem & { beginClosesAt: Date | null } {
  // One whose time ran out before the server's pass handed it in still counts as running: continue hands it in and says so.
  const running = attempts.find((attempt) => attempt.status === AttemptStatus.inProgress) ?? null;
  const handedIn = attempts.filter((attempt) => attempt.status !== AttemptStatus.inProgress);
  const published = exam.scoresPublishedAt !== null;
  const check = running ? { closesAt: null, reason: '有进行中的作答，请继续作答' } : beginCheck(exam, standing, attempts.length, now);
  const compensation =
    standing?.compensateOpensAt && standing.compensateClosesAt
      ? {
          opensAt: standing.compensateOpensAt.toISOString(),
          closesAt: standing.compensateClosesAt.toISOString(),
          extraAttempts: standing.compensateAttempts,
        }
      : null;
  const last = handedIn.at(-1);
  return {
    examId: exam.id,
    gradeId: exam.gradeId,
    gradeName,
    title: exam.title,
    instructions: exam.instructions,
    opensAt: exam.opensAt.toISOString(),
    closesAt: exam.closesAt.toISOString(),
    durationMinutes: exam.durationMinutes,
    extraMinutes: standing?.extraMinutes ?? 0,
    totalPoints: exam.totalPoints,
    questionCount: exam.questionCount,
    state: examState(exam, now),
    attemptsUsed: attempts.length,
    attemptsAllowed: exam.attemptsAllowed + (compensation?.extraAttempts ?? 0),
    compensation,
    runningAttemptId: running?.id ?? null,
    canBegin: check.reason === null,
    // An attempt begun now may run past the window's close by the student's extra time (exam-attempts' begin).
    latestEndAt: check.closesAt ? new Date(check.closesAt.getTime() + (standing?.extraMinutes ?? 0) * 60_000).toISOString() : null,
    cannotBeginReason: check.reason,
    lastAttempt: last ? attemptRef(last, published) : null,
    bestScore: published && handedIn.length > 0 ? Math.max(...handedIn.map((attempt) => attempt.totalScore)) : null,
    scoresPublished: published,
    scoreNote: handedIn.length > 0 && !published ? '待批阅' : null,
    tipIgnored: standing?.tipIgnoredAt != null,
    beginClosesAt: running ? (running.deadlineAt > now ? running.deadlineAt : null) : check.closesAt,
  };
}

async function listMine(
  db: Executor,
  userId: number,
  where: SQL | undefined,
  window: { limit: number; offset: number },
  now: Date,
): Promise<{ list: MyExamItem[]; total: number }> {
  const total = await countCandidates(db, userId, where);
  const page = await candidatesFrom(db, userId)
    .where(where)
    .orderBy(desc(exams.opensAt), desc(exams.id))
    .limit(window.limit)
    .offset(window.offset);
  const attempts = await myAttempts(
    db,
    userId,
    page.map(({ exam }) => exam.id),
  );
  const list = page.map((candidate) => withoutBeginClose(itemOf(candidate, attempts.get(candidate.exam.id)!, now)));
  return { list, total };
}

const withoutBeginClose = ({ beginClosesAt: _closes, ...item }: ReturnType<typeof itemOf>): MyExamItem => item;

/** relation/brief: one exam I may sit, as my list shows it, with its instructions: the page before 开始考试. */
export async function myExamBrief(db: Executor, user: SessionUser, examId: number, now: Date): Promise<MyExamItem> {
  const { exam, grade, standing } = await examForStudent(db, user, examId);
  const attempts = await myAttempts(db, user.id, [examId]);
  return withoutBeginClose(itemOf({ exam, gradeName: grade.gradeName, standing: standing ?? null }, attempts.get(examId)!, now));
}

/** relation/page: my exams across my classes, with my attempts and what I may do now; optionally of one state. */
export function myExams(
  db: Executor,
  user: SessionUser,
  state: ExamState | undefined,
  window: { limit: number; offset: number },
  now: Date,
) {
  return listMine(db, user.id, myExamsWhere([state ? stateFilter(state, now) : undefined]), window, now);
}

/** relation/page/grade: my exams in one class (its teacher sits none of them, so theirs is empty); outsiders are refused. */
export async function myExamsOfGrade(
  db: Executor,
  user: SessionUser,
  gradeId: number,
  window: { limit: number; offset: number },
  now: Date,
): Promise<{ list: MyExamItem[]; total: number }> {
  const { role } = await joinedGrade(db, user, gradeId);
  if (role !== 'student') return { list: [], total: 0 };
  return listMine(db, user.id, myExamsWhere([eq(exams.gradeId, gradeId)]), window, now);
}

const TIPS_SCANNED = 200;

/** relation/tips: the exams I can take now (or am taking) and have not handed in, without those whose tip I hid. */
export async function examTips(db: Executor, user: SessionUser, now: Date): Promise<ExamTips> {
  const stillOpen = or(gt(exams.closesAt, now), gt(examStudents.compensateClosesAt, now));
  const candidates = await candidatesFrom(db, user.id)
    .where(myExamsWhere([stillOpen, isNull(examStudents.tipIgnoredAt)]))
    .orderBy(asc(exams.closesAt), asc(exams.id))
    .limit(TIPS_SCANNED);
  const attempts = await myAttempts(
    db,
    user.id,
    candidates.map(({ exam }) => exam.id),
  );
  const tips = candidates
    .map((candidate) => itemOf(candidate, attempts.get(candidate.exam.id)!, now))
    .filter((item) => item.lastAttempt === null && item.beginClosesAt !== null)
    .map((item) => ({ examId: item.examId, title: item.title, gradeName: item.gradeName, closesAt: item.beginClosesAt!.toISOString() }));
  return { total: tips.length, exams: tips };
}

/** relation/ignore: hides an exam I may sit from my tips (it stays in my exam list). */
export async function ignoreExamTip(db: Executor, user: SessionUser, examId: number, now: Date): Promise<void> {
  await examForStudent(db, user, examId);
  await db
    .insert(examStudents)
    .values({ examId, userId: user.id, tipIgnoredAt: now })
    .onConflictDoUpdate({ target: [examStudents.examId, examStudents.userId], set: { tipIgnoredAt: now } });
}
