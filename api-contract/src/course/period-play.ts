import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { PeriodKind } from './authoring.js';
import { ChapterEntry } from './catalogue.js';

/** `/apis/course/auth/course/video/ref` and the period content and outline calls of the learning page. */
export const PeriodIdBody = Type.Object({ periodId: Id('课时ID') });
export type PeriodIdBody = Static<typeof PeriodIdBody>;

export const CourseIdBody = Type.Object({ courseId: Id('课程ID') });
export type CourseIdBody = Static<typeof CourseIdBody>;

/** How to play a video period: a signed stream URL (original file), an HLS playlist once transcoded, where to resume. */
export const VideoRef = Type.Object({
  periodId: Type.Integer(),
  kind: PeriodKind,
  videoId: Type.Union([Type.Integer(), Type.Null()]),
  streamUrl: Type.String({ description: '原文件地址（支持 Range），短时有效；未上传视频时为空' }),
  hlsUrl: Type.Union([Type.String(), Type.Null()], { description: '转码完成后的 HLS 播放列表' }),
  durationSeconds: Type.Union([Type.Number(), Type.Null()]),
  resumeSeconds: Type.Number({ description: '上次播放到的位置' }),
  noSkip: Type.Boolean({ description: '课程禁止拖动到未看过的位置' }),
  furthestSeconds: Type.Number({ description: '从开头起连续看过的最远一秒' }),
  tracked: Type.Boolean({ description: '是否记录学习进度（已报名的学员）' }),
});
export type VideoRef = Static<typeof VideoRef>;

/** What a period shows: a document's HTML, a lab's image and the rent page, or a video's play reference. */
export const PeriodContent = Type.Object({
  periodId: Type.Integer(),
  courseId: Type.Integer(),
  title: Type.String(),
  kind: PeriodKind,
  documentHtml: Type.String(),
  lab: Type.Union([Type.Object({ imageId: Type.Integer(), imageName: Type.String(), rentUrl: Type.String() }), Type.Null()]),
  video: Type.Union([VideoRef, Type.Null()]),
});
export type PeriodContent = Static<typeof PeriodContent>;

/** The learning page's side list: the course's chapters and periods, locked or open for this viewer. */
export const LearnOutline = Type.Object({
  courseId: Type.Integer(),
  courseName: Type.String(),
  isFree: Type.Boolean(),
  noSkip: Type.Boolean(),
  enrolled: Type.Boolean({ description: '当前用户已报名或已购买' }),
  lastPeriodId: Type.Union([Type.Integer(), Type.Null()]),
  chapters: Type.Array(ChapterEntry, { description: '目录，与 /course/api/course/chapter/list 相同' }),
});
export type LearnOutline = Static<typeof LearnOutline>;
