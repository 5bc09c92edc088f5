import type {
  ApplyBody,
  ApplyRecord,
  ApplyRecordPageBody,
  ApplySummary,
  ApplyTips,
  AuditBody,
  BatchAuditBody,
  BatchAuditResult,
  IgnoreBody,
} from '@rc/api-contract/exam/grade';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type SessionUser, notify, uniqueViolation } from '../accounts/index.js';
import {
  type Database,
  type Executor,
  type Transaction,
  queryRows,
  ApplyStatus,
  GradeStatus,
  gradeApplyRecords,
  gradeStudents,
  grades,
  users,
} from '../db/index.js';
import { conflict, notFound } from '../errors.js';
import { gradeRoleOf, managedGrade, openGrade } from './grade-roles.js';

interface Window {
  limit: number;
  offset: number;
}

type Grade = typeof grades.$inferSelect;
type ApplyRow = typeof gradeApplyRecords.$inferSelect;

const pendingMessage = '你的申请正在审核中，请耐心等待';
const fullMessage = '班级人数已满';

/** student/grade/add: apply to join; a rejected or ignored applicant may apply again. */
export async function applyToGrade(db: Executor, user: SessionUser, body: ApplyBody): Promise<{ recordId: number }> {
  const grade = await openGrade(db, body.gradeId);
  if ((await gradeRoleOf(db, user.id, grade)) !== null) throw conflict('你已是该班级成员');
  const [pending] = await db
    .select({ id: gradeApplyRecords.id })
    .from(gradeApplyRecords)
    .where(
      and(
        eq(gradeApplyRecords.gradeId, grade.id),
        eq(gradeApplyRecords.userId, user.id),
        eq(gradeApplyRecords.status, ApplyStatus.pending),
      ),
    );
  if (pending) throw conflict(pendingMessage);
  if (grade.studentCount >= grade.maxStudents) throw conflict(fullMessage);
  try {
    const [record] = await db
      .insert(gradeApplyRecords)
      .values({ gradeId: grade.id, userId: user.id, reason: body.reason.trim() })
      .returning({ id: gradeApplyRecords.id });
    return { recordId: record!.id };
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(pendingMessage);
    throw error;
  }
}

const recordColumns = {
  recordId: gradeApplyRecords.id,
  gradeId: gradeApplyRecords.gradeId,
  gradeName: grades.gradeName,
  userId: gradeApplyRecords.userId,
  nickname: users.nickname,
  avatar: users.headImgUrl,
  reason: gradeApplyRecords.reason,
  status: gradeApplyRecords.status,
  auditNote: gradeApplyRecords.auditNote,
  createdAt: gradeApplyRecords.createdAt,
  auditedAt: gradeApplyRecords.auditedAt,
};

