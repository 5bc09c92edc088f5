import { $token, api, type ApiResult } from '@rc/shared-utility';
import type { LearnOutline, PeriodContent, VideoRef } from '@rc/api-contract/course/period-play';
import type { PeriodProgress, ProgressReportBody } from '@rc/api-contract/data/course-progress';

export type { LearnOutline, PeriodContent, PeriodProgress, VideoRef };

const quiet = { errorTip: false, loginRedirect: false } as const;

/** A session lost (spec §4: codes 300–400, and 401): the client has ended it, so the call is asked again as a visitor. */
const sessionLost = (code: number) => (code >= 300 && code <= 400) || code === 401;

async function asViewer<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  const answer = await api.post<T>(path, body, quiet);
  return $token.get() === null && sessionLost(answer.code) ? api.post<T>(path, body, quiet) : answer;
}

export const loadOutline = (courseId: number) => asViewer<LearnOutline>('/course/api/course/learn/outline', { courseId });
export const loadPeriodContent = (periodId: number) => asViewer<PeriodContent>('/course/api/course/period/content', { periodId });
export const loadPeriodProgress = (courseId: number) =>
  api.post<PeriodProgress[]>('/data/auth/course/user/period/progress/list', { courseId }, quiet);

/**
 * Sends what the player played; `keepalive` lets the last report of a closing page arrive, which the
 * api client's fetch cannot promise, so the token header is set here.
 */
export async function reportProgress(body: ProgressReportBody): Promise<ApiResult<PeriodProgress> | null> {
  const token = $token.get();
  if (!token) return null;
  try {
    const response = await fetch('/apis/data/auth/course/user/period/progress/report', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify(body),
    });
    return (await response.json()) as ApiResult<PeriodProgress>;
  } catch {
    return null;
  }
}
