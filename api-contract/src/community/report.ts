import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';

/** What can be reported and reviewed: blog posts (and news), their comments, questions, answers (and comments on answers), shared images. */
export const reportKinds = ['blog', 'comment', 'question', 'answer', 'image'] as const;
export type ReportKind = (typeof reportKinds)[number];
const ReportKind = Type.Union(
  [Type.Literal('blog'), Type.Literal('comment'), Type.Literal('question'), Type.Literal('answer'), Type.Literal('image')],
  {
    title: '举报对象',
  },
);

export const ReportBody = Type.Object({
  kind: ReportKind,
  refId: Id('举报对象'),
  reason: Type.String({ title: '举报原因', minLength: 1, maxLength: 200 }),
});
export type ReportBody = Static<typeof ReportBody>;

export const ReportReceipt = Type.Object({ id: Type.Integer() });

export const ReviewListBody = Type.Object({ ...PageQuery.properties });

/** A thing waiting for an operator: held by a sensitive word (status 2), or published and reported. */
export const ReviewItem = Type.Object({
  kind: ReportKind,
  refId: Type.Integer(),
  title: Type.String(),
  /** The first characters of its text (plain, as written). */
  excerpt: Type.String(),
  authorId: Type.Integer(),
  authorName: Type.String(),
  /** ContentStatus: 1 published (reported), 2 held for review. */
  status: Type.Integer(),
  reviewNote: Type.String(),
  reportCount: Type.Integer(),
  reasons: Type.Array(Type.String()),
  /** The page that shows it. */
  url: Type.String(),
  gmtCreate: Type.String({ format: 'date-time' }),
});
export type ReviewItem = Static<typeof ReviewItem>;

export const ReviewDecisionBody = Type.Object({
  kind: ReportKind,
  refId: Id('审核对象'),
  decision: Type.Union([Type.Literal('publish'), Type.Literal('reject')], { title: '审核结果' }),
  note: Type.Optional(Type.String({ title: '审核说明', maxLength: 200 })),
});
export type ReviewDecisionBody = Static<typeof ReviewDecisionBody>;
