import { api, type Page, type Paging } from '@rc/shared-utility';
import type { ReviewDecisionBody, ReviewItem } from '@rc/api-contract/community/report';

export type { ReviewItem };

export const contentToReview = (paging: Paging) => api.post<Page<ReviewItem>>('/community/auth/review/list', paging, { errorTip: false });
export const decideContent = (body: ReviewDecisionBody) => api.post<null>('/community/auth/review/decide', body);
