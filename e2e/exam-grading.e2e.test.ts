import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { apiCall, demoTeacher, demoUser, signInAs } from './support/demo-session';
import { confirmDialog } from './support/rc-dialogs';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({}, (suite) => ({ server, browser, page } = suite));

interface StudentRow {
  nickname: string;
  remark: string;
  attempts: Array<{ attemptId: number; status: number; objectiveScore: number; ungradedCount: number }>;
}

const appText = () => browser.execute(() => document.querySelector('.rc-app-area')?.textContent ?? '');

describe('grading the midterm and reading the result', () => {
  it('the teacher grades the short answer anonymously and publishes; the student sees the final score and comment', async () => {
    const teacherToken = await signInAs(page, browser, server.url, demoTeacher);
    const classes = await apiCall<Array<{ gradeId: number; gradeName: string }>>(
      server.url,
      '/exam/auth/grade/info/grade/list/all',
      {},
      teacherToken,
    );
    const grade = classes.find((row) => row.gradeName === '深度学习实训营 · 2026 春季班')!;
    const exams = await apiCall<{ list: Array<{ examId: number; title: string }> }>(
      server.url,
      '/exam/auth/grade/exam/admin/page',
      { gradeId: grade.gradeId, pageSize: 100 },
      teacherToken,
    );
    const { examId } = exams.list.find((exam) => exam.title === '期中考试')!;
    const { students } = await apiCall<{ students: StudentRow[] }>(
      server.url,
      '/exam/auth/grade/exam/student/relation/list',
      { examId },
      teacherToken,
    );
    const demoStudent = students.find((student) => student.remark === '2026001 算力体验官')!;
    const [attempt] = demoStudent.attempts;
    expect(attempt).toMatchObject({ status: 2, ungradedCount: 1 });

    await signInAs(page, browser, server.url, demoUser);
    await page.open(`/account/grades/result/${examId}`);
    await page.waitForRouteRendered('/account/grades/result/:id?', '考试成绩');
    await page.waitForText('.rc-pending-score', `已交卷，客观题得分 ${attempt!.objectiveScore}，简答题待批阅`);
    expect(await browser.$('.rc-total-score').isExisting()).toBe(false);
    await signInAs(page, browser, server.url, demoTeacher);

    await page.open(`/account/grades/grading/${examId}`);
    await page.waitForRouteRendered('/account/grades/grading/:id?', '阅卷');
    await page.waitForText('.rc-publish-block', '还有 1 份简答题未批阅');
    expect(await browser.$('.rc-publish').isEnabled()).toBe(false);
    await page.waitForText('.rc-attempts', '算力体验官');
    await page.waitForText(`tr[data-attempt="${attempt!.attemptId}"]`, '待批阅');
    await browser.$(`tr[data-attempt="${attempt!.attemptId}"] .rc-view-paper`).click();
    await page.waitForText('.rc-paper-dialog', '待批阅');
    await page.waitForText('.rc-paper-dialog', '参考答案');
    await browser.$('.rc-paper-dialog .actions button').click();
    await browser.$('.rc-paper-dialog').waitForExist({ reverse: true, timeout: 20_000 });

    await browser.$('.rc-tab-queue').click();
    await page.waitForText('.rc-queue-answer', '答卷 #');
    await page.waitForText('.rc-queue-progress', '已批阅 0 / 1 份');
    const queueText = await appText();
    for (const secret of [demoStudent.nickname, '2026001', '算力体验官', demoUser.mobile]) expect(queueText).not.toContain(secret);

    await browser.$('.rc-grade-score').setValue('16.5');
    await browser.$('.rc-grade-comment').setValue('要点完整，可再补充梯度同步的细节。');
    await browser.$('.rc-grade-save').click();
    await page.waitForText('.rc-grading-queue', '简答题已全部批阅');
    await page.waitForText('.rc-queue-progress', '已批阅 1 / 1 份');
    await browser.waitUntil(() => browser.$('.rc-publish').isEnabled(), { timeout: 15_000, timeoutMsg: '批阅完成 stayed disabled' });
    await browser.$('.rc-publish').scrollIntoView({ block: 'center' });
    await browser.$('.rc-publish').click();
    await confirmDialog(browser, '发布成绩');
    await page.waitForText('.rc-publish-block', '成绩已于');

    const total = attempt!.objectiveScore + 16.5;
    await signInAs(page, browser, server.url, demoUser);
    await page.open(`/account/grades/result/${examId}`);
    await page.waitForRouteRendered('/account/grades/result/:id?', '考试成绩');
    await page.waitForText('.rc-total-score', `${total} /`);
    await page.waitForText('.rc-teacher-comments', '要点完整，可再补充梯度同步的细节。');
    await page.waitForText('.rc-marked-paper', '得分 16.5 / 20');
    await page.waitForText('.rc-marked-paper', '参考答案');
  });
});
