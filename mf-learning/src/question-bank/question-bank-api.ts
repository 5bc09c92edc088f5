import { api, type Page, type Paging } from '@rc/shared-utility';
import type { AnswerKey, QuestionKind } from '@rc/api-contract/exam/answers';
import type { QuestionItem, QuestionSaveBody } from '@rc/api-contract/exam/question-bank';

export type { AnswerKey, QuestionItem, QuestionKind, QuestionSaveBody };

export const kindNames: Record<QuestionKind, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '填空题', 5: '简答题' };
export const questionKinds = [1, 2, 3, 4, 5] as const;

/** How many blanks a stem marks: each run of three or more underscores is one (as the server counts them). */
export const blanksInStem = (stem: string) => stem.match(/_{3,}/gu)?.length ?? 0;

const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** The key in a few words, for lists: 「B」, 「A、C」, 「对」, 「CUDA｜nvidia-smi」, or the reference answer. */
export function keySummary(kind: QuestionKind, key: AnswerKey): string {
  if (kind === 1 || kind === 2) return (key.choices ?? []).map(optionLetter).join('、');
  if (kind === 3) return key.truth ? '对' : '错';
  if (kind === 4) return (key.blanks ?? []).map((accepted) => accepted.join(' / ')).join('｜');
  return key.reference || '（无参考答案）';
}
export { optionLetter };

export const myQuestions = (filter: { kind?: QuestionKind; keyword?: string }, paging: Paging) =>
  api.post<Page<QuestionItem>>('/exam/auth/grade/question/page', { ...filter, ...paging }, { errorTip: false });
export const saveQuestion = (body: QuestionSaveBody) => api.post<QuestionItem>('/exam/auth/grade/question/save', body);
export const updateQuestion = (questionId: number, body: QuestionSaveBody) =>
  api.put<QuestionItem>('/exam/auth/grade/question/update', { questionId, ...body });
export const deleteQuestion = (questionId: number) => api.post<null>('/exam/auth/grade/question/del', { questionId });
export const previewMarkdown = (content: string) =>
  api.post<{ html: string }>('/community/auth/markdown/preview', { content }, { errorTip: false });
