import type { examStudents, exams } from '../db/index.js';
import { conflict } from '../errors.js';

type Exam = Pick<typeof exams.$inferSelect, 'opensAt' | 'closesAt' | 'durationMinutes' | 'attemptsAllowed'>;
type Compensation = Pick<typeof examStudents.$inferSelect, 'compensateOpensAt' | 'compensateClosesAt' | 'compensateAttempts'>;

/**
 * When a student may begin their next attempt and until when it can run: the exam's own window with
 * its attempts, or else a compensation (补考) window with the extra attempts it grants. Refuses with
 * the reason a student can act on.
 */
export function beginWindow(exam: Exam, compensation: Compensation | undefined, attemptsUsed: number, now: Date): { closesAt: Date } {
  const inRegular = now >= exam.opensAt && now < exam.closesAt;
  if (inRegular && attemptsUsed < exam.attemptsAllowed) return { closesAt: exam.closesAt };
  const { compensateOpensAt: opens, compensateClosesAt: closes } = compensation ?? {};
  if (opens && closes && now >= opens && now < closes) {
    if (attemptsUsed < exam.attemptsAllowed + (compensation?.compensateAttempts ?? 0)) return { closesAt: closes };
    throw conflict('补考次数已用完');
  }
  if (inRegular) throw conflict('已达到本场考试允许的作答次数');
  if (now < exam.opensAt) throw conflict('考试尚未开始');
  if (opens && now < opens) throw conflict('补考尚未开始');
  throw conflict('考试已结束');
}

/** An attempt runs for the exam's duration, but never past the window it began in. */
export function attemptDeadline(startedAt: Date, durationMinutes: number, windowClosesAt: Date): Date {
  return new Date(Math.min(startedAt.getTime() + durationMinutes * 60_000, windowClosesAt.getTime()));
}

export const secondsLeft = (deadlineAt: Date, now: Date) => Math.max(0, Math.floor((deadlineAt.getTime() - now.getTime()) / 1000));
