import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime, NullableDateTime } from '../values.js';
import { ExamState } from './exam-admin.js';
import { AttemptStatus } from './sheet.js';

const Paging = {
  pageNum: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 100, default: 10 })),
};

export const MyExamsPageBody = Type.Object({ state: Type.Optional(ExamState), ...Paging });
export type MyExamsPageBody = Static<typeof MyExamsPageBody>;

export const GradeExamsPageBody = Type.Object({ gradeId: Id('班级ID'), ...Paging });
export type GradeExamsPageBody = Static<typeof GradeExamsPageBody>;

/** One of my attempts as my exam list shows it: the total only once the teacher published the scores. */
export const MyAttemptRef = Type.Object({
  attemptId: Type.Integer(),
  attemptNo: Type.Integer(),
  status: AttemptStatus,
  submittedAt: NullableDateTime,
  objectiveScore: Type.Number({ description: '客观题得分（交卷后即有）' }),
  totalScore: Type.Union([Type.Number(), Type.Null()], { description: '总分，成绩发布前为 null' }),
});
export type MyAttemptRef = Static<typeof MyAttemptRef>;

export const Compensation = Type.Object({
  opensAt: DateTime,
  closesAt: DateTime,
  extraAttempts: Type.Integer(),
});

/** An exam as its student sees it in a list: the window, my attempts, and what I may do now. */
export const MyExamItem = Type.Object({
  examId: Type.Integer(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  title: Type.String(),
  instructions: Type.String({ description: '考试说明' }),
  opensAt: DateTime,
  closesAt: DateTime,
  durationMinutes: Type.Integer(),
  extraMinutes: Type.Integer({ description: '老师为我延长的时间（分钟），每次作答都加在时长上' }),
  totalPoints: Type.Integer(),
  questionCount: Type.Integer(),
  state: ExamState,
  attemptsUsed: Type.Integer(),
  attemptsAllowed: Type.Integer({ description: '允许的作答次数（含补考追加的次数）' }),
  compensation: Type.Union([Compensation, Type.Null()], { description: '补考窗口' }),
  runningAttemptId: Type.Union([Type.Integer(), Type.Null()], { description: '进行中的答卷' }),
  canBegin: Type.Boolean({ description: '现在可以开始一次新的作答' }),
  latestEndAt: Type.Union([DateTime, Type.Null()], {
    description: '现在开始作答，最迟到此时自动交卷（所在窗口的关闭时间加上延长时间）；不能开始时为 null',
  }),
  cannotBeginReason: Type.Union([Type.String(), Type.Null()]),
  lastAttempt: Type.Union([MyAttemptRef, Type.Null()], { description: '最近一次交卷的答卷' }),
  bestScore: Type.Union([Type.Number(), Type.Null()], { description: '最好成绩，成绩发布后才有' }),
  scoresPublished: Type.Boolean(),
  scoreNote: Type.Union([Type.String(), Type.Null()], { description: '成绩发布前为「待批阅」' }),
  tipIgnored: Type.Boolean(),
});
export type MyExamItem = Static<typeof MyExamItem>;

export const ExamTip = Type.Object({ examId: Type.Integer(), title: Type.String(), gradeName: Type.String(), closesAt: DateTime });
export type ExamTip = Static<typeof ExamTip>;

/** Exams I can take now and have not handed in, without the ones whose reminder I hid. */
export const ExamTips = Type.Object({ total: Type.Integer(), exams: Type.Array(ExamTip) });
export type ExamTips = Static<typeof ExamTips>;

/** leave 离开页面 · return 回到页面 · offline 断网 · online 恢复网络 */
export const AttemptEventKind = Type.Union([
  Type.Literal('leave'),
  Type.Literal('return'),
  Type.Literal('offline'),
  Type.Literal('online'),
]);
export type AttemptEventKind = Static<typeof AttemptEventKind>;

export const AttemptEventBody = Type.Object({ attemptId: Id('答卷ID'), kind: AttemptEventKind });
export type AttemptEventBody = Static<typeof AttemptEventBody>;
