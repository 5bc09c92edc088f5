import { api, type Page, type Paging } from '@rc/shared-utility';
import type { AnswerKey, QuestionKind } from '@rc/api-contract/exam/answers';
import type {
  CompensateBody,
  CompensateResult,
  ExamAdminItem,
  ExamEditBody,
  ExamPaper,
  ExamPaperItem,
  ExamPoolInput,
  ExamSaveBody,
  ExamSaved,
  ExamState,
  ExamStudentIds,
  ItemAnswerResult,
} from '@rc/api-contract/exam/exam-admin';
import type { GradeRef } from '@rc/api-contract/exam/grade';
import type { QuestionItem } from '@rc/api-contract/exam/question-bank';

export type {
  AnswerKey,
  ExamAdminItem,
  ExamPaper,
  ExamPaperItem,
  ExamPoolInput,
  ExamSaveBody,
  ExamState,
  GradeRef,
  QuestionItem,
  QuestionKind,
};

/** A member of a class, as the class's student list gives it. */
export interface ClassMember {
  userId: number;
  nickname: string;
  remark: string;
  isAdmin: boolean;
}

export const stateNames: Record<ExamState, string> = { upcoming: '未开始', open: '进行中', closed: '已结束', published: '已发布成绩' };
export const stateColors = { upcoming: 'blue', open: 'green', closed: 'grey', published: 'teal' } as const;

export const difficultyNames: Record<number, string> = { 1: '易', 2: '中', 3: '难' };

export const memberName = (member: ClassMember) => (member.remark ? `${member.nickname}（${member.remark}）` : member.nickname);

export const myGrades = () => api.post<GradeRef[]>('/exam/auth/grade/info/grade/list/all', {}, { errorTip: false });
export const gradeExams = (gradeId: number, paging: Paging) =>
  api.post<Page<ExamAdminItem>>('/exam/auth/grade/exam/admin/page', { gradeId, ...paging }, { errorTip: false });
export const gradeQuestions = (gradeId: number, filter: { kind?: QuestionKind; keyword?: string }, paging: Paging) =>
  api.post<Page<QuestionItem>>('/exam/auth/grade/exam/question/page', { gradeId, ...filter, ...paging }, { errorTip: false });
/** The class's students who sit exams: class admins help run them and are not examinees. */
export const classExaminees = (gradeId: number) =>
  api
    .post<Page<ClassMember>>('/exam/auth/grade/student/page', { gradeId, pageNum: 1, pageSize: 100 }, { errorTip: false })
    .then((answer) =>
      answer.code === 200 ? { ...answer, data: { ...answer.data, list: answer.data.list.filter((member) => !member.isAdmin) } } : answer,
    );
export const examPaper = (examId: number) => api.post<ExamPaper>('/exam/auth/grade/exam/paper', { examId }, { errorTip: false });
export const examStudentIds = (examId: number) =>
  api.post<ExamStudentIds>('/exam/auth/grade/exam/get/student/ids', { examId }, { errorTip: false });
export const saveExam = (body: ExamSaveBody) => api.post<ExamSaved>('/exam/auth/grade/exam/save', body);
export const editExam = (body: ExamEditBody) => api.post<ExamSaved>('/exam/auth/grade/exam/edit', body);
export const deleteExam = (examId: number) => api.post<null>('/exam/auth/grade/exam/del', { examId });
export const compensate = (body: CompensateBody) => api.post<CompensateResult>('/exam/auth/grade/exam/edit/compensate/status', body);
export const correctItemKey = (examId: number, itemId: number, answerKey: AnswerKey) =>
  api.put<ItemAnswerResult>('/exam/auth/grade/exam/item/answer', { examId, itemId, answerKey });
