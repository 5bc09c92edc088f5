import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime, NullableDateTime } from '../values.js';
import { AnswerKey, QuestionKind, StudentAnswer } from './answers.js';
import { ExamState } from './exam-admin.js';
import { AttemptStatus } from './sheet.js';

export const SubmittedBy = Type.Union([Type.Literal(1), Type.Literal(2), Type.Null()], { description: '1 学生交卷，2 到时自动交卷' });

/** One attempt as graders see it. */
export const AttemptSummary = Type.Object({
  attemptId: Type.Integer(),
  attemptNo: Type.Integer(),
  status: AttemptStatus,
  submittedBy: SubmittedBy,
  startedAt: DateTime,
  submittedAt: NullableDateTime,
  objectiveScore: Type.Number(),
  subjectiveScore: Type.Number(),
  totalScore: Type.Number(),
  ungradedCount: Type.Integer({ description: '待批阅的简答题数' }),
  leaveCount: Type.Integer({ description: '离开考试页面的次数' }),
  extraMinutes: Type.Integer({ description: '这份答卷计入的延长时间（分钟）' }),
  late: Type.Boolean({ description: '迟交：在考试结束时间之后交卷（补考或延长时间）' }),
});
export type AttemptSummary = Static<typeof AttemptSummary>;

/** The exam being graded, with how far its students and graders are. */
export const GradingExam = Type.Object({
  examId: Type.Integer(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  title: Type.String(),
  state: ExamState,
  opensAt: DateTime,
  closesAt: DateTime,
  totalPoints: Type.Integer(),
  showAnswers: Type.Boolean(),
  scoresPublishedAt: NullableDateTime,
  audienceCount: Type.Integer({ description: '应考人数' }),
  absentCount: Type.Integer({ description: '未参加的人数' }),
  inProgressCount: Type.Integer({ description: '时限内仍在作答的答卷数' }),
  handedInCount: Type.Integer({ description: '已交卷的答卷数' }),
  ungradedCount: Type.Integer({ description: '待批阅的简答题份数' }),
});
export type GradingExam = Static<typeof GradingExam>;

export const ExamStudentRow = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  remark: Type.String({ description: '班级备注（姓名或学号）' }),
  compensated: Type.Boolean({ description: '有补考安排' }),
  extraMinutes: Type.Integer({ description: '延长时间（分钟）' }),
  extraTimeSetBy: Type.String({ description: '设置延长时间的人（昵称），未设置为空' }),
  extraTimeSetAt: NullableDateTime,
  attempts: Type.Array(AttemptSummary, { description: '为空即未参加' }),
});
export type ExamStudentRow = Static<typeof ExamStudentRow>;

export const ExamStudentList = Type.Object({ exam: GradingExam, students: Type.Array(ExamStudentRow) });
export type ExamStudentList = Static<typeof ExamStudentList>;

export const AttemptEvent = Type.Object({
  kind: Type.Union([Type.Literal('leave'), Type.Literal('return'), Type.Literal('offline'), Type.Literal('online')], {
    description: 'leave 离开页面，return 回到页面，offline 断网，online 恢复网络',
  }),
  at: DateTime,
});
export type AttemptEvent = Static<typeof AttemptEvent>;

/** relation/view: one attempt with what happened while it ran. */
export const AttemptView = Type.Object({
  examId: Type.Integer(),
  examTitle: Type.String(),
  userId: Type.Integer(),
  nickname: Type.String(),
  remark: Type.String(),
  attempt: AttemptSummary,
  events: Type.Array(AttemptEvent),
});
export type AttemptView = Static<typeof AttemptView>;

export const ShortAnswerComment = Type.Object({
  itemId: Type.Integer(),
  sort: Type.Integer(),
  points: Type.Integer(),
  manualScore: Type.Union([Type.Number(), Type.Null()]),
  comment: Type.String(),
});

/** A student's own attempt: before 「批阅完成」 only the objective score (subjective and total are null, status 待批阅). */
export const MyAttemptScore = Type.Object({
  attemptId: Type.Integer(),
  attemptNo: Type.Integer(),
  status: AttemptStatus,
  submittedBy: SubmittedBy,
  submittedAt: NullableDateTime,
  objectiveScore: Type.Union([Type.Number(), Type.Null()], { description: '作答中为 null' }),
  subjectiveScore: Type.Union([Type.Number(), Type.Null()], { description: '成绩发布前为 null' }),
  totalScore: Type.Union([Type.Number(), Type.Null()], { description: '成绩发布前为 null' }),
  comments: Type.Array(ShortAnswerComment, { description: '简答题的得分与评语，成绩发布后才有' }),
});
export type MyAttemptScore = Static<typeof MyAttemptScore>;

