import type { GradeCard, GradePageBody, GradeSaveBody, GradeUpdateBody, GradeView, PublicGradePageBody } from '@rc/api-contract/exam/grade';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { type SessionUser, notify } from '../accounts/index.js';
import {
  type Database,
  type Executor,
  ApplyStatus,
  GradeStatus,
  gradeApplyRecords,
  gradeCourses,
  gradeStudents,
  grades,
  users,
} from '../db/index.js';
import { invalid } from '../errors.js';
import { requireTeacher } from '../learning/index.js';
import { gradeMissing, gradeRoleOf, openGrade, syncGradeAdminFlag, taughtGrade } from './grade-roles.js';

interface Window {
  limit: number;
  offset: number;
}

const MAX_OPEN_GRADES = 50;

const pendingCount = sql<number>`(select count(*)::int from ${gradeApplyRecords}
  where ${gradeApplyRecords.gradeId} = ${grades.id} and ${gradeApplyRecords.status} = ${ApplyStatus.pending})`;

const cardColumns = (withPending: boolean) => ({
  gradeId: grades.id,
  gradeName: grades.gradeName,
  intro: grades.intro,
  isPublic: grades.isPublic,
  maxStudents: grades.maxStudents,
  studentCount: grades.studentCount,
  teacherId: grades.teacherId,
  teacherName: users.nickname,
  teacherAvatar: users.headImgUrl,
  createdAt: grades.createdAt,
  pendingApplications: withPending ? pendingCount : sql<number>`0`,
});

type CardRow = Omit<GradeCard, 'createdAt'> & { createdAt: Date };

const card = (row: CardRow): GradeCard => ({
  ...row,
  pendingApplications: Number(row.pendingApplications),
  createdAt: row.createdAt.toISOString(),
});

const nameMatches = (keyword: string | undefined) =>
  keyword?.trim() ? sql`strpos(lower(${grades.gradeName}), lower(${keyword.trim()})) > 0` : undefined;

const isOpen = eq(grades.status, GradeStatus.open);

async function pageOfCards(db: Executor, where: SQL | undefined, order: SQL[], window: Window, withPending: boolean, member?: SQL) {
  const cards = db.select(cardColumns(withPending)).from(grades).innerJoin(users, eq(users.id, grades.teacherId)).$dynamic();
  const counted = db.select({ total: count() }).from(grades).$dynamic();
  if (member) {
    cards.innerJoin(gradeStudents, member);
    counted.innerJoin(gradeStudents, member);
  }
  const [rows, [total]] = await Promise.all([
    cards
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    counted.where(where),
  ]);
  return { list: rows.map(card), total: total?.total ?? 0 };
}

function nameOf(typed: string): string {
  const name = typed.trim();
  if (!name) throw invalid('请填写班级名称');
  return name;
}

/** grade/info/save: a teacher opens a class (at most 50 open at once) and becomes a grade admin. */
export async function saveGrade(db: Database, user: SessionUser, body: GradeSaveBody): Promise<{ gradeId: number }> {
  requireTeacher(user);
  const gradeName = nameOf(body.gradeName);
  return db.transaction(async (tx) => {
    // One class opened at a time per teacher, so the limit holds under concurrent saves.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [open] = await tx
      .select({ total: count() })
      .from(grades)
      .where(and(eq(grades.teacherId, user.id), isOpen));
    if ((open?.total ?? 0) >= MAX_OPEN_GRADES) throw invalid(`最多同时开设 ${MAX_OPEN_GRADES} 个班级`);
    const [grade] = await tx
      .insert(grades)
      .values({
        teacherId: user.id,
        gradeName,
        intro: body.intro ?? '',
        isPublic: body.isPublic,
        maxStudents: body.maxStudents,
      })
      .returning({ id: grades.id });
    await syncGradeAdminFlag(tx, user.id);
    return { gradeId: grade!.id };
  });
}

/** grade/info/update: the teacher edits the class; the limit never drops below the students already in it. */
export async function updateGrade(db: Executor, user: SessionUser, body: GradeUpdateBody): Promise<void> {
  requireTeacher(user);
  const gradeName = nameOf(body.gradeName);
  const grade = await taughtGrade(db, user, body.gradeId);
  if (body.maxStudents < grade.studentCount) throw invalid(`人数上限不能少于班级现有人数（${grade.studentCount} 人）`);
  await db
    .update(grades)
    .set({ gradeName, intro: body.intro ?? grade.intro, isPublic: body.isPublic, maxStudents: body.maxStudents })
    .where(eq(grades.id, grade.id));
}

