import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';

/** Where a teacher application stands: 0 审核中, 1 已通过, 2 已驳回. */
export const TeacherApplicationStatus = { pending: 0, approved: 1, rejected: 2 } as const;

export const TeacherApplyBody = Type.Object({
  realName: Type.String({ title: '真实姓名', minLength: 2, maxLength: 30 }),
  title: Type.String({ title: '职称/头衔', maxLength: 60, default: '' }),
  fields: Type.String({ title: '擅长领域', minLength: 1, maxLength: 120 }),
  intro: Type.String({ title: '个人简介', minLength: 10, maxLength: 1000, description: '10-1000 个字' }),
});
export type TeacherApplyBody = Static<typeof TeacherApplyBody>;

export const TeacherApplicationView = Type.Object({
  id: Type.Integer(),
  realName: Type.String(),
  title: Type.String(),
  fields: Type.String(),
  intro: Type.String(),
  status: Type.Integer({ description: '0 审核中；1 已通过；2 已驳回' }),
  reviewNote: Type.String({ description: '驳回原因' }),
  createdAt: Type.String({ format: 'date-time' }),
  reviewedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type TeacherApplicationView = Static<typeof TeacherApplicationView>;

/** My standing: whether I teach, whether I may apply, and my latest application. */
export const TeacherApplyState = Type.Object({
  isTeacher: Type.Boolean(),
  realNameVerified: Type.Boolean(),
  /** The name of my real-name verification, which an application must carry. */
  verifiedRealName: Type.Union([Type.String(), Type.Null()]),
  application: Type.Union([TeacherApplicationView, Type.Null()]),
});
export type TeacherApplyState = Static<typeof TeacherApplyState>;

export const TeacherReviewListBody = Type.Intersect([
  PageQuery,
  Type.Object({ status: Type.Optional(Type.Integer({ title: '状态', minimum: 0, maximum: 2, default: 0 })) }),
]);
export type TeacherReviewListBody = Static<typeof TeacherReviewListBody>;

export const TeacherReviewItem = Type.Intersect([
  TeacherApplicationView,
  Type.Object({ userId: Type.Integer(), nickname: Type.String(), mobile: Type.String({ description: '打码的手机号' }) }),
]);
export type TeacherReviewItem = Static<typeof TeacherReviewItem>;

export const TeacherApplicationIdBody = Type.Object({ id: Id('申请编号') });
export type TeacherApplicationIdBody = Static<typeof TeacherApplicationIdBody>;

export const TeacherRejectBody = Type.Object({
  id: Id('申请编号'),
  reviewNote: Type.String({ title: '驳回原因', minLength: 2, maxLength: 200, description: '请填写2-200字的驳回原因' }),
});
export type TeacherRejectBody = Static<typeof TeacherRejectBody>;

export const TeacherSale = Type.Object({
  courseName: Type.String(),
  buyerNickname: Type.String(),
  price: Type.Integer({ description: '售价（千分之一元）' }),
  income: Type.Integer({ description: '讲师分成（千分之一元）' }),
  soldAt: Type.String({ format: 'date-time' }),
  released: Type.Boolean({ description: '分成是否已可提现' }),
});
export type TeacherSale = Static<typeof TeacherSale>;

/** The lecturer's desk: courses by status, learners, course-sale income and the latest sales. */
export const TeacherOverview = Type.Object({
  courses: Type.Object({
    total: Type.Integer(),
    draft: Type.Integer(),
    published: Type.Integer(),
    reviewing: Type.Integer(),
    rejected: Type.Integer(),
    offShelf: Type.Integer(),
  }),
  learners: Type.Integer({ description: '所有课程的报名人数' }),
  income: Type.Object({
    held: Type.Integer({ description: '冻结中的课程收益' }),
    released: Type.Integer({ description: '已解冻（可提现）的课程收益' }),
    thisMonth: Type.Integer({ description: '本月课程收益' }),
  }),
  latestSales: Type.Array(TeacherSale),
});
export type TeacherOverview = Static<typeof TeacherOverview>;
