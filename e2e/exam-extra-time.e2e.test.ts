import { describe, expect, it } from 'vitest';
import type { AttemptClock } from '@rc/api-contract/exam/sheet';
import type { Browser } from './support/chromium';
import { apiCall, demoTeacher, demoUser, logInThroughApi, signInAs } from './support/demo-session';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { confirmDialog } from './support/rc-dialogs';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({}, (suite) => ({ server, browser, page } = suite));

const remainingShown = async () => Number(await browser.$('.rc-exam-countdown').getAttribute('data-remaining'));
/** How often this document asked the server for the attempt's clock. */
const clockCalls = () =>
  browser.execute(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/relation/clock')).length);

/** A PUT as the portal sends it, failing the test on any code but 200. */
async function apiPut(route: string, body: unknown, token: string) {
  const response = await fetch(`${server.url}/apis${route}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string };
  if (answer.code !== 200) throw new Error(`${route}: ${answer.code} ${answer.msg}`);
}

describe('extra time during an exam', () => {
  it('granted mid-attempt moves the student’s countdown by push, without a reload, and shows on the grading page with who set it', async () => {
    const teacher = await logInThroughApi(server.url, demoTeacher);
    const classes = await apiCall<Array<{ gradeId: number; gradeName: string }>>(
      server.url,
      '/exam/auth/grade/info/grade/list/all',
      {},
      teacher.token,
    );
    const grade = classes.find((row) => row.gradeName === '深度学习实训营 · 2026 春季班')!;
    const exams = await apiCall<{ list: Array<{ examId: number; title: string }> }>(
      server.url,
      '/exam/auth/grade/exam/admin/page',
      { gradeId: grade.gradeId, pageSize: 100 },
      teacher.token,
    );
    const { examId } = exams.list.find((exam) => exam.title === '第一次随堂测验')!;
    const { students } = await apiCall<{ students: Array<{ userId: number; remark: string }> }>(
      server.url,
      '/exam/auth/grade/exam/student/relation/list',
      { examId },
      teacher.token,
    );
    const demoStudent = students.find((student) => student.remark === '2026001 算力体验官')!;

    const studentToken = await signInAs(page, browser, server.url, demoUser);
    await page.open(`/account/grades/exam/${examId}`);
    await browser.$('.rc-exam-begin').waitForDisplayed({ timeout: 20_000 });
    await browser.$('.rc-exam-begin').click();
    await confirmDialog(browser, '开始考试');
    await browser.$('.rc-exam-paper').waitForDisplayed({ timeout: 15_000 });
    const before = await remainingShown();
    expect(before).toBeGreaterThan(59 * 60);
    // Marks this document: a reload would lose the mark.
    await browser.execute(() => ((window as unknown as { rcSamePage: boolean }).rcSamePage = true));

    await apiPut('/exam/auth/grade/exam/extra/time', { examId, userIds: [demoStudent.userId], minutes: 10 }, teacher.token);
    await browser.waitUntil(async () => (await remainingShown()) > before + 9 * 60, {
      timeout: 20_000,
      timeoutMsg: 'the countdown never took the 10 extra minutes',
    });
    await page.waitForText('.rc-exam-countdown', '含延长 10 分钟');
    expect(await browser.execute(() => (window as unknown as { rcSamePage?: boolean }).rcSamePage === true)).toBe(true);
    // The new deadline came on the tab's event stream: the page never asked the server's clock.
    expect(await clockCalls()).toBe(0);

    await signInAs(page, browser, server.url, demoTeacher);
    await page.open(`/account/grades/grading/${examId}`);
    await page.waitForRouteRendered('/account/grades/grading/:id?', '阅卷');
    const row = `.rc-attempts tr[data-student="${demoStudent.userId}"]`;
    await page.waitForText(row, '延长 10 分钟');
    expect(await browser.$(`${row} .rc-extra-time`).getAttribute('title')).toMatch(/^由 .+ 于 .+ 设置$/);

    // The teacher changes it to 15 minutes through the dialog; the running attempt follows at once.
    await browser.$('.rc-open-extra-time').click();
    await browser.$('.rc-extra-time-dialog').waitForDisplayed({ timeout: 10_000 });
    await browser.$('.rc-extra-time-students').click();
    await browser.$('.rc-extra-time-students').$('div.item*=算力体验官').click();
    const minutes = browser.$('#extra-time-minutes');
    await minutes.clearValue();
    await minutes.setValue('15');
    await browser.$('.rc-extra-time-save').click();
    await page.waitForText(row, '延长 15 分钟');
    const clock = await apiCall<AttemptClock>(
      server.url,
      '/exam/auth/grade/exam/student/relation/clock',
      { attemptId: Number(await browser.$(row).getAttribute('data-attempt')) },
      studentToken,
    );
    expect(clock).toMatchObject({ status: 1, extraMinutes: 15 });
    expect(clock.remainingSeconds).toBeGreaterThan(74 * 60);

    // 班级成绩册: the class's students × its exams on a screen of its own, with the file exports.
    await browser.$('.rc-open-gradebook').click();
    await page.waitForRouteRendered('/account/grades/gradebook/:id?', '班级成绩册');
    const bookRow = `.rc-gradebook tr[data-student="${demoStudent.userId}"]`;
    await page.waitForText(bookRow, '算力体验官');
    const column = `.rc-gradebook th[data-exam="${examId}"]`;
    expect(await browser.$(column).getText()).toContain('第一次随堂测验');
    const examIndex = Number(
      await browser.execute((selector) => (document.querySelector(selector) as HTMLTableCellElement).cellIndex, column),
    );
    // Still answering: no handed-in attempt yet.
    const cells = await browser.$$(`${bookRow} td`);
    expect(await cells[examIndex]!.getText()).toBe('未参加');
    expect(await browser.$('.rc-gradebook-page .rc-score-export').getText()).toMatch(/导出 CSV[\s\S]*导出 Excel/);
  });
});
