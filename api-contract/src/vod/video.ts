import { Type, type Static } from 'typebox';

/** `/apis/vod/auth/videoInfo/...`: the chunk form, check and merge are those of `../orion/upload.js`. */
export const VideoMergeResult = Type.Object({
  state: Type.Integer({ description: '视频状态：1 已存储，等待处理' }),
  videoId: Type.Integer(),
});
export type VideoMergeResult = Static<typeof VideoMergeResult>;
