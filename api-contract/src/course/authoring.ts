import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime, NullableDateTime } from '../values.js';

/** Course status (ShelfStatus): 0 草稿, 1 已上架, 2 审核中, 3 已驳回, 4 已下架. */
export const CourseStatus = Type.Integer({ minimum: 0, maximum: 4, description: '0 草稿 / 1 已上架 / 2 审核中 / 3 已驳回 / 4 已下架' });

export const CourseIdBody = Type.Object({ id: Id('课程ID') });
export type CourseIdBody = Static<typeof CourseIdBody>;

export const TeachingListBody = Type.Object({ ...PageQuery.properties, status: Type.Optional(CourseStatus) });
export type TeachingListBody = Static<typeof TeachingListBody>;

/** One of my courses in the teacher's list. */
export const TeachingCourseItem = Type.Object({
  id: Type.Integer(),
  courseName: Type.String(),
  categoryName: Type.String(),
  coverUrl: Type.String(),
  isFree: Type.Boolean(),
  price: Type.Integer({ description: '价格（厘）' }),
  status: Type.Integer(),
  reviewNote: Type.String({ description: '驳回原因' }),
  chapterCount: Type.Integer(),
  periodCount: Type.Integer(),
  learnerCount: Type.Integer(),
  updatedAt: DateTime,
});
export type TeachingCourseItem = Static<typeof TeachingCourseItem>;

const CourseFields = {
  courseName: Type.String({ title: '课程名称', minLength: 1, maxLength: 80 }),
  categoryId: Id('课程分类'),
  summary: Type.String({ title: '课程简介', maxLength: 300, default: '' }),
  introMarkdown: Type.String({ title: '课程介绍', maxLength: 50_000, default: '', description: 'Markdown' }),
  isFree: Type.Boolean({ title: '是否免费' }),
  price: Type.Integer({
    title: '价格',
    minimum: 0,
    maximum: 9_999_000,
    description: '单位：厘（千分之一元），须为整分；收费课程 1–9999 元，免费课程为 0',
  }),
  noSkip: Type.Boolean({ title: '禁止拖动进度', default: false }),
  coverKey: Type.String({ title: '封面', maxLength: 80, default: '', description: '上传封面得到的 key，空为无封面' }),
};

export const CourseSaveBody = Type.Object(CourseFields);
export type CourseSaveBody = Static<typeof CourseSaveBody>;

export const CourseUpdateBody = Type.Object({ id: Id('课程ID'), ...CourseFields });
export type CourseUpdateBody = Static<typeof CourseUpdateBody>;

export const CourseSaved = Type.Object({ id: Type.Integer(), status: Type.Integer() });
export type CourseSaved = Static<typeof CourseSaved>;

/** A course with everything its teacher edits. */
export const TeachingCourseView = Type.Object({
  id: Type.Integer(),
  courseName: Type.String(),
  categoryId: Type.Union([Type.Integer(), Type.Null()]),
  summary: Type.String(),
  introMarkdown: Type.String(),
  introHtml: Type.String(),
  isFree: Type.Boolean(),
  price: Type.Integer(),
  noSkip: Type.Boolean(),
  coverKey: Type.String(),
  coverUrl: Type.String(),
  status: Type.Integer(),
  reviewNote: Type.String(),
  learnerCount: Type.Integer(),
});
export type TeachingCourseView = Static<typeof TeachingCourseView>;

export const StandBody = Type.Object({ id: Id('课程ID'), onShelf: Type.Boolean({ description: 'true 上架 / false 下架' }) });
export type StandBody = Static<typeof StandBody>;

export const UploadedCover = Type.Object({ key: Type.String(), url: Type.String() });
export type UploadedCover = Static<typeof UploadedCover>;

/* Chapters and periods */

export const ChapterSaveBody = Type.Object({
  courseId: Id('课程ID'),
  title: Type.String({ title: '章节名称', minLength: 1, maxLength: 80 }),
});
export type ChapterSaveBody = Static<typeof ChapterSaveBody>;
export const ChapterUpdateBody = Type.Object({ id: Id('章节ID'), title: Type.String({ title: '章节名称', minLength: 1, maxLength: 80 }) });
export type ChapterUpdateBody = Static<typeof ChapterUpdateBody>;
export const ChapterIdBody = Type.Object({ id: Id('章节ID') });
export type ChapterIdBody = Static<typeof ChapterIdBody>;
export const ChapterSortBody = Type.Object({
  courseId: Id('课程ID'),
  chapterIds: Type.Array(Id('章节ID'), {
    title: '章节ID列表',
    minItems: 1,
    maxItems: 200,
    uniqueItems: true,
    description: '课程全部章节的新顺序',
  }),
});
export type ChapterSortBody = Static<typeof ChapterSortBody>;

export const PeriodKind = Type.Union([Type.Literal('video'), Type.Literal('document'), Type.Literal('lab')], {
  description: 'video 视频 / document 图文 / lab 实验',
});

