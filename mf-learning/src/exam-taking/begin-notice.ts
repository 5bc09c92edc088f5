import { formatDateTime } from '@rc/shared-utility';
import type { MyExamItem } from './exam-taking-api';

/**
 * The 开始考试 confirmation: how long the attempt runs and when it is handed in at the latest, both with the student's
 * extra time (an attempt begun late in the window runs past its close by that much).
 */
export function beginNotice(brief: Pick<MyExamItem, 'durationMinutes' | 'extraMinutes' | 'closesAt' | 'latestEndAt'>): string {
  const minutes = brief.durationMinutes + brief.extraMinutes;
  const latest = formatDateTime(brief.latestEndAt ?? brief.closesAt);
  const until = brief.extraMinutes > 0 ? `最迟到 ${latest}，含延长 ${brief.extraMinutes} 分钟` : `最迟到 ${latest} 窗口关闭`;
  return `开始后计时 ${minutes} 分钟（${until}），离开页面不会暂停计时，到时将自动交卷。确定开始吗？`;
}
