import type { ExamState } from '@rc/api-contract/exam/exam-admin';
import type { AttemptEventKind, MyExamItem } from '@rc/api-contract/exam/relation';
import type { AnswerSaveBody, AnswerSaveResult, AttemptClock, ExamSheet, SheetItem, SubmitResult } from '@rc/api-contract/exam/sheet';
import type { StudentAnswer } from '@rc/api-contract/exam/answers';
import type { PageOf } from '@rc/api-contract/envelope';
import { api, type Paging } from '@rc/shared-utility';

export type { AnswerSaveResult, ExamSheet, ExamState, MyExamItem, SheetItem, StudentAnswer, SubmitResult };

const relation = (call: string) => `/exam/auth/grade/exam/student/relation/${call}`;
/** Saves and page events run in the background: the page shows their state, so a failure is not toasted. */
const background = { errorTip: false } as const;

export const myExams = (state: ExamState | undefined, paging: Paging) =>
  api.post<PageOf<MyExamItem>>(relation('page'), { ...(state ? { state } : {}), ...paging }, { errorTip: false });
export const myExamsOfGrade = (gradeId: number, paging: Paging) =>
  api.post<PageOf<MyExamItem>>(relation('page/grade'), { gradeId, ...paging }, { errorTip: false });
export const ignoreExamTip = (examId: number) => api.put<null>(relation('ignore'), { examId });

export const examBrief = (examId: number) => api.post<MyExamItem>(relation('brief'), { examId }, { errorTip: false });
export const beginExam = (examId: number) => api.post<ExamSheet>(relation('begin'), { examId });
export const continueExam = (examId: number) => api.post<ExamSheet>(relation('continue'), { examId }, { errorTip: false });
export const saveAnswers = (body: AnswerSaveBody) =>
  api.post<AnswerSaveResult>('/exam/auth/grade/student/exam/answer/save', body, background);
/** The deadline as the server has it now (extra time granted during the exam included). */
export const attemptClock = (attemptId: number) => api.post<AttemptClock>(relation('clock'), { attemptId }, background);
export const submitAttempt = (attemptId: number) => api.post<SubmitResult>(relation('submit/audit'), { attemptId }, background);
export const recordExamEvent = (attemptId: number, kind: AttemptEventKind) =>
  api.post<null>(relation('event'), { attemptId, kind }, background);

export const examUrl = (examId: number) => `/account/grades/exam/${examId}`;
export const resultUrl = (examId: number) => `/account/grades/result/${examId}`;
