import { api, type Page, type Paging } from '@rc/shared-utility';
import type { ChannelSaveBody, ChannelView, LiveCourseOption, LiveSaveBody, LiveView } from '@rc/api-contract/course/live';
import type { TeacherApplyState } from '@rc/api-contract/course/teacher';

export type { ChannelSaveBody, ChannelView, LiveCourseOption, LiveSaveBody, LiveView };

const quiet = { errorTip: false } as const;

/** Whether I teach: live scheduling and channels are for teachers. */
export const myTeacherState = () => api.post<TeacherApplyState>('/course/auth/teacher/apply/view', {}, quiet);

export const myChannels = () => api.post<ChannelView[]>('/course/auth/live/channel/list', {}, quiet);
export const saveChannel = (body: ChannelSaveBody, id?: number) =>
  id
    ? api.post<ChannelView>('/course/auth/live/channel/update', { id, ...body })
    : api.post<ChannelView>('/course/auth/live/channel/save', body);
export const deleteChannel = (id: number) => api.post<null>('/course/auth/live/channel/delete', { id });

export const myLives = (paging: Paging) => api.post<Page<LiveView>>('/course/auth/live/list', paging, quiet);
export const liveCourses = () => api.post<LiveCourseOption[]>('/course/auth/live/course/list', {}, quiet);
export const saveLive = (body: LiveSaveBody, id?: number) =>
  id ? api.post<null>('/course/auth/live/update', { id, ...body }) : api.post<{ id: number }>('/course/auth/live/save', body);
export const deleteLive = (id: number) => api.post<null>('/course/auth/live/delete', { id });
export const learnerLives = () => api.post<LiveView[]>('/course/auth/live/learner/list', {}, quiet);
