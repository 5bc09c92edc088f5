import { api, formDownload } from '@rc/shared-utility';
import type { ExtraTimeBody, ExtraTimeResult, Gradebook } from '@rc/api-contract/exam/exam-admin';
import type {
  AttemptEvent,
  AttemptSummary,
  AttemptView,
  ExamStudentList,
  ExamStudentRow,
  GradeAnswerBody,
  GradeAnswerResult,
  GradingExam,
  GradingQueue,
  MarkedItem,
  MarkedPaper,
  MyAttemptScore,
  MyExamScore,
  PublishResult,
  QueuedAnswer,
  RemarkResult,
} from '@rc/api-contract/exam/grading';

export type {
  AttemptEvent,
  Gradebook,
  AttemptSummary,
  ExamStudentRow,
  GradingExam,
  MarkedItem,
  MarkedPaper,
  MyAttemptScore,
  MyExamScore,
  QueuedAnswer,
};

const quiet = { errorTip: false };

export const examStudents = (examId: number) => api.post<ExamStudentList>('/exam/auth/grade/exam/student/relation/list', { examId }, quiet);
export const attemptEvents = (attemptId: number) =>
  api.post<AttemptView>('/exam/auth/grade/exam/student/relation/view', { attemptId }, quiet);
export const markedPaper = (attemptId: number) => api.post<MarkedPaper>('/exam/auth/grade/student/exam/answer/view', { attemptId }, quiet);
export const gradingQueue = (examId: number, graded?: boolean) =>
  api.post<GradingQueue>('/exam/auth/grade/student/exam/answer/queue', { examId, graded }, quiet);
export const gradeAnswer = (body: GradeAnswerBody) => api.put<GradeAnswerResult>('/exam/auth/grade/student/exam/answer/audit', body);
export const remarkExam = (examId: number) => api.post<RemarkResult>('/exam/auth/grade/student/exam/answer/sys/audit', { examId });
export const publishScores = (examId: number) =>
  api.put<PublishResult>('/exam/auth/grade/exam/student/relation/audit/complete', { examId });
export const grantExtraTime = (body: ExtraTimeBody) => api.put<ExtraTimeResult>('/exam/auth/grade/exam/extra/time', body);
/** The exam's scores as a file (a form post: the browser saves the answer). */
export const exportScores = (examId: number, format: 'csv' | 'xlsx') =>
  formDownload('/exam/auth/grade/exam/score/export', { examId: String(examId), format });
/** The class's gradebook across its exams, on screen. */
export const classGradebook = (gradeId: number) => api.post<Gradebook>('/exam/auth/grade/gradebook', { gradeId }, quiet);
/** The class's gradebook across its exams, as a file. */
export const exportGradebook = (gradeId: number, format: 'csv' | 'xlsx') =>
  formDownload('/exam/auth/grade/gradebook/export', { gradeId: String(gradeId), format });
export const myExamScore = (examId: number) =>
  api.post<MyExamScore>('/exam/auth/grade/exam/student/relation/view/score', { examId }, quiet);

export const attemptStatusNames: Record<number, string> = { 1: '作答中', 2: '待批阅', 3: '已批阅' };
export const attemptStatusColors: Record<number, 'blue' | 'orange' | 'green'> = { 1: 'blue', 2: 'orange', 3: 'green' };
export const submittedByNames: Record<number, string> = { 1: '交卷', 2: '到时自动交卷' };
export const eventNames: Record<AttemptEvent['kind'], string> = {
  leave: '离开页面',
  return: '回到页面',
  offline: '网络断开',
  online: '网络恢复',
};
export const kindNames: Record<number, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '填空题', 5: '简答题' };
