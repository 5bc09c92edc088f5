import { api, type Page, type Paging } from '@rc/shared-utility';
import type { ReviewCourseItem, ReviewCourseView } from '@rc/api-contract/course/authoring';

export type { ReviewCourseItem, ReviewCourseView };

export const coursesToReview = (paging: Paging) =>
  api.post<Page<ReviewCourseItem>>('/course/auth/course/review/list', paging, { errorTip: false });
export const courseUnderReview = (id: number) => api.post<ReviewCourseView>('/course/auth/course/review/view', { id }, { errorTip: false });
export const approveCourse = (id: number) => api.post<null>('/course/auth/course/review/approve', { id });
export const rejectCourse = (id: number, reason: string) => api.post<null>('/course/auth/course/review/reject', { id, reason });
