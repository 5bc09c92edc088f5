import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Gradebook } from '@rc/api-contract/exam/exam-admin';
import type { SessionUser } from '../accounts/index.js';
import {
  AttemptStatus,
  type Executor,
  QuestionKind,
  examAnswers,
  examAttempts,
  examItems,
  exams,
  gradeStudents,
  users,
} from '../db/index.js';
import { csvFile } from '../lib/index.js';
import { attemptItems } from './attempt-layout.js';
import { beijingTime } from './exam-authoring.js';
import { examStudentList } from './exam-grading.js';
import { managedGrade, sitsExams } from './grade-roles.js';

/** A table for a file: its sheet's name, a header row, then rows of text and numbers. */
export interface ScoreTable {
  name: string;
  header: string[];
  rows: Array<Array<string | number>>;
}

const statusNames: Record<number, string> = { 1: '作答中', 2: '待批阅', 3: '已批阅' };
const kindNames = ['', '单选', '多选', '判断', '填空', '简答'];

/**
 * An exam's scores as the 阅卷 page lists them (relation/list): one row per attempt, and one per student who did not
 * sit it; a column per question in the exam's own order (— where the attempt did not draw it, 待批阅 where a short
 * answer waits), then the totals, the extra time and whether it was handed in late.
 */
export async function examScoreTable(db: Executor, user: SessionUser, examId: number, now: Date): Promise<ScoreTable> {
  const { exam: summary, students } = await examStudentList(db, user, examId, now);
  const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
  const items = await db.select().from(examItems).where(eq(examItems.examId, examId)).orderBy(asc(examItems.sort), asc(examItems.id));
  const attempts = new Map((await db.select().from(examAttempts).where(eq(examAttempts.examId, examId))).map((row) => [row.id, row]));
  const answers = await db
    .select({
      attemptId: examAnswers.attemptId,
      itemId: examAnswers.itemId,
      autoScore: examAnswers.autoScore,
      manualScore: examAnswers.manualScore,
    })
    .from(examAnswers)
    .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
    .where(eq(examAttempts.examId, examId));
  const scoreOf = new Map(answers.map((row) => [`${row.attemptId}:${row.itemId}`, row]));
  const pooled = (poolNo: number | null) => (poolNo === null ? '' : `·题池${poolNo + 1}`);
  const header = [
    '昵称',
    '备注',
    '作答次序',
    '状态',
    ...items.map((item, index) => `第${index + 1}题（${kindNames[item.kind]}${pooled(item.poolNo)}，${item.points}分）`),
    '客观题得分',
    '简答题得分',
    '总分',
    '满分',
    '延长时间（分钟）',
    '交卷方式',
    '迟交',
    '开始时间',
    '交卷时间',
  ];
  const rows: ScoreTable['rows'] = [];
  for (const student of students) {
    const who = [student.nickname, student.remark];
    if (student.attempts.length === 0) {
      rows.push([...who, '', '未参加', ...items.map(() => ''), '', '', '', summary.totalPoints, student.extraMinutes, '', '', '', '']);
      continue;
    }
    for (const attempt of student.attempts) {
      const drawn = new Set(attemptItems(items, attempts.get(attempt.attemptId)!.layout).map((item) => item.id));
      const handedIn = attempt.status !== AttemptStatus.inProgress;
      const cells = items.map((item): string | number => {
        if (!drawn.has(item.id)) return '—';
        if (!handedIn) return '';
        const stored = scoreOf.get(`${attempt.attemptId}:${item.id}`);
        if (item.kind !== QuestionKind.shortAnswer) return stored?.autoScore ?? 0;
        if (!stored) return 0;
        return stored.manualScore ?? '待批阅';
      });
      rows.push([
        ...who,
        attempt.attemptNo,
        statusNames[attempt.status]!,
        ...cells,
        handedIn ? attempt.objectiveScore : '',
        handedIn ? attempt.subjectiveScore : '',
        handedIn ? attempt.totalScore : '',
        summary.totalPoints,
        attempt.extraMinutes,
        attempt.submittedBy === 1 ? '交卷' : attempt.submittedBy === 2 ? '到时自动交卷' : '',
        attempt.late ? '是' : '否',
        beijingTime(new Date(attempt.startedAt)),
        attempt.submittedAt ? beijingTime(new Date(attempt.submittedAt)) : '',
      ]);
    }
  }
  return { name: exam!.title, header, rows };
}

