import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime } from '../values.js';

export const CourseCommentListBody = Type.Intersect([PageQuery, Type.Object({ courseId: Id('课程ID') })]);
export type CourseCommentListBody = Static<typeof CourseCommentListBody>;

export const CourseCommentSaveBody = Type.Object({
  courseId: Id('课程ID'),
  parentId: Type.Optional(Id('回复的评论')),
  score: Type.Optional(Type.Integer({ title: '评分', minimum: 1, maximum: 5, description: '评价（非回复）必填，1-5 分' })),
  content: Type.String({ title: '评论内容', minLength: 1, maxLength: 1000, description: '1-1000个字' }),
});
export type CourseCommentSaveBody = Static<typeof CourseCommentSaveBody>;

export const CourseCommentIdBody = Type.Object({ id: Id('评论ID') });
export type CourseCommentIdBody = Static<typeof CourseCommentIdBody>;

const CommentFields = {
  id: Type.Integer(),
  courseId: Type.Integer(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  score: Type.Integer({ description: '评价 1-5 分；回复为 0' }),
  content: Type.String(),
  author: Type.Object({ userId: Type.Integer(), nickname: Type.String(), avatar: Type.String() }),
  isLecturer: Type.Boolean({ description: '作者是本课程讲师' }),
  canDelete: Type.Boolean({ description: '当前访问者可删除（自己的评论，或本课程讲师）' }),
  gmtCreate: DateTime,
};

export const CourseCommentReply = Type.Object(CommentFields);
export type CourseCommentReply = Static<typeof CourseCommentReply>;

export const CourseCommentThread = Type.Object({ ...CommentFields, replies: Type.Array(CourseCommentReply) });
export type CourseCommentThread = Static<typeof CourseCommentThread>;

export const CourseCommentSaved = Type.Object({ id: Type.Integer() });
export type CourseCommentSaved = Static<typeof CourseCommentSaved>;
