import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@rc/shared-utility';
import { beginNotice } from './begin-notice';

const closesAt = '2026-11-29T10:00:00.000Z';

describe('the 开始考试 confirmation', () => {
  it('names the window’s close when the student has no extra time', () => {
    expect(beginNotice({ durationMinutes: 60, extraMinutes: 0, closesAt, latestEndAt: closesAt })).toBe(
      `开始后计时 60 分钟（最迟到 ${formatDateTime(closesAt)} 窗口关闭），离开页面不会暂停计时，到时将自动交卷。确定开始吗？`,
    );
  });

  it('gives the latest end with the student’s extra time, not the window’s close', () => {
    const latestEndAt = '2026-11-29T10:15:00.000Z';
    const notice = beginNotice({ durationMinutes: 60, extraMinutes: 15, closesAt, latestEndAt });
    expect(notice).toContain('开始后计时 75 分钟');
    expect(notice).toContain(`最迟到 ${formatDateTime(latestEndAt)}，含延长 15 分钟`);
    expect(notice).not.toContain(formatDateTime(closesAt));
  });
});
