import type { QuestionItem } from '@rc/api-contract/community/question';
import type { FollowedLecturer } from '@rc/api-contract/user/lecturer';
import type { CollectedCourse } from '@rc/api-contract/course/learning';
import { api, type Page, type Paging } from '@rc/shared-utility';

export type { CollectedCourse, FollowedLecturer, QuestionItem };

export const followedLecturers = (paging: Paging) =>
  api.post<Page<FollowedLecturer>>('/user/auth/lecturer/attention/list', paging, { errorTip: false });
export const unfollowLecturer = (lecturerId: number) => api.post<null>('/user/auth/lecturer/attention/delete', { lecturerId });

export type QuestionRecordKind = 1 | 2;
/** Questions I collected (kind 1) or follow (kind 2). */
export const recordedQuestions = (kind: QuestionRecordKind, paging: Paging) =>
  api.post<Page<QuestionItem>>('/community/auth/questions/user/record/list', { kind, ...paging }, { errorTip: false });
export const dropQuestionRecord = (questionId: number, kind: QuestionRecordKind) =>
  api.post<null>('/community/auth/questions/user/record/delete', { questionId, kind });

/** Courses I collected (mf-learning owns the course pages; the collection page lists them here). */
export const collectedCourses = (paging: Paging) =>
  api.post<Page<CollectedCourse>>('/course/auth/user/collection/course/list', paging, { errorTip: false });
export const uncollectCourse = (courseId: number) => api.post<unknown>('/course/auth/user/collection/course/delet', { courseId });
