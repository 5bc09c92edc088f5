import type { CompensateBody, CompensateResult } from '@rc/api-contract/exam/exam-admin';
import { and, eq, inArray } from 'drizzle-orm';
import { type SessionUser, notify } from '../accounts/index.js';
import { type Database, examStudents } from '../db/index.js';
import { invalid } from '../errors.js';
import { beijingTime, checkedMembers, checkedWindow, managedExam } from './exam-authoring.js';

/**
 * exam/edit/compensate/status: gives members a compensation window (补考) with extra attempts, even
 * after the exam closed, or withdraws it (`clear`). Each student is told.
 */
export function compensate(db: Database, user: SessionUser, body: CompensateBody, now: Date): Promise<CompensateResult> {
  return db.transaction(async (tx) => {
    const { exam, grade } = await managedExam(tx, user, body.examId);
    const userIds = await checkedMembers(tx, grade.id, body.userIds);
    if (body.clear) {
      await tx
        .update(examStudents)
        .set({ compensateOpensAt: null, compensateClosesAt: null, compensateAttempts: 0 })
        .where(and(eq(examStudents.examId, exam.id), inArray(examStudents.userId, userIds)));
      for (const userId of userIds) {
        await notify(
          tx,
          userId,
          `考试「${exam.title}」的补考已取消`,
          `班级「${grade.gradeName}」取消了你在考试「${exam.title}」的补考。`,
          now,
        );
      }
      return { count: userIds.length };
    }
    if (!body.opensAt || !body.closesAt || !body.extraAttempts) throw invalid('请填写补考的开始时间、结束时间和补考次数');
    const window = checkedWindow(body.opensAt, body.closesAt, '补考');
    if (window.closesAt <= now) throw invalid('补考结束时间必须晚于现在');
    const compensation = { compensateOpensAt: window.opensAt, compensateClosesAt: window.closesAt, compensateAttempts: body.extraAttempts };
    await tx
      .insert(examStudents)
      .values(userIds.map((userId) => ({ examId: exam.id, userId, ...compensation })))
      .onConflictDoUpdate({ target: [examStudents.examId, examStudents.userId], set: compensation });
    const notice =
      `班级「${grade.gradeName}」为你安排了考试「${exam.title}」的补考：${beijingTime(window.opensAt)} 至 ` +
      `${beijingTime(window.closesAt)}，可再作答 ${body.extraAttempts} 次。`;
    for (const userId of userIds) await notify(tx, userId, `考试「${exam.title}」补考通知`, notice, now);
    return { count: userIds.length };
  });
}
