import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime, NullableDateTime } from '../values.js';
import { QuestionKind, StudentAnswer } from './answers.js';

export const ExamIdBody = Type.Object({ examId: Id('考试ID') });
export type ExamIdBody = Static<typeof ExamIdBody>;

export const AttemptIdBody = Type.Object({ attemptId: Id('答卷ID') });
export type AttemptIdBody = Static<typeof AttemptIdBody>;

/** 1 作答中 · 2 已交卷（待批阅） · 3 已批阅 */
export const AttemptStatus = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  description: '1 作答中，2 已交卷待批阅，3 已批阅',
});

/** A question as the student sees it while answering: no key, no analysis. */
export const SheetItem = Type.Object({
  itemId: Type.Integer(),
  sort: Type.Integer(),
  kind: QuestionKind,
  stemHtml: Type.String({ description: '题干（服务端渲染的 HTML，插入前再经 DOMPurify）' }),
  options: Type.Array(Type.String()),
  optionsHtml: Type.Array(Type.String(), { description: '选项（服务端按行内 Markdown 渲染的 HTML，插入前再经 DOMPurify）' }),
  points: Type.Integer(),
  blankCount: Type.Integer({ description: '填空题的空数，其他题型为 0' }),
});
export type SheetItem = Static<typeof SheetItem>;

export const SavedAnswer = Type.Object({
  itemId: Type.Integer(),
  answer: StudentAnswer,
  version: Type.Integer({ description: '浏览器给出的版本号，服务端只保留最大的版本' }),
  savedAt: DateTime,
});
export type SavedAnswer = Static<typeof SavedAnswer>;

/** An attempt in progress as begin and continue return it: the clock is the server's. */
export const ExamSheet = Type.Object({
  attemptId: Type.Integer(),
  examId: Type.Integer(),
  gradeId: Type.Integer(),
  examTitle: Type.String(),
  instructions: Type.String(),
  attemptNo: Type.Integer(),
  status: AttemptStatus,
  startedAt: DateTime,
  deadlineAt: DateTime,
  submittedAt: NullableDateTime,
  serverNow: DateTime,
  remainingSeconds: Type.Integer({ minimum: 0, description: '距自动交卷的秒数（服务端时钟）' }),
  extraMinutes: Type.Integer({ description: '老师给的延长时间（分钟），已计入截止时间' }),
  totalPoints: Type.Integer(),
  items: Type.Array(SheetItem),
  answers: Type.Array(SavedAnswer),
});
export type ExamSheet = Static<typeof ExamSheet>;

/** relation/clock: the attempt's deadline as the server has it now (extra time granted meanwhile included). */
export const AttemptClock = Type.Object({
  attemptId: Type.Integer(),
  status: AttemptStatus,
  deadlineAt: DateTime,
  remainingSeconds: Type.Integer({ minimum: 0 }),
  extraMinutes: Type.Integer(),
});
export type AttemptClock = Static<typeof AttemptClock>;

export const AnswerSaveBody = Type.Object({
  attemptId: Id('答卷ID'),
  answers: Type.Array(
    Type.Object({
      itemId: Id('题目ID'),
      answer: StudentAnswer,
      version: Type.Integer({ title: '版本', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    }),
    { minItems: 1, maxItems: 200, title: '答案' },
  ),
});
export type AnswerSaveBody = Static<typeof AnswerSaveBody>;

/** What the server kept for each item sent: the stored version is the larger of the two. */
export const AnswerSaveResult = Type.Object({
  attemptId: Type.Integer(),
  saved: Type.Array(Type.Object({ itemId: Type.Integer(), version: Type.Integer(), accepted: Type.Boolean() })),
  deadlineAt: DateTime,
  remainingSeconds: Type.Integer({ minimum: 0 }),
});
export type AnswerSaveResult = Static<typeof AnswerSaveResult>;

export const SubmitResult = Type.Object({
  attemptId: Type.Integer(),
  status: AttemptStatus,
  submittedBy: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 学生交卷，2 到时自动交卷' }),
  objectiveScore: Type.Number(),
  ungradedCount: Type.Integer({ description: '待老师批阅的简答题数' }),
});
export type SubmitResult = Static<typeof SubmitResult>;
