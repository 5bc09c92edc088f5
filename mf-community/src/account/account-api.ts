import type { FollowedLecturer } from '@rc/api-contract/user/lecturer';
import type { Page } from '@rc/shared-utility';
import { api, type Paging } from '@rc/shared-utility';

export type { FollowedLecturer };

export const followedLecturers = (paging: Paging) => api.post<Page<FollowedLecturer>>('/user/auth/lecturer/attention/list', paging, { errorTip: false });
export const unfollowLecturer = (lecturerId: number) => api.post<null>('/user/auth/lecturer/attention/delete', { lecturerId });
