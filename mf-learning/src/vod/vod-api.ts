import { api } from '@rc/shared-utility';
import type { MyVideo } from '@rc/api-contract/vod/video';

export type { MyVideo };

export const listMyVideos = () => api.post<MyVideo[]>('/vod/auth/videoInfo/list', {}, { errorTip: false });
export const renameVideo = (videoId: number, title: string) => api.post<null>('/vod/auth/videoInfo/update', { videoId, title });
export const deleteVideo = (videoId: number) => api.post<null>('/vod/auth/videoInfo/delete', { videoId });
