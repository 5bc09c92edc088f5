import { and, eq, sql } from 'drizzle-orm';
import { type SessionUser, noteUserChange } from '../accounts/index.js';
import { type Executor, queryRows, GradeStatus, gradeStudents, grades, users } from '../db/index.js';
import { forbidden, notFound } from '../errors.js';

type Grade = typeof grades.$inferSelect;

/** What a user is in a class: its teacher, a class admin, a student, or nothing. */
export type GradeRole = 'teacher' | 'admin' | 'student' | null;

export const gradeMissing = () => notFound('班级不存在或已解散');

/** Class admins help run the class and its exams (they see the bank and the keys), so only plain students sit its exams. */
export const sitsExams = eq(gradeStudents.isAdmin, false);

/** A class that is still open; a disbanded or unknown one is answered as missing. */
export async function openGrade(db: Executor, gradeId: number): Promise<Grade> {
  const [grade] = await db
    .select()
    .from(grades)
    .where(and(eq(grades.id, gradeId), eq(grades.status, GradeStatus.open)));
  if (!grade) throw gradeMissing();
  return grade;
}

export async function gradeRoleOf(db: Executor, userId: number, grade: Pick<Grade, 'id' | 'teacherId'>): Promise<GradeRole> {
  if (grade.teacherId === userId) return 'teacher';
  const [member] = await db
    .select({ isAdmin: gradeStudents.isAdmin })
    .from(gradeStudents)
    .where(and(eq(gradeStudents.gradeId, grade.id), eq(gradeStudents.userId, userId)));
  if (!member) return null;
  return member.isAdmin ? 'admin' : 'student';
}

/** The class for its teacher only (disband, set admins, class courses, the question bank behind its exams). */
export async function taughtGrade(db: Executor, user: SessionUser, gradeId: number): Promise<Grade> {
  const grade = await openGrade(db, gradeId);
  if (grade.teacherId !== user.id) throw forbidden('仅班级的老师可以执行此操作');
  return grade;
}

/** The class for its teacher and class admins (audit applications, manage students, exams and grading). */
export async function managedGrade(db: Executor, user: SessionUser, gradeId: number): Promise<{ grade: Grade; role: 'teacher' | 'admin' }> {
  const grade = await openGrade(db, gradeId);
  const role = await gradeRoleOf(db, user.id, grade);
  if (role !== 'teacher' && role !== 'admin') throw forbidden('仅班级的老师和管理员可以执行此操作');
  return { grade, role };
}

/** The class for anyone in it (teacher, admins, students); others are told they are not members. */
export async function joinedGrade(
  db: Executor,
  user: SessionUser,
  gradeId: number,
): Promise<{ grade: Grade; role: Exclude<GradeRole, null> }> {
  const grade = await openGrade(db, gradeId);
  const role = await gradeRoleOf(db, user.id, grade);
  if (role === null) throw forbidden('你不是该班级的成员');
  return { grade, role };
}

/**
 * Keeps the user-info flag `isGradeAdmin` (spec §1: it shows the group-management menu) true exactly
 * while the user teaches an open class or administers one. Call it after any change of those.
 */
export async function syncGradeAdminFlag(tx: Executor, userId: number): Promise<void> {
  const [row] = await queryRows<{ manages: boolean }>(
    tx,
    sql`select exists (
          select 1 from ${grades} where ${grades.teacherId} = ${userId} and ${grades.status} = ${GradeStatus.open}
        ) or exists (
          select 1 from ${gradeStudents} join ${grades} on ${grades.id} = ${gradeStudents.gradeId}
          where ${gradeStudents.userId} = ${userId} and ${gradeStudents.isAdmin} and ${grades.status} = ${GradeStatus.open}
        ) as manages`,
  );
  const flag = Boolean(row?.manages);
  await tx
    .update(users)
    .set({ isGradeAdmin: flag })
    .where(and(eq(users.id, userId), eq(users.isGradeAdmin, !flag)));
  noteUserChange(userId, 'account');
}
