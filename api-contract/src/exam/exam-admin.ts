import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { ExportFormat } from '../user/bills.js';
import { DateTime, NullableDateTime } from '../values.js';
import { AnswerKey, Difficulty, QuestionKind } from './answers.js';

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

export const MAX_EXAM_ITEMS = 100;
export const MAX_CHOSEN_STUDENTS = 500;

export const ExamItemInput = Type.Object({
  questionId: Id('题目ID'),
  points: Type.Integer({ title: '分值', minimum: 1, maximum: 100 }),
});
export type ExamItemInput = Static<typeof ExamItemInput>;

export const MAX_POOLS = 10;
/** The most candidates one pool copies from the bank. */
export const MAX_POOL_CANDIDATES = 200;

/** A section that draws `draw` questions of one kind and difficulty from the class teacher's bank, each worth `points`. */
export const ExamPoolInput = Type.Object({
  kind: QuestionKind,
  difficulty: Difficulty,
  draw: Type.Integer({ title: '抽题数', minimum: 1, maximum: MAX_EXAM_ITEMS }),
  points: Type.Integer({ title: '每题分值', minimum: 1, maximum: 100 }),
});
export type ExamPoolInput = Static<typeof ExamPoolInput>;

const examFields = {
  title: Type.String({ title: '考试名称', minLength: 1, maxLength: 80 }),
  instructions: Type.Optional(Type.String({ title: '考试说明', maxLength: 1000 })),
  opensAt: DateTime,
  closesAt: DateTime,
  durationMinutes: Type.Integer({ title: '考试时长（分钟）', minimum: 1, maximum: 600 }),
  attemptsAllowed: Type.Integer({ title: '可作答次数', minimum: 1, maximum: 10 }),
  audience: Type.Union([Type.Literal(1), Type.Literal(2)], { title: '考生', description: '1 全班，2 指定学生' }),
  studentIds: Type.Optional(Type.Array(Id('学生ID'), { title: '指定的学生', maxItems: MAX_CHOSEN_STUDENTS })),
  multipleChoiceRule: Type.Union([Type.Literal(1), Type.Literal(2)], {
    title: '多选题计分',
    description: '1 全对才得分，2 少选按比例得分',
  }),
  showAnswers: Type.Boolean({ title: '发布成绩后向学生展示答案' }),
  items: Type.Array(ExamItemInput, { title: '固定试题（按顺序）', maxItems: MAX_EXAM_ITEMS }),
  pools: Type.Optional(Type.Array(ExamPoolInput, { title: '随机抽题（题池）', maxItems: MAX_POOLS })),
  shuffleQuestions: Type.Optional(Type.Boolean({ title: '题目乱序（每名学生各不相同，作答期间固定）' })),
  shuffleOptions: Type.Optional(Type.Boolean({ title: '选项乱序' })),
};

/** exam/save: questions from the class teacher's bank are copied into the exam with their points. */
export const ExamSaveBody = Type.Object({ gradeId: Id('班级ID'), ...examFields });
export type ExamSaveBody = Static<typeof ExamSaveBody>;

export const ExamEditBody = Type.Object({ examId: Id('考试ID'), ...examFields });
export type ExamEditBody = Static<typeof ExamEditBody>;

export const ExamSaved = Type.Object({ examId: Type.Integer(), totalPoints: Type.Integer(), questionCount: Type.Integer() });
export type ExamSaved = Static<typeof ExamSaved>;

export const Compensation = Type.Object({
  userId: Type.Integer(),
  opensAt: DateTime,
  closesAt: DateTime,
  extraAttempts: Type.Integer(),
});
export type Compensation = Static<typeof Compensation>;

export const ExamStudentIds = Type.Object({
  studentIds: Type.Array(Type.Integer(), { description: '指定学生的考试：考生名单' }),
  compensations: Type.Array(Compensation, { description: '补考' }),
});
export type ExamStudentIds = Static<typeof ExamStudentIds>;

/** Grants chosen members a compensation window (补考) with extra attempts, or withdraws it with `clear`. */
export const CompensateBody = Type.Object({
  examId: Id('考试ID'),
  userIds: Type.Array(Id('学生ID'), { title: '学生', minItems: 1, maxItems: 200 }),
  opensAt: Type.Optional(DateTime),
  closesAt: Type.Optional(DateTime),
  extraAttempts: Type.Optional(Type.Integer({ title: '补考次数', minimum: 1, maximum: 5 })),
  clear: Type.Optional(Type.Boolean({ title: '取消补考' })),
});
export type CompensateBody = Static<typeof CompensateBody>;

export const CompensateResult = Type.Object({ count: Type.Integer() });
export type CompensateResult = Static<typeof CompensateResult>;