const PeriodFields = {
  title: Type.String({ title: '课时名称', minLength: 1, maxLength: 80 }),
  isPreview: Type.Boolean({ title: '试看', default: false }),
  documentMarkdown: Type.String({ title: '图文内容', maxLength: 100_000, default: '', description: 'Markdown，图文课时' }),
  labImageId: Type.Optional(Type.Union([Id('实验镜像'), Type.Null()])),
};

export const PeriodSaveBody = Type.Object({ chapterId: Id('章节ID'), kind: PeriodKind, ...PeriodFields });
export type PeriodSaveBody = Static<typeof PeriodSaveBody>;
export const PeriodUpdateBody = Type.Object({ id: Id('课时ID'), ...PeriodFields });
export type PeriodUpdateBody = Static<typeof PeriodUpdateBody>;
export const PeriodIdBody = Type.Object({ id: Id('课时ID') });
export type PeriodIdBody = Static<typeof PeriodIdBody>;
export const PeriodSortBody = Type.Object({
  chapterId: Id('章节ID'),
  periodIds: Type.Array(Id('课时ID'), {
    title: '课时ID列表',
    maxItems: 500,
    uniqueItems: true,
    description: '该章节课时的新顺序；列入其他章节的课时即移到本章节',
  }),
});
export type PeriodSortBody = Static<typeof PeriodSortBody>;
export const PeriodVideoBody = Type.Object({ periodId: Id('课时ID'), videoId: Id('视频ID') });
export type PeriodVideoBody = Static<typeof PeriodVideoBody>;
export const PeriodListBody = Type.Object({ courseId: Id('课程ID') });
export type PeriodListBody = Static<typeof PeriodListBody>;

export const OutlinePeriod = Type.Object({
  id: Type.Integer(),
  chapterId: Type.Integer(),
  title: Type.String(),
  kind: PeriodKind,
  sort: Type.Integer(),
  isPreview: Type.Boolean(),
  videoId: Type.Union([Type.Integer(), Type.Null()]),
  videoTitle: Type.String(),
  durationSeconds: Type.Union([Type.Number(), Type.Null()]),
  documentMarkdown: Type.String(),
  documentHtml: Type.String(),
  labImageId: Type.Union([Type.Integer(), Type.Null()]),
  labImageName: Type.String(),
});
export type OutlinePeriod = Static<typeof OutlinePeriod>;

export const OutlineChapter = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  sort: Type.Integer(),
  periods: Type.Array(OutlinePeriod),
});
export type OutlineChapter = Static<typeof OutlineChapter>;

export const Saved = Type.Object({ id: Type.Integer() });
export type Saved = Static<typeof Saved>;

/** An image a lab period can open: a system image or one of mine. */
export const LabImage = Type.Object({ id: Type.Integer(), name: Type.String(), mine: Type.Boolean() });
export type LabImage = Static<typeof LabImage>;

/* Accessories */

export const AccessoryItem = Type.Object({
  id: Type.Integer(),
  fileName: Type.String(),
  size: Type.Integer(),
  downloadCount: Type.Integer(),
  createdAt: DateTime,
});
export type AccessoryItem = Static<typeof AccessoryItem>;

export const AccessoryListBody = Type.Object({ courseId: Id('课程ID') });
export type AccessoryListBody = Static<typeof AccessoryListBody>;

export const AccessoryIdBody = Type.Object({ id: Id('附件ID') });
export type AccessoryIdBody = Static<typeof AccessoryIdBody>;

/** A download is a form post (token in the query string), so numbers come as text. */
export const AccessoryDownloadBody = Type.Object({ id: Type.Union([Id('附件ID'), Type.String({ pattern: '^[1-9]\\d{0,9}$' })]) });
export type AccessoryDownloadBody = Static<typeof AccessoryDownloadBody>;

/* Review */

export const ReviewListBody = Type.Object({ ...PageQuery.properties, status: Type.Optional(CourseStatus) });
export type ReviewListBody = Static<typeof ReviewListBody>;

export const ReviewCourseItem = Type.Object({
  id: Type.Integer(),
  courseName: Type.String(),
  teacherName: Type.String(),
  categoryName: Type.String(),
  isFree: Type.Boolean(),
  price: Type.Integer(),
  status: Type.Integer(),
  periodCount: Type.Integer(),
  submittedAt: NullableDateTime,
});
export type ReviewCourseItem = Static<typeof ReviewCourseItem>;

export const ReviewCourseView = Type.Object({
  ...TeachingCourseView.properties,
  teacherName: Type.String(),
  categoryName: Type.String(),
  submittedAt: NullableDateTime,
  chapters: Type.Array(OutlineChapter),
  accessories: Type.Array(AccessoryItem),
});
export type ReviewCourseView = Static<typeof ReviewCourseView>;

export const RejectBody = Type.Object({
  id: Id('课程ID'),
  reason: Type.String({ title: '驳回原因', minLength: 1, maxLength: 200 }),
});
export type RejectBody = Static<typeof RejectBody>;
