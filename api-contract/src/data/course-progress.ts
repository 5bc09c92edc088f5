import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { NullableDateTime } from '../values.js';

/** `/apis/data/auth/course/user/...`: my learning progress, per course and per period, and the player's reports. */
export const CourseProgress = Type.Object({
  courseId: Type.Integer(),
  courseName: Type.String(),
  completedPeriods: Type.Integer(),
  totalPeriods: Type.Integer(),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  lastPeriodId: Type.Union([Type.Integer(), Type.Null()]),
  lastStudiedAt: NullableDateTime,
});
export type CourseProgress = Static<typeof CourseProgress>;

export const PeriodProgressBody = Type.Object({ courseId: Id('课程ID') });
export type PeriodProgressBody = Static<typeof PeriodProgressBody>;

export const PeriodProgress = Type.Object({
  periodId: Type.Integer(),
  watchedSeconds: Type.Number(),
  durationSeconds: Type.Union([Type.Number(), Type.Null()]),
  completed: Type.Boolean({ description: '已学完' }),
  lastPosition: Type.Number(),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type PeriodProgress = Static<typeof PeriodProgress>;

const Second = Type.Number({ minimum: 0, maximum: 86_400 });

export const ProgressReportBody = Type.Object({
  periodId: Id('课时ID'),
  intervals: Type.Array(Type.Tuple([Second, Second]), { maxItems: 500, description: '本次实际播放过的区间 [开始秒, 结束秒]' }),
  position: Second,
});
export type ProgressReportBody = Static<typeof ProgressReportBody>;
