import { api, formDownload, type Page, type Paging } from '@rc/shared-utility';
import type {
  AccessoryItem,
  CourseSaveBody,
  CourseSaved,
  LabImage,
  OutlineChapter,
  OutlinePeriod,
  PeriodSaveBody,
  PeriodUpdateBody,
  Saved,
  TeachingCourseItem,
  TeachingCourseView,
  UploadedCover,
} from '@rc/api-contract/course/authoring';
import type { MyVideo } from '@rc/api-contract/vod/video';

export type { AccessoryItem, CourseSaveBody, LabImage, OutlineChapter, OutlinePeriod, TeachingCourseItem, TeachingCourseView };

export interface CourseCategory {
  id: number;
  name: string;
}

export const statusNames: Record<number, string> = { 0: '草稿', 1: '已上架', 2: '审核中', 3: '已驳回', 4: '已下架' };
export const statusColors: Record<number, 'grey' | 'green' | 'orange' | 'red' | 'brown'> = {
  0: 'grey',
  1: 'green',
  2: 'orange',
  3: 'red',
  4: 'brown',
};

export const courseCategories = () => api.post<CourseCategory[]>('/course/api/course/category/list', {}, { errorTip: false });

export const myCourses = (paging: Paging) =>
  api.post<Page<TeachingCourseItem>>('/course/auth/course/audit/list', paging, { errorTip: false });
export const viewMyCourse = (id: number) => api.post<TeachingCourseView>('/course/auth/course/audit/view', { id }, { errorTip: false });
export const saveCourse = (body: CourseSaveBody) => api.post<CourseSaved>('/course/auth/course/audit/save', body);
export const updateCourse = (id: number, body: CourseSaveBody) =>
  api.post<CourseSaved>('/course/auth/course/audit/update', { id, ...body });
export const standCourse = (id: number, onShelf: boolean) => api.post<CourseSaved>('/course/auth/course/audit/stand', { id, onShelf });
export const deleteCourse = (id: number) => api.post<null>('/course/auth/course/audit/delete', { id });
export const submitCourse = (id: number) => api.post<CourseSaved>('/course/auth/course/audit/submit', { id });

export function uploadCover(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadedCover>('/course/auth/course/cover/upload', form);
}

export const previewMarkdown = (content: string) =>
  api.post<{ html: string }>('/community/auth/markdown/preview', { content }, { errorTip: false });

export const courseOutline = (courseId: number) =>
  api.post<OutlineChapter[]>('/course/auth/course/period/audit/list', { courseId }, { errorTip: false });
export const saveChapter = (courseId: number, title: string) =>
  api.post<Saved>('/course/auth/course/chapter/audit/save', { courseId, title });
export const renameChapter = (id: number, title: string) => api.post<Saved>('/course/auth/course/chapter/audit/update', { id, title });
export const deleteChapter = (id: number) => api.post<null>('/course/auth/course/chapter/audit/delete', { id });
export const sortChapters = (courseId: number, chapterIds: number[]) =>
  api.post<null>('/course/auth/course/chapter/audit/sort', { courseId, chapterIds });
export const savePeriod = (body: PeriodSaveBody) => api.post<Saved>('/course/auth/course/period/audit/save', body);
export const updatePeriod = (body: PeriodUpdateBody) => api.post<Saved>('/course/auth/course/period/audit/update', body);
export const deletePeriod = (id: number) => api.post<null>('/course/auth/course/period/audit/delete', { id });
export const sortPeriods = (chapterId: number, periodIds: number[]) =>
  api.post<null>('/course/auth/course/period/audit/sort', { chapterId, periodIds });
export const attachVideo = (periodId: number, videoId: number) =>
  api.post<Saved>('/course/auth/course/period/audit/video/save', { periodId, videoId });
/** My uploaded videos (the video-on-demand call). */
export const myVideos = () => api.post<MyVideo[]>('/vod/auth/videoInfo/list', {}, { errorTip: false });
export const labImages = () => api.post<LabImage[]>('/course/auth/course/period/audit/image/list', {}, { errorTip: false });

export const courseAccessories = (courseId: number) =>
  api.post<AccessoryItem[]>('/course/auth/course/accessory/list', { courseId }, { errorTip: false });
export function uploadAccessory(courseId: number, file: File) {
  const form = new FormData();
  form.append('courseId', String(courseId));
  form.append('file', file);
  return api.post<AccessoryItem>('/course/auth/course/accessory/save', form);
}
export const deleteAccessory = (id: number) => api.post<null>('/course/auth/course/accessory/delete', { id });
export const downloadAccessory = (id: number) => formDownload('/course/auth/course/accessory/download', { id: String(id) });

/** `?id=` of the page's address, or null. */
export const queryId = () => {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

export const formatDuration = (seconds: number | null) => {
  if (seconds === null) return '时长未知';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