export const MyExamScore = Type.Object({
  examId: Type.Integer(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  title: Type.String(),
  totalPoints: Type.Integer(),
  published: Type.Boolean(),
  scoresPublishedAt: NullableDateTime,
  showAnswers: Type.Boolean(),
  attempts: Type.Array(MyAttemptScore),
});
export type MyExamScore = Static<typeof MyExamScore>;

export const PublishResult = Type.Object({
  examId: Type.Integer(),
  scoresPublishedAt: DateTime,
  notifiedCount: Type.Integer({ description: '收到成绩通知的学生数' }),
});
export type PublishResult = Static<typeof PublishResult>;

export const RemarkResult = Type.Object({ examId: Type.Integer(), remarkedCount: Type.Integer({ description: '重新判分的答卷数' }) });
export type RemarkResult = Static<typeof RemarkResult>;

/** One item of a handed-in paper with the student's answer and its mark; key and analysis only when the viewer may see them. */
export const MarkedItem = Type.Object({
  itemId: Type.Integer(),
  sort: Type.Integer(),
  kind: QuestionKind,
  stemHtml: Type.String({ description: '题干（服务端渲染的 HTML）' }),
  options: Type.Array(Type.String()),
  optionsHtml: Type.Array(Type.String(), { description: '选项（服务端按行内 Markdown 渲染的 HTML，插入前再经 DOMPurify）' }),
  points: Type.Integer(),
  answer: Type.Union([StudentAnswer, Type.Null()], { description: '未作答为 null' }),
  score: Type.Union([Type.Number(), Type.Null()], { description: '系统或老师给的分，待批阅为 null' }),
  comment: Type.String(),
  answerKey: Type.Union([AnswerKey, Type.Null()]),
  analysis: Type.Union([Type.String(), Type.Null()]),
  analysisHtml: Type.Union([Type.String(), Type.Null()], { description: '解析（服务端按行内 Markdown 渲染的 HTML）' }),
});
export type MarkedItem = Static<typeof MarkedItem>;

export const MarkedPaper = Type.Object({
  examId: Type.Integer(),
  examTitle: Type.String(),
  attempt: AttemptSummary,
  keyShown: Type.Boolean({ description: '是否附标准答案与解析' }),
  items: Type.Array(MarkedItem),
});
export type MarkedPaper = Static<typeof MarkedPaper>;

export const GradingQueueBody = Type.Object({
  examId: Id('考试ID'),
  graded: Type.Optional(Type.Boolean({ title: '已批阅', description: 'true 只看已批阅，false 只看待批阅，不传为全部' })),
});
export type GradingQueueBody = Static<typeof GradingQueueBody>;

/** A short answer to grade. Anonymous: the paper is 「答卷 #sheetNo」, numbered by attempt within the exam, never by student. */
export const QueuedAnswer = Type.Object({
  attemptId: Type.Integer(),
  sheetNo: Type.Integer({ description: '答卷编号，按答卷在本场考试中的先后固定' }),
  itemId: Type.Integer(),
  sort: Type.Integer(),
  stemHtml: Type.String(),
  reference: Type.String({ description: '参考答案' }),
  text: Type.String({ description: '学生的作答' }),
  points: Type.Integer(),
  manualScore: Type.Union([Type.Number(), Type.Null()], { description: '待批阅为 null' }),
  comment: Type.String(),
});
export type QueuedAnswer = Static<typeof QueuedAnswer>;

export const GradingQueue = Type.Object({
  examId: Type.Integer(),
  total: Type.Integer({ description: '本场考试简答题答案总份数' }),
  gradedCount: Type.Integer(),
  list: Type.Array(QueuedAnswer),
});
export type GradingQueue = Static<typeof GradingQueue>;

export const MAX_COMMENT = 500;

export const GradeAnswerBody = Type.Object({
  attemptId: Id('答卷ID'),
  itemId: Id('题目ID'),
  score: Type.Number({ title: '得分', minimum: 0, maximum: 1000 }),
  comment: Type.Optional(Type.String({ title: '评语', maxLength: MAX_COMMENT })),
});
export type GradeAnswerBody = Static<typeof GradeAnswerBody>;

export const GradeAnswerResult = Type.Object({
  answer: QueuedAnswer,
  attempt: AttemptSummary,
  examUngradedCount: Type.Integer({ description: '本场考试仍待批阅的简答题份数' }),
});
export type GradeAnswerResult = Static<typeof GradeAnswerResult>;
