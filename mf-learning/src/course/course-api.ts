import type {
  ChapterEntry,
  CourseCard,
  CourseCategoryView,
  CourseListBody,
  CourseView,
  MyCourseView,
} from '@rc/api-contract/course/catalogue';
import type { CourseCommentSaveBody, CourseCommentSaved, CourseCommentThread } from '@rc/api-contract/course/comment';
import type { CollectResult, CourseOrderRef, MyCourseItem, SignResult } from '@rc/api-contract/course/learning';
import type { PageOf } from '@rc/api-contract/envelope';
import type { MoneyQuote } from '@rc/api-contract/user/quote';
import { api, formDownload, type ApiResult, type Paging } from '@rc/shared-utility';

export type { ChapterEntry, CourseCard, CourseCategoryView, CourseCommentThread, CourseOrderRef, CourseView, MyCourseItem, MyCourseView };

/** The detail as the page shows it: the viewer's state is absent for anonymous visitors. */
export type CourseDetail = CourseView & Partial<Omit<MyCourseView, keyof CourseView>>;

const quiet = { errorTip: false } as const;
/** Spec §4: a detail load with a lost session clears it and falls back to the public view, without a word. */
const detailLoad = { loginRedirect: false, errorTip: false } as const;
const sessionLost = (code: number) => (code >= 300 && code <= 400) || code === 401;

export const courseCategories = () => api.post<CourseCategoryView[]>('/course/api/course/category/list', {}, quiet);

export type CourseFilter = Omit<CourseListBody, 'pageNum' | 'pageSize'> & { keyword?: string };

/** The catalogue: a keyword searches, otherwise the category, free/paid and sort filters apply. */
export const listCourses = ({ keyword, ...filter }: CourseFilter, paging: Paging) =>
  keyword
    ? api.post<PageOf<CourseCard>>('/course/api/course/search/list', { keyword, ...paging }, quiet)
    : api.post<PageOf<CourseCard>>('/course/api/course/list', { ...filter, ...paging }, quiet);

/** The course as the signed-in user sees it (enrolled, collected, progress); the public view when there is no session or it is lost. */
export async function viewCourse(courseId: number, signedIn: boolean): Promise<ApiResult<CourseDetail>> {
  if (signedIn) {
    const result = await api.post<MyCourseView>('/course/auth/course/view', { courseId }, detailLoad);
    if (!sessionLost(result.code)) return result;
  }
  return api.post<CourseView>('/course/api/course/view', { courseId }, quiet);
}

export const chapterList = (courseId: number, signedIn: boolean) =>
  api.post<ChapterEntry[]>('/course/api/course/chapter/list', { courseId }, signedIn ? detailLoad : quiet);
export const relatedCourses = (courseId: number) =>
  api.post<CourseCard[]>('/course/api/course/recommend/list', { courseId, size: 4 }, quiet);

export const signUp = (courseId: number, price: number, quoteToken?: string) =>
  api.post<SignResult>('/course/auth/course/sign', { courseId, price, quoteToken });
/** A paid course's price with the 课程 voucher chosen (absent: the best usable one; 0: none). */
export const quoteCourse = (courseId: number, voucherId?: number) =>
  api.post<MoneyQuote>('/course/auth/course/quote', { courseId, voucherId });
export const collectCourse = (courseId: number) => api.post<CollectResult>('/course/auth/user/collection/course/save', { courseId });
export const uncollectCourse = (courseId: number) => api.post<CollectResult>('/course/auth/user/collection/course/delet', { courseId });
export const followLecturer = (lecturerId: number) => api.post<null>('/user/auth/lecturer/attention/save', { lecturerId });
export const unfollowLecturer = (lecturerId: number) => api.post<null>('/user/auth/lecturer/attention/delete', { lecturerId });

export const listComments = (courseId: number, paging: Paging, signedIn: boolean) =>
  api.post<PageOf<CourseCommentThread>>('/course/api/courseComment/list', { courseId, ...paging }, signedIn ? detailLoad : quiet);
export const saveComment = (body: CourseCommentSaveBody) => api.post<CourseCommentSaved>('/course/auth/courseComment/save', body);
export const deleteComment = (id: number) => api.post<null>('/course/auth/courseComment/delete', { id });

export const myCourses = (paging: Paging) => api.post<PageOf<MyCourseItem>>('/course/auth/course/page', paging, quiet);
export const myCourseOrders = (paging: Paging) =>
  api.post<PageOf<CourseOrderRef>>('/course/auth/user/order/course/ref/list', paging, quiet);

/** Where 继续学习 and 试看 lead: the learning page of mf-learning's player. */
export const learnUrl = (courseId: number, periodId: number | null) =>
  periodId === null ? `/preview/resource/${courseId}` : `/preview/resource/${courseId}?periodId=${periodId}`;

/** Saves a course accessory (a form post the browser downloads; refused unless the viewer may study the course). */
export const downloadAccessory = (id: number) => formDownload('/course/auth/course/accessory/download', { id: String(id) });
