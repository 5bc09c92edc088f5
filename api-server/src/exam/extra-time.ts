import type { ExtraTimeBody, ExtraTimeResult } from '@rc/api-contract/exam/exam-admin';
import { and, eq, inArray } from 'drizzle-orm';
import { type SessionUser, noteUserChange, notify } from '../accounts/index.js';
import { type Database, AttemptStatus, examAttempts, examStudents } from '../db/index.js';
import { settleIfExpired } from './exam-attempts.js';
import { checkedMembers, managedExam } from './exam-authoring.js';

const MINUTE = 60_000;

/**
 * exam/extra/time: extra time for chosen students (an accommodation), set before or during the exam by the class's
 * teacher or an admin and recorded with who set it. Attempts already running get the difference on their deadline at
 * once, and the student's open exam page hears the new deadline on its event stream; later attempts start with it.
 * 0 withdraws it.
 */
export function grantExtraTime(db: Database, user: SessionUser, body: ExtraTimeBody, now: Date): Promise<ExtraTimeResult> {
  return db.transaction(async (tx) => {
    const { exam, grade } = await managedExam(tx, user, body.examId);
    const userIds = await checkedMembers(tx, grade.id, body.userIds);
    const record = { extraMinutes: body.minutes, extraTimeSetBy: user.id, extraTimeSetAt: now };
    await tx
      .insert(examStudents)
      .values(userIds.map((userId) => ({ examId: exam.id, userId, ...record })))
      .onConflictDoUpdate({ target: [examStudents.examId, examStudents.userId], set: record });
    const running = await tx
      .select()
      .from(examAttempts)
      .where(
        and(eq(examAttempts.examId, exam.id), inArray(examAttempts.userId, userIds), eq(examAttempts.status, AttemptStatus.inProgress)),
      )
      .for('update');
    let extendedAttempts = 0;
    for (const attempt of running) {
      // Time that already ran out is not given back: that attempt was handed in at its deadline.
      if (await settleIfExpired(tx, attempt, now)) continue;
      const deadlineAt = new Date(attempt.deadlineAt.getTime() + (body.minutes - attempt.extraMinutes) * MINUTE);
      await tx.update(examAttempts).set({ deadlineAt, extraMinutes: body.minutes }).where(eq(examAttempts.id, attempt.id));
      noteUserChange(attempt.userId, 'exam', { examAttemptId: attempt.id });
      extendedAttempts += 1;
    }
    const notice =
      body.minutes > 0
        ? `班级「${grade.gradeName}」为你延长了考试「${exam.title}」的作答时间 ${body.minutes} 分钟。`
        : `班级「${grade.gradeName}」取消了你在考试「${exam.title}」的延长时间。`;
    for (const userId of userIds) await notify(tx, userId, `考试「${exam.title}」作答时间调整`, notice, now);
    return { count: userIds.length, extendedAttempts };
  });
}
