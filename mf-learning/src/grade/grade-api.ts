import type { CourseCard } from '@rc/api-contract/course/catalogue';
import type { PageOf } from '@rc/api-contract/envelope';
import type {
  ApplyRecord,
  ApplyStatusValue,
  ApplySummary,
  BatchAuditResult,
  GradeCard,
  GradeMember,
  GradeRole,
  GradeSaveBody,
  GradeView,
} from '@rc/api-contract/exam/grade';
import { api, type ApiResult, type Paging } from '@rc/shared-utility';

export type { ApplyRecord, ApplyStatusValue, ApplySummary, CourseCard, GradeCard, GradeMember, GradeRole, GradeSaveBody, GradeView };

const quiet = { errorTip: false } as const;
/** Spec §4: a detail load with a lost session falls back to the public view, without a word. */
const detailLoad = { loginRedirect: false, errorTip: false } as const;
const sessionLost = (code: number) => (code >= 300 && code <= 400) || code === 401;

export const applyStatusNames: Record<ApplyStatusValue, string> = { 0: '审核中', 1: '已通过', 2: '未通过', 3: '已忽略' };
export const applyStatusColors = { 0: 'orange', 1: 'green', 2: 'red', 3: 'grey' } as const;
export const roleNames: Record<GradeRole, string> = { teacher: '老师', admin: '管理员', student: '学生' };

export const publicGrades = (filter: { keyword?: string; sort: 1 | 2 }, paging: Paging) =>
  api.post<PageOf<GradeCard>>('/exam/api/grade/info/page', { ...filter, ...paging }, quiet);
export const myGrades = (role: GradeRole, paging: Paging, keyword?: string) =>
  api.post<PageOf<GradeCard>>('/exam/auth/grade/info/page', { role, keyword, ...paging }, quiet);

/** The class as the signed-in user sees it (my role, my application); the public view without a session or when it is lost. */
export async function viewGrade(gradeId: number, signedIn: boolean): Promise<ApiResult<GradeView>> {
  if (signedIn) {
    const result = await api.post<GradeView>('/exam/auth/grade/info/view', { gradeId }, detailLoad);
    if (!sessionLost(result.code)) return result;
  }
  return api.post<GradeView>('/exam/api/grade/info/view', { gradeId }, quiet);
}

export const saveGrade = (body: GradeSaveBody) => api.post<{ gradeId: number }>('/exam/auth/grade/info/save', body);
export const updateGrade = (gradeId: number, body: GradeSaveBody) => api.put<null>('/exam/auth/grade/info/update', { gradeId, ...body });
export const disbandGrade = (gradeId: number) => api.post<null>('/exam/auth/grade/info/disband', { gradeId });

export const applyToGrade = (gradeId: number, reason: string) =>
  api.post<{ recordId: number }>('/exam/auth/grade/student/grade/add', { gradeId, reason });
export const quitGrade = (gradeId: number) => api.put<null>('/exam/auth/grade/student/quit', { gradeId });
export const kickOut = (gradeId: number, userId: number) => api.put<null>('/exam/auth/grade/student/kick/out', { gradeId, userId });
export const setAdmin = (gradeId: number, userId: number, isAdmin: boolean) =>
  api.put<null>('/exam/auth/grade/student/update/admin', { gradeId, userId, isAdmin });
export const editRemark = (gradeId: number, userId: number, remark: string) =>
  api.put<null>('/exam/auth/grade/student/edit', { gradeId, userId, remark });
export const gradeMembers = (gradeId: number, paging: Paging, keyword?: string) =>
  api.post<PageOf<GradeMember>>('/exam/auth/grade/student/page', { gradeId, keyword, ...paging }, quiet);

export const gradeApplications = (gradeId: number, paging: Paging, status?: ApplyStatusValue) =>
  api.post<PageOf<ApplyRecord>>('/exam/auth/grade/apply/record/page', { gradeId, status, ...paging }, quiet);
export const myApplications = (paging: Paging) => api.post<PageOf<ApplyRecord>>('/exam/auth/grade/apply/record/page', paging, quiet);
export const auditApplication = (recordId: number, approve: boolean, note: string) =>
  api.put<null>('/exam/auth/grade/apply/record/audit', { recordId, approve, note });
export const auditBatch = (gradeId: number, recordIds: number[], approve: boolean, note: string) =>
  api.put<BatchAuditResult>('/exam/auth/grade/apply/record/audit/batch', { gradeId, recordIds, approve, note });
export const ignoreApplications = (gradeId: number, recordIds: number[]) =>
  api.put<{ ignored: number }>('/exam/auth/grade/apply/record/ignore', { gradeId, recordIds });
export const applySummary = (gradeId: number) => api.post<ApplySummary>('/exam/auth/grade/apply/record/summary', { gradeId }, quiet);

export const gradeCourses = (gradeId: number, signedInMember: boolean) =>
  api.post<PageOf<CourseCard>>(
    signedInMember ? '/exam/auth/grade/course/page' : '/exam/api/grade/course/page',
    { gradeId, pageNum: 1, pageSize: 20 },
    quiet,
  );
export const saveGradeCourses = (gradeId: number, courseIds: number[]) =>
  api.post<{ total: number }>('/exam/auth/grade/course/save', { gradeId, courseIds });
/** Published courses to pick from (the catalogue, newest first). */
export const pickableCourses = (keyword: string) =>
  keyword
    ? api.post<PageOf<CourseCard>>('/course/api/course/search/list', { keyword, pageNum: 1, pageSize: 50 }, quiet)
    : api.post<PageOf<CourseCard>>('/course/api/course/list', { sort: 1, pageNum: 1, pageSize: 50 }, quiet);
