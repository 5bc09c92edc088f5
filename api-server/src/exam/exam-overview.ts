import type { ExamAdminItem, ExamState } from '@rc/api-contract/exam/exam-admin';
import { and, count, countDistinct, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, AttemptStatus, ExamAudience, examAttempts, examStudents, exams, gradeStudents } from '../db/index.js';
import { managedGrade, sitsExams } from './grade-roles.js';

type Exam = typeof exams.$inferSelect;

export function examState(exam: Pick<Exam, 'opensAt' | 'closesAt' | 'scoresPublishedAt'>, now: Date): ExamState {
  if (exam.scoresPublishedAt) return 'published';
  if (now < exam.opensAt) return 'upcoming';
  return now < exam.closesAt ? 'open' : 'closed';
}

/** exam/admin/page: the exams of a class for its teacher and admins, newest window first, with how far the students are. */
export async function examsOfGrade(
  db: Executor,
  user: SessionUser,
  gradeId: number,
  window: { limit: number; offset: number },
  now: Date,
): Promise<{ list: ExamAdminItem[]; total: number }> {
  const { grade } = await managedGrade(db, user, gradeId);
  const live = and(eq(exams.gradeId, gradeId), isNull(exams.deletedAt));
  const [{ examinees } = { examinees: 0 }] = await db
    .select({ examinees: count() })
    .from(gradeStudents)
    .where(and(eq(gradeStudents.gradeId, grade.id), sitsExams));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(exams).where(live);
  const page = await db
    .select()
    .from(exams)
    .where(live)
    .orderBy(desc(exams.opensAt), desc(exams.id))
    .limit(window.limit)
    .offset(window.offset);
  const progress = await progressOf(
    db,
    page.map((exam) => exam.id),
  );
  const list = page.map((exam) => ({
    examId: exam.id,
    gradeId: exam.gradeId,
    title: exam.title,
    opensAt: exam.opensAt.toISOString(),
    closesAt: exam.closesAt.toISOString(),
    durationMinutes: exam.durationMinutes,
    attemptsAllowed: exam.attemptsAllowed,
    audience: exam.audience as ExamAdminItem['audience'],
    multipleChoiceRule: exam.multipleChoiceRule as ExamAdminItem['multipleChoiceRule'],
    showAnswers: exam.showAnswers,
    totalPoints: exam.totalPoints,
    questionCount: exam.questionCount,
    state: examState(exam, now),
    scoresPublishedAt: exam.scoresPublishedAt?.toISOString() ?? null,
    ...countsOf(progress, exam, examinees),
    createdAt: exam.createdAt.toISOString(),
  }));
  return { list, total };
}

interface ExamProgress {
  examId: number;
  chosenCount: number;
  begunCount: number;
  submittedCount: number;
  ungradedCount: number;
}

async function progressOf(db: Executor, examIds: number[]): Promise<Map<number, ExamProgress>> {
  if (examIds.length === 0) return new Map();
  const attempts = await db
    .select({
      examId: examAttempts.examId,
      begunCount: countDistinct(examAttempts.userId),
      submittedCount:
        sql<number>`count(distinct ${examAttempts.userId}) filter (where ${examAttempts.status} <> ${AttemptStatus.inProgress})`.mapWith(
          Number,
        ),
      ungradedCount: sql<number>`coalesce(sum(${examAttempts.ungradedCount}), 0)`.mapWith(Number),
    })
    .from(examAttempts)
    .where(inArray(examAttempts.examId, examIds))
    .groupBy(examAttempts.examId);
  const chosen = await db
    .select({ examId: examStudents.examId, chosenCount: count() })
    .from(examStudents)
    .where(and(inArray(examStudents.examId, examIds), eq(examStudents.assigned, true)))
    .groupBy(examStudents.examId);
  const progress = new Map<number, ExamProgress>(
    examIds.map((examId) => [examId, { examId, chosenCount: 0, begunCount: 0, submittedCount: 0, ungradedCount: 0 }]),
  );
  for (const row of attempts) Object.assign(progress.get(row.examId)!, row);
  for (const row of chosen) progress.get(row.examId)!.chosenCount = row.chosenCount;
  return progress;
}

function countsOf(progress: Map<number, ExamProgress>, exam: Exam, examinees: number) {
  const { chosenCount, begunCount, submittedCount, ungradedCount } = progress.get(exam.id)!;
  return {
    audienceCount: exam.audience === ExamAudience.wholeClass ? examinees : chosenCount,
    begunCount,
    submittedCount,
    ungradedCount,
  };
}
