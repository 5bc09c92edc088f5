import { api, type Page, type Paging } from '@rc/shared-utility';
import type {
  TeacherApplyBody,
  TeacherApplyState,
  TeacherOverview,
  TeacherRejectBody,
  TeacherReviewItem,
} from '@rc/api-contract/course/teacher';

export type { TeacherApplyState, TeacherOverview, TeacherReviewItem };

export const teacherApplyState = () => api.post<TeacherApplyState>('/course/auth/teacher/apply/view', {}, { errorTip: false });
export const applyToTeach = (body: TeacherApplyBody) => api.post<TeacherApplyState>('/course/auth/teacher/apply', body);
export const teacherOverview = () => api.post<TeacherOverview>('/course/auth/teacher/overview', {}, { errorTip: false });

export const teacherApplicationsToReview = (paging: Paging) =>
  api.post<Page<TeacherReviewItem>>('/course/auth/teacher/review/list', { ...paging, status: 0 }, { errorTip: false });
export const approveTeacher = (id: number) => api.post<null>('/course/auth/teacher/review/approve', { id });
export const rejectTeacher = (body: TeacherRejectBody) => api.post<null>('/course/auth/teacher/review/reject', body);
