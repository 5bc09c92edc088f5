import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { Md5, MergeBody } from '../orion/upload.js';
import { DateTime } from '../values.js';

/** `/apis/vod/auth/videoInfo/...`: the chunk form and check are those of `../orion/upload.js`; a video is always hashed first. */
export const VideoMergeBody = Type.Object({
  ...MergeBody.properties,
  identifier: Md5('文件标识'),
  durationSeconds: Type.Optional(
    Type.Number({ title: '视频时长（秒）', minimum: 0, maximum: 86_400, description: '浏览器读出的时长；服务器有 ffprobe 时以其为准' }),
  ),
});
export type VideoMergeBody = Static<typeof VideoMergeBody>;

export const VideoMergeResult = Type.Object({
  state: Type.Integer({ description: '视频状态：1 已存储，2 转码中' }),
  videoId: Type.Integer(),
});
export type VideoMergeResult = Static<typeof VideoMergeResult>;

/** VideoState: 1 stored (plays as uploaded), 2 transcoding, 3 HLS ready, 4 transcoding failed (plays as uploaded). */
export const VideoState = { stored: 1, transcoding: 2, hlsReady: 3, failed: 4 } as const;

export const VideoPeriodUse = Type.Object({
  periodId: Type.Integer(),
  periodTitle: Type.String(),
  courseId: Type.Integer(),
  courseName: Type.String(),
});
export type VideoPeriodUse = Static<typeof VideoPeriodUse>;

export const MyVideo = Type.Object({
  videoId: Type.Integer(),
  title: Type.String(),
  fileName: Type.String(),
  size: Type.Integer(),
  state: Type.Integer({ description: '1 已存储，2 转码中，3 可播放（HLS），4 转码失败（按原文件播放）' }),
  durationSeconds: Type.Union([Type.Number(), Type.Null()]),
  createdAt: DateTime,
  usedBy: Type.Array(VideoPeriodUse, { description: '使用该视频的课时' }),
});
export type MyVideo = Static<typeof MyVideo>;

export const VideoIdBody = Type.Object({ videoId: Id('视频ID') });
export type VideoIdBody = Static<typeof VideoIdBody>;

export const VideoUpdateBody = Type.Object({
  videoId: Id('视频ID'),
  title: Type.String({ title: '视频标题', minLength: 1, maxLength: 80 }),
});
export type VideoUpdateBody = Static<typeof VideoUpdateBody>;

export const StreamParams = Type.Object({
  token: Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_.-]+$' }),
  name: Type.String({ maxLength: 120, pattern: '^[A-Za-z0-9_-]+(\\.[A-Za-z0-9]+)?$' }),
});
export type StreamParams = Static<typeof StreamParams>;
