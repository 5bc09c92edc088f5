import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  TeacherApplicationStatus,
  type TeacherApplyBody,
  type TeacherApplyState,
  type TeacherReviewItem,
} from '@rc/api-contract/course/teacher';
import { notify, noteUserChange } from '../accounts/index.js';
import { type Database, type Executor, teacherApplications, users } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { maskMobile } from '../lib/index.js';

type ApplicationRow = typeof teacherApplications.$inferSelect;

const toView = (row: ApplicationRow) => ({
  id: row.id,
  realName: row.realName,
  title: row.title,
  fields: row.fields,
  intro: row.intro,
  status: row.status,
  reviewNote: row.reviewNote,
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

async function latestApplication(db: Executor, userId: number): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(teacherApplications)
    .where(eq(teacherApplications.userId, userId))
    .orderBy(desc(teacherApplications.id))
    .limit(1);
  return row;
}

/** Whether I teach, whether my real name is verified (an application needs it), and my latest application. */
export async function applyState(db: Executor, userId: number): Promise<TeacherApplyState> {
  const [user] = await db
    .select({ isTeacher: users.isTeacher, verified: users.idCardCheckStatus, realName: users.realName })
    .from(users)
    .where(eq(users.id, userId));
  const application = await latestApplication(db, userId);
  return {
    isTeacher: user!.isTeacher,
    realNameVerified: user!.verified === 1,
    verifiedRealName: user!.verified === 1 ? user!.realName : null,
    application: application ? toView(application) : null,
  };
}

/**
 * Files an application to teach. The applicant must have verified their real name (and apply under
 * it), must not teach already and may have one application waiting at a time; the user row is locked
 * so two submissions at once cannot both pass.
 */
export function applyToTeach(db: Database, userId: number, body: TeacherApplyBody, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ isTeacher: users.isTeacher, verified: users.idCardCheckStatus, realName: users.realName })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (user!.isTeacher) throw conflict('你已经是讲师，无需再次申请');
    if (user!.verified !== 1 || !user!.realName) throw conflict('请先完成实名认证再申请成为讲师');
    if (body.realName.trim() !== user!.realName) throw invalid('真实姓名须与实名认证的姓名一致');
    if ((await latestApplication(tx, userId))?.status === TeacherApplicationStatus.pending) {
      throw conflict('你的讲师申请正在审核中，请耐心等待');
    }
    const [row] = await tx
      .insert(teacherApplications)
      .values({
        userId,
        realName: user!.realName,
        title: body.title.trim(),
        fields: body.fields.trim(),
        intro: body.intro.trim(),
        createdAt: now,
      })
      .returning({ id: teacherApplications.id });
    return row!.id;
  });
}

/** Applications with a status (waiting ones by default), oldest first so none waits forever. */
export async function teacherApplicationQueue(
  db: Executor,
  status: number,
  window: { limit: number; offset: number },
): Promise<{ list: TeacherReviewItem[]; total: number }> {
  const rows = await db
    .select({ application: teacherApplications, nickname: users.nickname, mobile: users.mobile })
    .from(teacherApplications)
    .innerJoin(users, eq(users.id, teacherApplications.userId))
    .where(eq(teacherApplications.status, status))
    .orderBy(status === TeacherApplicationStatus.pending ? teacherApplications.id : desc(teacherApplications.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(teacherApplications).where(eq(teacherApplications.status, status));
  return {
    list: rows.map((row) => ({
      ...toView(row.application),
      userId: row.application.userId,
      nickname: row.nickname,
      mobile: maskMobile(row.mobile),
    })),
    total: total!.n,
  };
}

async function decide(tx: Executor, id: number, reviewerId: number, status: number, reviewNote: string, now: Date) {
  const [row] = await tx
    .update(teacherApplications)
    .set({ status, reviewNote, reviewerId, reviewedAt: now })
    .where(and(eq(teacherApplications.id, id), eq(teacherApplications.status, TeacherApplicationStatus.pending)))
    .returning();
  if (row) return row;
  const [exists] = await tx.select({ id: teacherApplications.id }).from(teacherApplications).where(eq(teacherApplications.id, id));
  throw exists ? conflict('该申请已审核，无需重复操作') : notFound('申请不存在');
}

/** Approves an application: the applicant becomes a teacher (userType 2; an organization keeps its type) and is told so. */
export function approveApplication(db: Database, reviewerId: number, id: number, now: Date): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await decide(tx, id, reviewerId, TeacherApplicationStatus.approved, '', now);
    await tx
      .update(users)
      .set({ isTeacher: true, userType: sql`case when ${users.userType} = 1 then 2 else ${users.userType} end`, updatedAt: now })
      .where(eq(users.id, row.userId));
    noteUserChange(row.userId, 'account');
    await notify(tx, row.userId, '讲师申请已通过', '恭喜，你的讲师申请已通过。现在可以在讲师中心创建课程、安排直播。', now);
  });
}

/** Rejects an application with the reviewer's reason, which the applicant sees and may answer by applying again. */
export function rejectApplication(db: Database, reviewerId: number, id: number, reviewNote: string, now: Date): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await decide(tx, id, reviewerId, TeacherApplicationStatus.rejected, reviewNote.trim(), now);
    await notify(tx, row.userId, '讲师申请未通过', `你的讲师申请未通过，原因：${reviewNote.trim()}。你可以修改后在讲师中心重新申请。`, now);
  });
}