/**
 * gradebook: each student of the class (not its admins) with, per exam in the order they open, the best total of their
 * handed-in attempts (null: not sat), and the sum. The screen and the file are both this.
 */
export async function classGradebook(db: Executor, user: SessionUser, gradeId: number): Promise<Gradebook> {
  const { grade } = await managedGrade(db, user, gradeId);
  const classExams = await db
    .select()
    .from(exams)
    .where(and(eq(exams.gradeId, gradeId), isNull(exams.deletedAt)))
    .orderBy(asc(exams.opensAt), asc(exams.id));
  const students = await db
    .select({ userId: gradeStudents.userId, remark: gradeStudents.remark, nickname: users.nickname })
    .from(gradeStudents)
    .innerJoin(users, eq(users.id, gradeStudents.userId))
    .where(and(eq(gradeStudents.gradeId, gradeId), sitsExams))
    .orderBy(asc(gradeStudents.userId));
  const handedIn =
    classExams.length === 0
      ? []
      : await db
          .select({ examId: examAttempts.examId, userId: examAttempts.userId, totalScore: examAttempts.totalScore })
          .from(examAttempts)
          .where(
            and(
              inArray(
                examAttempts.examId,
                classExams.map((exam) => exam.id),
              ),
              inArray(examAttempts.status, [AttemptStatus.submitted, AttemptStatus.graded]),
            ),
          );
  const best = new Map<string, number>();
  for (const row of handedIn) {
    const key = `${row.userId}:${row.examId}`;
    best.set(key, Math.max(best.get(key) ?? 0, row.totalScore));
  }
  return {
    gradeId: grade.id,
    gradeName: grade.gradeName,
    exams: classExams.map((exam) => ({
      examId: exam.id,
      title: exam.title,
      totalPoints: exam.totalPoints,
      opensAt: exam.opensAt.toISOString(),
    })),
    students: students.map((student) => {
      const scores = classExams.map((exam) => best.get(`${student.userId}:${exam.id}`) ?? null);
      const total = scores.reduce<number>((sum, score) => sum + (score ?? 0), 0);
      return { ...student, scores, total: Math.round(total * 10) / 10 };
    }),
  };
}

async function gradebookTable(db: Executor, user: SessionUser, gradeId: number): Promise<ScoreTable> {
  const book = await classGradebook(db, user, gradeId);
  return {
    name: `${book.gradeName} 成绩册`,
    header: ['昵称', '备注', ...book.exams.map((exam) => `${exam.title}（满分${exam.totalPoints}）`), '合计'],
    rows: book.students.map((student) => [student.nickname, student.remark, ...student.scores.map((score) => score ?? ''), student.total]),
  };
}

/** The table as CSV (UTF-8 with a byte order mark, numbers as written). */
const scoreCsv = (table: ScoreTable) => csvFile([table.header, ...table.rows.map((row) => row.map(String))]);

/** The table as an Excel workbook: numbers stay numbers, so Excel can sum them. */
async function scoreXlsx(table: ScoreTable): Promise<Buffer> {
  // Loaded by the first export, as the bill export does: the package is about 30 MB of the server's memory.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  // A sheet name may not hold []:*?/\ and is at most 31 characters.
  const sheet = book.addWorksheet(table.name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || '成绩');
  sheet.addRow(table.header);
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row);
  sheet.columns.forEach((column, index) => (column.width = index < 2 ? 16 : 12));
  return Buffer.from(await book.xlsx.writeBuffer());
}

export type ScoreFileFormat = 'csv' | 'xlsx';

const fileOf = async (table: ScoreTable, format: ScoreFileFormat) => ({
  file: format === 'csv' ? scoreCsv(table) : await scoreXlsx(table),
  name: `${table.name}.${format}`,
});

/** score/export: an exam's scores as a CSV or Excel file, for the class's teacher and admins. */
export async function examScoreFile(db: Executor, user: SessionUser, examId: number, format: ScoreFileFormat, now: Date) {
  return fileOf(await examScoreTable(db, user, examId, now), format);
}

/** gradebook/export: the class's gradebook as a CSV or Excel file. */
export async function gradebookFile(db: Executor, user: SessionUser, gradeId: number, format: ScoreFileFormat) {
  return fileOf(await gradebookTable(db, user, gradeId), format);
}
