import type { GradeMember, MemberBody, MemberPageBody, MyGradeRole, RemarkBody, SetAdminBody } from '@rc/api-contract/exam/grade';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { type SessionUser, notify } from '../accounts/index.js';
import { type Database, type Executor, gradeStudents, grades, users } from '../db/index.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { gradeRoleOf, joinedGrade, managedGrade, openGrade, syncGradeAdminFlag, taughtGrade } from './grade-roles.js';

interface Window {
  limit: number;
  offset: number;
}

/** The student `userId` of the class (admin or not); the teacher and outsiders are not students. */
async function studentOf(db: Executor, grade: { id: number; teacherId: number }, userId: number) {
  const role = await gradeRoleOf(db, userId, grade);
  if (role === 'teacher') throw invalid('不能对班级的老师执行此操作');
  if (role === null) throw notFound('该用户不是班级的学生');
  return role;
}

/** Takes a student out of the class in one transaction; the grade-admin flag follows when they were an admin. */
async function removeMember(
  db: Database,
  gradeId: number,
  userId: number,
  wasAdmin: boolean,
  message?: { title: string; content: string; now: Date },
) {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(gradeStudents)
      .where(and(eq(gradeStudents.gradeId, gradeId), eq(gradeStudents.userId, userId)))
      .returning({ userId: gradeStudents.userId });
    if (removed.length === 0) return;
    await tx
      .update(grades)
      .set({ studentCount: sql`greatest(${grades.studentCount} - 1, 0)` })
      .where(eq(grades.id, gradeId));
    if (message) await notify(tx, userId, message.title, message.content, message.now);
    if (wasAdmin) await syncGradeAdminFlag(tx, userId);
  });
}

/** student/quit: a student leaves the class; its teacher cannot. */
export async function quitGrade(db: Database, user: SessionUser, gradeId: number): Promise<void> {
  const grade = await openGrade(db, gradeId);
  const role = await gradeRoleOf(db, user.id, grade);
  if (role === 'teacher') throw invalid('老师不能退出自己的班级，如不再使用请解散班级');
  if (role === null) throw forbidden('你不是该班级的成员');
  await removeMember(db, grade.id, user.id, role === 'admin');
}

/** student/kick/out: the teacher or an admin removes a student; an admin cannot remove another admin. */
export async function kickOut(db: Database, user: SessionUser, body: MemberBody, now: Date): Promise<void> {
  const { grade, role } = await managedGrade(db, user, body.gradeId);
  const target = await studentOf(db, grade, body.userId);
  if (target === 'admin' && role === 'admin') throw forbidden('班级管理员不能移出其他管理员');
  await removeMember(db, grade.id, body.userId, target === 'admin', {
    title: '你已被移出班级',
    content: `你已被移出班级「${grade.gradeName}」`,
    now,
  });
}

/** student/update/admin: the teacher makes a student a class admin or takes it back. */
export async function setGradeAdmin(db: Database, user: SessionUser, body: SetAdminBody, now: Date): Promise<void> {
  const grade = await taughtGrade(db, user, body.gradeId);
  const target = await studentOf(db, grade, body.userId);
  if ((target === 'admin') === body.isAdmin) return;
  await db.transaction(async (tx) => {
    await tx
      .update(gradeStudents)
      .set({ isAdmin: body.isAdmin })
      .where(and(eq(gradeStudents.gradeId, grade.id), eq(gradeStudents.userId, body.userId)));
    await notify(
      tx,
      body.userId,
      body.isAdmin ? '你已成为班级管理员' : '你已不再是班级管理员',
      body.isAdmin ? `老师已将你设为班级「${grade.gradeName}」的管理员` : `老师已取消你在班级「${grade.gradeName}」的管理员身份`,
      now,
    );
    await syncGradeAdminFlag(tx, body.userId);
  });
}

/** student/page: the members, admins first. Managers also see remarks and join times; students only names. */
export async function memberPage(db: Executor, user: SessionUser, body: MemberPageBody, window: Window) {
  const { grade, role } = await joinedGrade(db, user, body.gradeId);
  const manages = role !== 'student';
  const keyword = body.keyword?.trim();
  const where = and(
    eq(gradeStudents.gradeId, grade.id),
    keyword
      ? manages
        ? sql`(strpos(lower(${users.nickname}), lower(${keyword})) > 0 or strpos(lower(${gradeStudents.remark}), lower(${keyword})) > 0)`
        : sql`strpos(lower(${users.nickname}), lower(${keyword})) > 0`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: gradeStudents.userId,
        nickname: users.nickname,
        avatar: users.headImgUrl,
        isAdmin: gradeStudents.isAdmin,
        remark: gradeStudents.remark,
        joinedAt: gradeStudents.joinedAt,
      })
      .from(gradeStudents)
      .innerJoin(users, eq(users.id, gradeStudents.userId))
      .where(where)
      .orderBy(desc(gradeStudents.isAdmin), asc(gradeStudents.joinedAt), asc(gradeStudents.userId))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(gradeStudents).innerJoin(users, eq(users.id, gradeStudents.userId)).where(where),
  ]);
  const list: GradeMember[] = rows.map((row) => ({
    ...row,
    remark: manages ? row.remark : null,
    joinedAt: manages ? row.joinedAt.toISOString() : null,
  }));
  return { list, total: total?.total ?? 0 };
}

/** student/edit: the teacher or an admin sets the name the class knows a student by. */
export async function editRemark(db: Executor, user: SessionUser, body: RemarkBody): Promise<void> {
  const { grade } = await managedGrade(db, user, body.gradeId);
  await studentOf(db, grade, body.userId);
  await db
    .update(gradeStudents)
    .set({ remark: body.remark.trim() })
    .where(and(eq(gradeStudents.gradeId, grade.id), eq(gradeStudents.userId, body.userId)));
}

/** student/isAdmin: my role in the class; `isAdmin` tells whether I may manage it (teacher or class admin). */
export async function myGradeRole(db: Executor, user: SessionUser, gradeId: number): Promise<MyGradeRole> {
  const { role } = await joinedGrade(db, user, gradeId);
  return { role, isAdmin: role !== 'student' };
}
