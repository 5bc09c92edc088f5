import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime, Money, NullableDateTime } from '../values.js';
import { CourseCard, CourseProgress } from './catalogue.js';
import { QuoteToken } from '../user/quote.js';
import { VoucherChoice } from '../user/voucher.js';

export const SignBody = Type.Object({
  courseId: Id('课程ID'),
  price: Type.Integer({ title: '价格', minimum: 0, description: '页面展示的价格（厘）；价格变化时拒绝，请刷新后确认' }),
  /** 购买报价的凭证：按报价扣费并使用报价选定的代金券；不传则不用代金券 */
  quoteToken: Type.Optional(QuoteToken),
});
export type SignBody = Static<typeof SignBody>;

/** A paid course to price before buying; the quote picks the best usable 课程 voucher unless told another or none. */
export const CourseQuoteBody = Type.Object({ courseId: Id('课程ID'), voucherId: VoucherChoice });
export type CourseQuoteBody = Static<typeof CourseQuoteBody>;

export const SignResult = Type.Object({
  courseId: Type.Integer(),
  orderNo: Type.Union([Type.String(), Type.Null()], { description: '付费课程的订单号，免费课程为 null' }),
  paidAmount: Money('实付金额'),
  balance: Money('支付后的余额'),
});
export type SignResult = Static<typeof SignResult>;

/** A course I signed up to, with my progress and where to continue. */
export const MyCourseItem = Type.Intersect([
  CourseCard,
  Type.Object({ progress: CourseProgress, enrolledAt: DateTime, lastStudiedAt: NullableDateTime, paidAmount: Money('实付金额') }),
]);
export type MyCourseItem = Static<typeof MyCourseItem>;

export const CollectResult = Type.Object({ collected: Type.Boolean(), collectCount: Type.Integer() });
export type CollectResult = Static<typeof CollectResult>;

export const CollectedCourse = Type.Intersect([CourseCard, Type.Object({ collectedAt: DateTime })]);
export type CollectedCourse = Static<typeof CollectedCourse>;

export const CourseOrderRef = Type.Object({
  orderNo: Type.String(),
  courseId: Type.Integer(),
  courseName: Type.String(),
  amount: Money('金额'),
  gmtCreate: DateTime,
});
export type CourseOrderRef = Static<typeof CourseOrderRef>;
