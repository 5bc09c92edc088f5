import { $token, api, type ApiResult, type Page, type Paging } from '@rc/shared-utility';
import type { LabelView } from '@rc/api-contract/community/label';
import type {
  AcceptedAnswer,
  AnswerInvitation,
  AnswerSaveBody,
  AnswerSaved,
  AnswerView,
  InviteCandidate,
  InvitedUser,
  MyQuestionView,
  QuestionItem,
  QuestionSaveBody,
  QuestionSaved,
  QuestionUpdateBody,
  QuestionView,
  SimilarQuestion,
} from '@rc/api-contract/community/question';
import type { RealtimeBalance } from '@rc/api-contract/user/profile';

export type { AnswerInvitation, AnswerView, InviteCandidate, LabelView, MyQuestionView, QuestionItem, QuestionView, SimilarQuestion };

const quiet = { cache: false, errorTip: false } as const;

/** Tabs of the list: 1 latest, 3 hot, 4 unanswered, 5 with a bounty. */
export type QuestionTab = 1 | 3 | 4 | 5;

export const listLabels = () => api.post<LabelView[]>('/community/api/label/list', {}, quiet);
export const listQuestions = (filter: { tab: QuestionTab; labelNo?: number }, paging: Paging) =>
  api.post<Page<QuestionItem>>('/community/api/questions/list', { ...filter, ...paging }, quiet);
export const similarQuestions = (title: string) => api.post<SimilarQuestion[]>('/community/api/questions/similar', { title }, quiet);
export const listAnswers = (questionId: number, paging: Paging) =>
  api.post<Page<AnswerView>>('/community/api/questions/comment/list', { questionId, ...paging }, quiet);

export const askQuestion = (body: QuestionSaveBody) => api.post<QuestionSaved>('/community/auth/questions/save', body);
export const updateQuestion = (body: QuestionUpdateBody) => api.post<QuestionSaved>('/community/auth/questions/update', body);
export const deleteQuestion = (id: number) => api.post<null>('/community/auth/questions/delete', { id });
export const saveAnswer = (body: AnswerSaveBody) => api.post<AnswerSaved>('/community/auth/questions/comment/save', body);
export const deleteAnswer = (id: number) => api.post<null>('/community/auth/questions/comment/delete', { id });
export const acceptAnswer = (questionId: number, answerId: number) =>
  api.post<AcceptedAnswer>('/community/auth/questions/accept', { questionId, answerId });
export const setRecord = (questionId: number, kind: 1 | 2, on: boolean) =>
  api.post<null>(`/community/auth/questions/user/record/${on ? 'save' : 'delete'}`, { questionId, kind });
export const listInvitations = (questionId: number) =>
  api.post<AnswerInvitation[]>('/community/auth/questions/invite/list', { questionId }, quiet);
export const findInviteCandidates = (questionId: number, keyword: string) =>
  api.post<InviteCandidate[]>('/community/auth/questions/invite/candidates', { questionId, keyword }, { cache: false });
export const inviteToAnswer = (questionId: number, userId: number) =>
  api.post<InvitedUser>('/community/auth/questions/invite/save', { questionId, userId });
export const realtimeBalance = () => api.get<RealtimeBalance>('/user/auth/user/ext/get/realtime/balance', undefined, { cache: false });

/** A session lost (spec §4: codes 300–400, and 401): the client has ended it; the page falls back to the public view. */
const sessionLost = (code: number) => (code >= 300 && code <= 400) || code === 401;

/**
 * Spec §4's detail load: with a token, the signed-in view (my flags) without a login redirect or an
 * error toast; when the session turns out lost, the public view, still without an error.
 */
export async function loadQuestion(id: number): Promise<ApiResult<QuestionView & Partial<MyQuestionView>>> {
  if ($token.get()) {
    const mine = await api.post<MyQuestionView>('/community/auth/questions/view', { id }, { ...quiet, loginRedirect: false });
    if (!sessionLost(mine.code)) return mine;
  }
  return api.post<QuestionView>('/community/api/questions/view', { id }, quiet);
}

/** The asker's own question, to edit. */
export const loadOwnQuestion = (id: number) => api.post<MyQuestionView>('/community/auth/questions/view', { id }, quiet);