/** apply/record/page: with a class, its applications for managers (pending first); without, my own. */
export async function applyRecordPage(db: Executor, user: SessionUser, body: ApplyRecordPageBody, window: Window) {
  const owner =
    body.gradeId === undefined
      ? eq(gradeApplyRecords.userId, user.id)
      : eq(gradeApplyRecords.gradeId, (await managedGrade(db, user, body.gradeId)).grade.id);
  const where = and(owner, body.status === undefined ? undefined : eq(gradeApplyRecords.status, body.status));
  const [rows, [total]] = await Promise.all([
    db
      .select(recordColumns)
      .from(gradeApplyRecords)
      .innerJoin(grades, eq(grades.id, gradeApplyRecords.gradeId))
      .innerJoin(users, eq(users.id, gradeApplyRecords.userId))
      .where(where)
      .orderBy(sql`${gradeApplyRecords.status} = ${ApplyStatus.pending} desc`, desc(gradeApplyRecords.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(gradeApplyRecords).where(where),
  ]);
  const list: ApplyRecord[] = rows.map((row) => ({
    ...row,
    status: row.status as ApplyRecord['status'],
    createdAt: row.createdAt.toISOString(),
    auditedAt: row.auditedAt ? row.auditedAt.toISOString() : null,
  }));
  return { list, total: total?.total ?? 0 };
}

const lockedGrade = async (tx: Transaction, gradeId: number) => {
  const [grade] = await tx.select().from(grades).where(eq(grades.id, gradeId)).for('update');
  return grade!;
};

/** Decides one pending application inside the caller's transaction; approving needs room in the (locked) class. */
async function decide(tx: Transaction, grade: Grade, record: ApplyRow, approve: boolean, note: string, auditorId: number, now: Date) {
  if (approve) {
    const joined = await tx.insert(gradeStudents).values({ gradeId: grade.id, userId: record.userId }).onConflictDoNothing().returning();
    if (joined.length > 0) {
      await tx
        .update(grades)
        .set({ studentCount: sql`${grades.studentCount} + 1` })
        .where(eq(grades.id, grade.id));
      grade.studentCount += 1;
    }
  }
  await tx
    .update(gradeApplyRecords)
    .set({ status: approve ? ApplyStatus.approved : ApplyStatus.rejected, auditorId, auditNote: note, auditedAt: now })
    .where(eq(gradeApplyRecords.id, record.id));
  if (approve) await notify(tx, record.userId, '入班申请已通过', `你已加入班级「${grade.gradeName}」`, now);
  else await notify(tx, record.userId, '入班申请未通过', `你加入班级「${grade.gradeName}」的申请未通过${note ? `：${note}` : ''}`, now);
}

/** apply/record/audit: the teacher or an admin approves or rejects one pending application. */
export async function auditRecord(db: Database, user: SessionUser, body: AuditBody, now: Date): Promise<void> {
  const [record] = await db.select().from(gradeApplyRecords).where(eq(gradeApplyRecords.id, body.recordId));
  if (!record) throw notFound('申请不存在');
  await managedGrade(db, user, record.gradeId);
  await db.transaction(async (tx) => {
    const grade = await lockedGrade(tx, record.gradeId);
    if (grade.status !== GradeStatus.open) throw notFound('班级不存在或已解散');
    const [current] = await tx.select().from(gradeApplyRecords).where(eq(gradeApplyRecords.id, record.id)).for('update');
    if (current!.status !== ApplyStatus.pending) throw conflict('该申请已处理');
    if (body.approve && grade.studentCount >= grade.maxStudents) throw conflict(fullMessage);
    await decide(tx, grade, current!, body.approve, body.note?.trim() ?? '', user.id, now);
  });
}

/** apply/record/audit/batch: decides several pending applications of one class; approving stops when the class is full. */
export async function auditBatch(db: Database, user: SessionUser, body: BatchAuditBody, now: Date): Promise<BatchAuditResult> {
  const { grade: checked } = await managedGrade(db, user, body.gradeId);
  const ids = [...new Set(body.recordIds)];
  return db.transaction(async (tx) => {
    const grade = await lockedGrade(tx, checked.id);
    const pending = await tx
      .select()
      .from(gradeApplyRecords)
      .where(
        and(eq(gradeApplyRecords.gradeId, grade.id), inArray(gradeApplyRecords.id, ids), eq(gradeApplyRecords.status, ApplyStatus.pending)),
      )
      .orderBy(gradeApplyRecords.id)
      .for('update');
    const result = { approved: 0, rejected: 0, skipped: ids.length - pending.length };
    for (const record of pending) {
      if (body.approve && grade.studentCount >= grade.maxStudents) {
        result.skipped += 1;
        continue;
      }
      await decide(tx, grade, record, body.approve, body.note?.trim() ?? '', user.id, now);
      if (body.approve) result.approved += 1;
      else result.rejected += 1;
    }
    return result;
  });
}

/** apply/record/ignore: set pending applications aside without telling the applicants. */
export async function ignoreRecords(db: Executor, user: SessionUser, body: IgnoreBody, now: Date): Promise<{ ignored: number }> {
  const { grade } = await managedGrade(db, user, body.gradeId);
  const ignored = await db
    .update(gradeApplyRecords)
    .set({ status: ApplyStatus.ignored, auditorId: user.id, auditedAt: now })
    .where(
      and(
        eq(gradeApplyRecords.gradeId, grade.id),
        inArray(gradeApplyRecords.id, body.recordIds),
        eq(gradeApplyRecords.status, ApplyStatus.pending),
      ),
    )
    .returning({ id: gradeApplyRecords.id });
  return { ignored: ignored.length };
}

/** apply/record/summary: the class's applications counted by status. */
export async function applySummary(db: Executor, user: SessionUser, gradeId: number): Promise<ApplySummary> {
  const { grade } = await managedGrade(db, user, gradeId);
  const rows = await db
    .select({ status: gradeApplyRecords.status, total: count() })
    .from(gradeApplyRecords)
    .where(eq(gradeApplyRecords.gradeId, grade.id))
    .groupBy(gradeApplyRecords.status);
  const of = (status: number) => rows.find((row) => row.status === status)?.total ?? 0;
  return {
    pending: of(ApplyStatus.pending),
    approved: of(ApplyStatus.approved),
    rejected: of(ApplyStatus.rejected),
    ignored: of(ApplyStatus.ignored),
  };
}

/** apply/record/tips: pending applications across the open classes I teach or administer (the menu badge). */
export async function applyTips(db: Executor, user: SessionUser): Promise<ApplyTips> {
  const rows = await queryRows<{ gradeId: number; gradeName: string; count: number }>(
    db,
    sql`select ${grades.id} as "gradeId", ${grades.gradeName} as "gradeName", count(*)::int as "count"
        from ${gradeApplyRecords}
        join ${grades} on ${grades.id} = ${gradeApplyRecords.gradeId}
        where ${gradeApplyRecords.status} = ${ApplyStatus.pending} and ${grades.status} = ${GradeStatus.open}
          and (${grades.teacherId} = ${user.id} or exists (
            select 1 from ${gradeStudents} where ${gradeStudents.gradeId} = ${grades.id}
              and ${gradeStudents.userId} = ${user.id} and ${gradeStudents.isAdmin}))
        group by ${grades.id}, ${grades.gradeName}
        order by ${grades.id} desc`,
  );
  const list = rows.map((row) => ({ ...row, count: Number(row.count) }));
  return { total: list.reduce((sum, row) => sum + row.count, 0), grades: list };
}
