import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { Money, NullableDateTime } from '../values.js';
import { AccessoryItem, PeriodKind } from './authoring.js';

export const CourseCategoryView = Type.Object({ id: Type.Integer(), name: Type.String(), sort: Type.Integer() });
export type CourseCategoryView = Static<typeof CourseCategoryView>;

/** 1 newest first, 2 most learners first. */
export const CourseSort = Type.Union([Type.Literal(1), Type.Literal(2)], { title: '排序', description: '1 最新 / 2 最热（学习人数）' });

export const CourseListBody = Type.Intersect([
  PageQuery,
  Type.Object({
    categoryId: Type.Optional(Id('分类')),
    isFree: Type.Optional(Type.Boolean({ title: '免费', description: 'true 只看免费，false 只看付费，不传为全部' })),
    sort: Type.Optional(CourseSort),
  }),
]);
export type CourseListBody = Static<typeof CourseListBody>;

export const CourseSearchBody = Type.Intersect([PageQuery, Type.Object({ keyword: Type.String({ title: '搜索关键词', maxLength: 60 }) })]);
export type CourseSearchBody = Static<typeof CourseSearchBody>;

export const CourseIdBody = Type.Object({ courseId: Id('课程ID') });
export type CourseIdBody = Static<typeof CourseIdBody>;

export const RecommendBody = Type.Object({
  courseId: Id('课程ID'),
  size: Type.Optional(Type.Integer({ title: '条数', minimum: 1, maximum: 20, default: 6 })),
});
export type RecommendBody = Static<typeof RecommendBody>;

export const ResourceRecommendBody = Type.Object({
  size: Type.Optional(Type.Integer({ title: '条数', minimum: 1, maximum: 20, default: 6 })),
});
export type ResourceRecommendBody = Static<typeof ResourceRecommendBody>;

export const LecturerBrief = Type.Object({ userId: Type.Integer(), nickname: Type.String(), avatar: Type.String() });
export type LecturerBrief = Static<typeof LecturerBrief>;

/** A course as a card of the catalogue. */
export const CourseCard = Type.Object({
  id: Type.Integer(),
  courseName: Type.String(),
  summary: Type.String(),
  coverUrl: Type.String({ description: "封面地址，'' 为无封面" }),
  categoryId: Type.Union([Type.Integer(), Type.Null()]),
  categoryName: Type.String(),
  isFree: Type.Boolean(),
  price: Money('价格'),
  learnerCount: Type.Integer(),
  collectCount: Type.Integer(),
  commentCount: Type.Integer(),
  lecturer: LecturerBrief,
  publishedAt: NullableDateTime,
});
export type CourseCard = Static<typeof CourseCard>;

export const LecturerProfile = Type.Intersect([
  LecturerBrief,
  Type.Object({
    title: Type.String({ description: '讲师头衔' }),
    intro: Type.String({ description: '讲师简介' }),
    courseCount: Type.Integer({ description: '已上架课程数' }),
    otherCourses: Type.Array(CourseCard, { description: '讲师的其他已上架课程' }),
  }),
]);
export type LecturerProfile = Static<typeof LecturerProfile>;

/** The public detail of a course: no learner's state in it. */
export const CourseView = Type.Intersect([
  CourseCard,
  Type.Object({
    introHtml: Type.String({ description: '服务端渲染的课程介绍 Markdown' }),
    noSkip: Type.Boolean({ description: '禁止拖动进度' }),
    status: Type.Integer({ description: '0 草稿 / 1 已上架 / 2 审核中 / 3 已驳回 / 4 已下架' }),
    periodCount: Type.Integer(),
    totalSeconds: Type.Number({ description: '视频课时总时长（秒）' }),
    scoreAverage: Type.Number({ description: '平均评分，无评分为 0' }),
    scoreCount: Type.Integer(),
    lecturerProfile: LecturerProfile,
    accessoryList: Type.Array(AccessoryItem, { description: '课程附件（讲师、运营与已报名的学员可下载）' }),
  }),
]);
export type CourseView = Static<typeof CourseView>;

export const CourseProgress = Type.Object({
  completedPeriods: Type.Integer(),
  totalPeriods: Type.Integer(),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  continuePeriodId: Type.Union([Type.Integer(), Type.Null()], { description: '继续学习的课时：上次学到的，没有则为第一课时' }),
});
export type CourseProgress = Static<typeof CourseProgress>;

/** The detail for the signed-in viewer: what they did with the course. */
export const MyCourseView = Type.Intersect([
  CourseView,
  Type.Object({
    mine: Type.Boolean({ description: '我是本课程的讲师' }),
    enrolled: Type.Boolean({ description: '已报名（免费）或已购买（付费）' }),
    bought: Type.Boolean({ description: '已付费购买' }),
    collected: Type.Boolean(),
    followingLecturer: Type.Boolean(),
    reviewed: Type.Boolean({ description: '已评价（每位学员评价一次）' }),
    progress: CourseProgress,
  }),
]);
export type MyCourseView = Static<typeof MyCourseView>;

/** A period in the table of contents: never its content. */
export const PeriodEntry = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  kind: PeriodKind,
  durationSeconds: Type.Union([Type.Number(), Type.Null()]),
  isPreview: Type.Boolean({ description: '可试看' }),
  locked: Type.Boolean({ description: '当前访问者不能打开（未报名或未购买）' }),
  completed: Type.Boolean({ description: '当前访问者已学完' }),
});
export type PeriodEntry = Static<typeof PeriodEntry>;

export const ChapterEntry = Type.Object({ id: Type.Integer(), title: Type.String(), periods: Type.Array(PeriodEntry) });
export type ChapterEntry = Static<typeof ChapterEntry>;
