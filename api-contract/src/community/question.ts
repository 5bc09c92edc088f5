import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime, Money, NullableDateTime } from '../values.js';
import { LabelIds, LabelView } from './label.js';

/** Tabs of the question list: 1 latest, 3 hot, 4 unanswered, 5 with a bounty. */
export const QuestionTab = Type.Union([Type.Literal(1), Type.Literal(3), Type.Literal(4), Type.Literal(5)], { title: '分类' });

export const QuestionListBody = Type.Intersect([
  PageQuery,
  Type.Object({ tab: Type.Optional(QuestionTab), labelNo: Type.Optional(Id('标签')) }),
]);
export type QuestionListBody = Static<typeof QuestionListBody>;

export const QuestionSearchBody = Type.Intersect([
  PageQuery,
  Type.Object({ keyword: Type.String({ title: '搜索关键词', maxLength: 60 }) }),
]);
export type QuestionSearchBody = Static<typeof QuestionSearchBody>;

/** Mine: 1 the questions I asked (held ones too), 2 the questions I answered. */
export const MyQuestionListBody = Type.Intersect([
  PageQuery,
  Type.Object({ type: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], { title: '类型' })) }),
]);
export type MyQuestionListBody = Static<typeof MyQuestionListBody>;

export const QuestionIdBody = Type.Object({ id: Id('问题ID') });
export type QuestionIdBody = Static<typeof QuestionIdBody>;

/** 0 none, 1 held from the asker, 2 paid to the accepted answer, 3 refunded to the asker. */
export const BountyStateValue = Type.Integer({ minimum: 0, maximum: 3, description: '0 无悬赏 / 1 托管中 / 2 已发放 / 3 已退回' });

export const QuestionItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  labels: Type.Array(LabelView),
  askerId: Type.Integer(),
  askerName: Type.String(),
  askerHeadImg: Type.String(),
  bounty: Money('悬赏金额'),
  bountyState: BountyStateValue,
  accepted: Type.Boolean({ description: '是否已采纳回答' }),
  answerCount: Type.Integer(),
  viewCount: Type.Integer(),
  collectCount: Type.Integer(),
  followCount: Type.Integer(),
  status: Type.Integer({ description: '0 草稿 / 1 已发布 / 2 审核中 / 3 未通过' }),
  gmtCreate: DateTime,
});
export type QuestionItem = Static<typeof QuestionItem>;

export const QuestionView = Type.Intersect([
  QuestionItem,
  Type.Object({
    contentMd: Type.String(),
    contentHtml: Type.String({ description: '服务端渲染的 Markdown（已关闭原始 HTML）' }),
    reviewNote: Type.String(),
    acceptedAnswerId: Type.Union([Type.Integer(), Type.Null()]),
    bountyExpiresAt: NullableDateTime,
    gmtModified: DateTime,
  }),
]);
export type QuestionView = Static<typeof QuestionView>;

/** The signed-in reader's view: whether they collected or follow it, and whether they may accept an answer. */
export const MyQuestionView = Type.Intersect([
  QuestionView,
  Type.Object({
    mine: Type.Boolean(),
    collected: Type.Boolean(),
    followed: Type.Boolean(),
    canAccept: Type.Boolean(),
    canInvite: Type.Boolean({ description: '能否邀请他人回答（提问者，或有3个以上回答被采纳的用户；问题未采纳时）' }),
    invitedBy: Type.Union([Type.String(), Type.Null()], { description: '邀请我回答的用户昵称，未被邀请时为 null' }),
  }),
]);
export type MyQuestionView = Static<typeof MyQuestionView>;

const Title = Type.String({ title: '标题', minLength: 5, maxLength: 100, description: '5-100个字' });
const Body = Type.String({ title: '问题描述', minLength: 10, maxLength: 20_000, description: '10-20000个字，支持 Markdown' });

export const QuestionSaveBody = Type.Object({
  title: Title,
  contentMd: Body,
  labelNos: Type.Optional(LabelIds),
  bounty: Type.Optional(Type.Integer({ title: '悬赏金额', minimum: 1, maximum: 500, description: '整数元，1-500，提问时从余额托管' })),
});
export type QuestionSaveBody = Static<typeof QuestionSaveBody>;

export const QuestionUpdateBody = Type.Object({
  id: Id('问题ID'),
  title: Title,
  contentMd: Body,
  labelNos: Type.Optional(LabelIds),
  bounty: Type.Optional(Type.Integer({ title: '悬赏金额', minimum: 1, maximum: 500, description: '尚无悬赏时可追加；悬赏托管后不可修改' })),
});
export type QuestionUpdateBody = Static<typeof QuestionUpdateBody>;

export const QuestionSaved = Type.Object({ id: Type.Integer(), status: Type.Integer(), reviewNote: Type.String() });
export type QuestionSaved = Static<typeof QuestionSaved>;