/** grade/info/page: my open classes in one role (as teacher, as admin, or as a member), newest first. */
export function myGradePage(db: Executor, user: SessionUser, body: GradePageBody, window: Window) {
  const newest = [desc(grades.id)];
  if (body.role === 'teacher') {
    return pageOfCards(db, and(isOpen, eq(grades.teacherId, user.id), nameMatches(body.keyword)), newest, window, true);
  }
  // Class admins are students too: 'student' lists every class I study in, 'admin' those I also administer.
  const member = and(
    eq(gradeStudents.gradeId, grades.id),
    eq(gradeStudents.userId, user.id),
    body.role === 'admin' ? eq(gradeStudents.isAdmin, true) : undefined,
  )!;
  return pageOfCards(db, and(isOpen, nameMatches(body.keyword)), newest, window, body.role === 'admin', member);
}

/** The public list of /grade: open public classes, newest or most students first. */
export function publicGradePage(db: Executor, body: PublicGradePageBody, window: Window) {
  const order = body.sort === 2 ? [desc(grades.studentCount), desc(grades.id)] : [desc(grades.id)];
  return pageOfCards(db, and(isOpen, eq(grades.isPublic, true), nameMatches(body.keyword)), order, window, false);
}

/** grade/info/disband: the class closes for good; every member is told and the grade-admin flags follow. */
export async function disbandGrade(db: Database, user: SessionUser, gradeId: number, now: Date): Promise<void> {
  const grade = await taughtGrade(db, user, gradeId);
  await db.transaction(async (tx) => {
    await tx.update(grades).set({ status: GradeStatus.disbanded, disbandedAt: now }).where(eq(grades.id, grade.id));
    const members = await tx
      .select({ userId: gradeStudents.userId, isAdmin: gradeStudents.isAdmin })
      .from(gradeStudents)
      .where(eq(gradeStudents.gradeId, grade.id));
    for (const member of members) {
      await notify(tx, member.userId, '班级已解散', `你所在的班级「${grade.gradeName}」已被老师解散`, now);
      if (member.isAdmin) await syncGradeAdminFlag(tx, member.userId);
    }
    await syncGradeAdminFlag(tx, user.id);
  });
}

/**
 * A class's page. Signed in: any open class (a private one is reached by its link) with my role and
 * my latest application; without sign-in only a public one. Members and managers see the counts of
 * admins; managers also the pending applications.
 */
export async function gradeView(db: Executor, viewer: SessionUser | null, gradeId: number): Promise<GradeView> {
  const grade = await openGrade(db, gradeId);
  if (!viewer && !grade.isPublic) throw gradeMissing();
  const myRole = viewer ? await gradeRoleOf(db, viewer.id, grade) : null;
  const manages = myRole === 'teacher' || myRole === 'admin';
  const [[row], [admins], [courseTotal], [application]] = await Promise.all([
    db.select(cardColumns(manages)).from(grades).innerJoin(users, eq(users.id, grades.teacherId)).where(eq(grades.id, grade.id)),
    db
      .select({ total: count() })
      .from(gradeStudents)
      .where(and(eq(gradeStudents.gradeId, grade.id), eq(gradeStudents.isAdmin, true))),
    db.select({ total: count() }).from(gradeCourses).where(eq(gradeCourses.gradeId, grade.id)),
    viewer
      ? db
          .select({ status: gradeApplyRecords.status, auditNote: gradeApplyRecords.auditNote, createdAt: gradeApplyRecords.createdAt })
          .from(gradeApplyRecords)
          .where(and(eq(gradeApplyRecords.gradeId, grade.id), eq(gradeApplyRecords.userId, viewer.id)))
          .orderBy(desc(gradeApplyRecords.id))
          .limit(1)
      : [],
  ]);
  return {
    ...card(row!),
    myRole,
    myApplication: application
      ? { status: application.status as 0 | 1 | 2 | 3, auditNote: application.auditNote, createdAt: application.createdAt.toISOString() }
      : null,
    adminCount: myRole ? (admins?.total ?? 0) : 0,
    courseCount: courseTotal?.total ?? 0,
  };
}
