import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime, NullableDateTime } from '../values.js';

export const ExamAdminPageBody = Type.Object({
  gradeId: Id('班级ID'),
  pageNum: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 100, default: 10 })),
});
export type ExamAdminPageBody = Static<typeof ExamAdminPageBody>;

/** upcoming 未开始 · open 进行中 · closed 已结束（待发布成绩） · published 已发布成绩 */
export const ExamState = Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed'), Type.Literal('published')]);
export type ExamState = Static<typeof ExamState>;

/** An exam as its class's teacher and admins list it, with how far the students are. */
export const ExamAdminItem = Type.Object({
  examId: Type.Integer(),
  gradeId: Type.Integer(),
  title: Type.String(),
  opensAt: DateTime,
  closesAt: DateTime,
  durationMinutes: Type.Integer(),
  attemptsAllowed: Type.Integer(),
  audience: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 全班，2 指定学生' }),
  multipleChoiceRule: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 全对才得分，2 少选按比例得分' }),
  showAnswers: Type.Boolean(),
  totalPoints: Type.Integer(),
  questionCount: Type.Integer(),
  state: ExamState,
  scoresPublishedAt: NullableDateTime,
  audienceCount: Type.Integer({ description: '应考人数' }),
  begunCount: Type.Integer({ description: '已开始作答的人数' }),
  submittedCount: Type.Integer({ description: '已交卷的人数' }),
  ungradedCount: Type.Integer({ description: '待批阅的简答题份数' }),
  createdAt: DateTime,
});
export type ExamAdminItem = Static<typeof ExamAdminItem>;