export const SimilarQuestionsBody = Type.Object({ title: Type.String({ title: '标题', maxLength: 100 }) });
export type SimilarQuestionsBody = Static<typeof SimilarQuestionsBody>;

export const SimilarQuestion = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  answerCount: Type.Integer(),
  accepted: Type.Boolean(),
});
export type SimilarQuestion = Static<typeof SimilarQuestion>;

/** 1 collect, 2 follow (told of new answers). */
export const RecordKind = Type.Union([Type.Literal(1), Type.Literal(2)], { title: '类型', description: '1 收藏 / 2 关注' });
export const QuestionRecordBody = Type.Object({ questionId: Id('问题ID'), kind: RecordKind });
export type QuestionRecordBody = Static<typeof QuestionRecordBody>;
export const QuestionRecordListBody = Type.Intersect([PageQuery, Type.Object({ kind: RecordKind })]);
export type QuestionRecordListBody = Static<typeof QuestionRecordListBody>;

export const AnswerListBody = Type.Intersect([PageQuery, Type.Object({ questionId: Id('问题ID') })]);
export type AnswerListBody = Static<typeof AnswerListBody>;

/** A comment on an answer. */
export const AnswerComment = Type.Object({
  id: Type.Integer(),
  authorId: Type.Integer(),
  authorName: Type.String(),
  replyToName: Type.String(),
  contentHtml: Type.String(),
  gmtCreate: DateTime,
});
export type AnswerComment = Static<typeof AnswerComment>;

export const AnswerView = Type.Object({
  id: Type.Integer(),
  questionId: Type.Integer(),
  authorId: Type.Integer(),
  authorName: Type.String(),
  authorHeadImg: Type.String(),
  contentHtml: Type.String(),
  accepted: Type.Boolean(),
  comments: Type.Array(AnswerComment),
  gmtCreate: DateTime,
});
export type AnswerView = Static<typeof AnswerView>;

/** An answer I wrote, with the question it answers. */
export const MyAnswer = Type.Object({
  id: Type.Integer(),
  questionId: Type.Integer(),
  questionTitle: Type.String(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  summary: Type.String(),
  accepted: Type.Boolean(),
  status: Type.Integer(),
  gmtCreate: DateTime,
});
export type MyAnswer = Static<typeof MyAnswer>;

export const AnswerSaveBody = Type.Object({
  questionId: Id('问题ID'),
  parentId: Type.Optional(Type.Union([Id('回答ID'), Type.Null()], { description: '空为回答问题；为回答ID时是对该回答的评论' })),
  replyToUserId: Type.Optional(Id('回复用户ID')),
  contentMd: Type.String({ title: '内容', maxLength: 20_000, description: '回答最多20000字，评论最多2000字' }),
});
export type AnswerSaveBody = Static<typeof AnswerSaveBody>;

export const AnswerSaved = Type.Object({ id: Type.Integer(), status: Type.Integer(), reviewNote: Type.String() });
export type AnswerSaved = Static<typeof AnswerSaved>;

export const AnswerIdBody = Type.Object({ id: Id('回答ID') });
export type AnswerIdBody = Static<typeof AnswerIdBody>;

export const AcceptAnswerBody = Type.Object({ questionId: Id('问题ID'), answerId: Id('回答ID') });
export type AcceptAnswerBody = Static<typeof AcceptAnswerBody>;

export const AcceptedAnswer = Type.Object({ bountyPaid: Money('发放给回答者的悬赏') });
export type AcceptedAnswer = Static<typeof AcceptedAnswer>;

export const InviteAnswerBody = Type.Object({ questionId: Id('问题ID'), userId: Id('被邀请的用户') });
export type InviteAnswerBody = Static<typeof InviteAnswerBody>;

export const InvitedUser = Type.Object({ userId: Type.Integer(), nickname: Type.String() });
export type InvitedUser = Static<typeof InvitedUser>;

export const AnswerInvitation = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  headImgUrl: Type.String(),
  answered: Type.Boolean({ description: '被邀请的人是否已回答' }),
  gmtCreate: DateTime,
});
export type AnswerInvitation = Static<typeof AnswerInvitation>;

export const InviteCandidatesBody = Type.Object({
  questionId: Id('问题ID'),
  keyword: Type.String({ title: '昵称或手机号', minLength: 1, maxLength: 40, description: '昵称的一部分，或完整的11位手机号' }),
});
export type InviteCandidatesBody = Static<typeof InviteCandidatesBody>;

export const InviteCandidate = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  headImgUrl: Type.String(),
  mobile: Type.String({ description: '打码的手机号' }),
  invited: Type.Boolean({ description: '是否已被邀请回答这个问题' }),
});
export type InviteCandidate = Static<typeof InviteCandidate>;

export const InvitationListBody = Type.Object({ questionId: Id('问题ID') });
export type InvitationListBody = Static<typeof InvitationListBody>;