export const ExamPaperItem = Type.Object({
  itemId: Type.Integer(),
  questionId: Type.Union([Type.Integer(), Type.Null()]),
  poolNo: Type.Union([Type.Integer(), Type.Null()], { description: '所属题池（pools 中的序号，从 0 起）；null 为每份答卷都有的固定题' }),
  difficulty: Difficulty,
  sort: Type.Integer(),
  kind: QuestionKind,
  stem: Type.String(),
  stemHtml: Type.String(),
  options: Type.Array(Type.String()),
  optionsHtml: Type.Array(Type.String(), { description: '选项（服务端按行内 Markdown 渲染的 HTML，插入前再经 DOMPurify）' }),
  answerKey: AnswerKey,
  analysis: Type.String(),
  analysisHtml: Type.String({ description: '解析（服务端按行内 Markdown 渲染的 HTML）' }),
  points: Type.Integer(),
});
export type ExamPaperItem = Static<typeof ExamPaperItem>;

/** The exam as its teacher and admins set it: settings, chosen students and the copied questions with their keys. */
export const ExamPaper = Type.Object({
  examId: Type.Integer(),
  gradeId: Type.Integer(),
  title: Type.String(),
  instructions: Type.String(),
  opensAt: DateTime,
  closesAt: DateTime,
  durationMinutes: Type.Integer(),
  attemptsAllowed: Type.Integer(),
  audience: Type.Union([Type.Literal(1), Type.Literal(2)]),
  studentIds: Type.Array(Type.Integer()),
  multipleChoiceRule: Type.Union([Type.Literal(1), Type.Literal(2)]),
  showAnswers: Type.Boolean(),
  shuffleQuestions: Type.Boolean(),
  shuffleOptions: Type.Boolean(),
  pools: Type.Array(ExamPoolInput),
  totalPoints: Type.Integer({ description: '一份答卷的满分（固定题与每个抽题位）' }),
  questionCount: Type.Integer({ description: '一份答卷的题数' }),
  begun: Type.Boolean({ description: '已有学生开始作答（试卷不能再修改）' }),
  items: Type.Array(ExamPaperItem),
});
export type ExamPaper = Static<typeof ExamPaper>;

export const ItemAnswerBody = Type.Object({ examId: Id('考试ID'), itemId: Id('试题ID'), answerKey: AnswerKey });
export type ItemAnswerBody = Static<typeof ItemAnswerBody>;

export const ItemAnswerResult = Type.Object({ regraded: Type.Integer({ description: '重新判分的答卷数' }) });
export type ItemAnswerResult = Static<typeof ItemAnswerResult>;

/** Extra time (an accommodation) for chosen students; it applies to their running attempts at once. 0 withdraws it. */
export const ExtraTimeBody = Type.Object({
  examId: Id('考试ID'),
  userIds: Type.Array(Id('学生ID'), { title: '学生', minItems: 1, maxItems: 200 }),
  minutes: Type.Integer({ title: '延长时间（分钟）', minimum: 0, maximum: 600 }),
});
export type ExtraTimeBody = Static<typeof ExtraTimeBody>;

export const ExtraTimeResult = Type.Object({
  count: Type.Integer({ description: '设置了延长时间的学生数' }),
  extendedAttempts: Type.Integer({ description: '随即调整了截止时间的进行中答卷数' }),
});
export type ExtraTimeResult = Static<typeof ExtraTimeResult>;

/** A form post (the token a hidden field): the exam's scores as a file. */
export const ScoreExportBody = Type.Object({ examId: Id('考试ID'), format: ExportFormat });
export type ScoreExportBody = Static<typeof ScoreExportBody>;

export const GradebookBody = Type.Object({ gradeId: Id('班级ID') });
export type GradebookBody = Static<typeof GradebookBody>;

/** The class's gradebook: every student (not the admins) × every exam, the best handed-in total of each. */
export const Gradebook = Type.Object({
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  exams: Type.Array(
    Type.Object({
      examId: Type.Integer(),
      title: Type.String(),
      totalPoints: Type.Integer(),
      opensAt: Type.String({ format: 'date-time' }),
    }),
    { description: '班级的考试，按开放时间排列' },
  ),
  students: Type.Array(
    Type.Object({
      userId: Type.Integer(),
      nickname: Type.String(),
      remark: Type.String({ description: '班级内备注（如学号）' }),
      scores: Type.Array(Type.Union([Type.Number(), Type.Null()]), { description: '与 exams 一一对应：已交答卷的最高总分，未参加为 null' }),
      total: Type.Number({ description: '各场最高分之和' }),
    }),
  ),
});
export type Gradebook = Static<typeof Gradebook>;

/** A form post: the class's gradebook (every student, every exam) as a file. */
export const GradebookExportBody = Type.Object({ gradeId: Id('班级ID'), format: ExportFormat });
export type GradebookExportBody = Static<typeof GradebookExportBody>;
