import { describe, expect, it } from 'vitest';
import type { PageOf } from '@rc/api-contract/envelope';
import type { MyExamItem } from '@rc/api-contract/exam/relation';
import type { ExamSheet } from '@rc/api-contract/exam/sheet';
import type { Browser } from './support/chromium';
import { apiCall, demoUser, signInAs } from './support/demo-session';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { confirmDialog } from './support/rc-dialogs';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({}, (suite) => ({ server, browser, page } = suite));

const question = (kind: number) => `.rc-exam-question[data-kind="${kind}"]`;

async function pick(selector: string) {
  const label = browser.$(`${selector} label`);
  await label.waitForDisplayed({ timeout: 15_000 });
  // Away from the portal's sticky header and the paper's bottom bar.
  await label.scrollIntoView({ block: 'center' });
  await label.click();
}

const isPicked = (selector: string) => browser.$(`${selector} input`).isSelected();

async function waitForSaveState(text: string) {
  await browser.waitUntil(async () => (await browser.$('.rc-exam-save-state').getText()) === text, {
    timeout: 20_000,
    timeoutMsg: `the save indicator never said ${text}`,
  });
}

const remainingShown = async () => Number(await browser.$('.rc-exam-countdown').getAttribute('data-remaining'));

describe('taking an exam', () => {
  it('keeps every answer through a reload and a lost network, and shows the objective points at once', async () => {
    const token = await signInAs(page, browser, server.url, demoUser);
    const studentCall = <T>(route: string, body: unknown) =>
      apiCall<T>(server.url, `/exam/auth/grade/exam/student/relation/${route}`, body, token);
    const mine = await studentCall<PageOf<MyExamItem>>('page', { state: 'open', pageSize: 100 });
    const quiz = mine.list.find((exam) => exam.title === '第一次随堂测验')!;
    expect(quiz).toMatchObject({ canBegin: true, attemptsUsed: 0, attemptsAllowed: 2, durationMinutes: 60, lastAttempt: null });
    const serverAnswers = async () => {
      const sheet = await studentCall<ExamSheet>('continue', { examId: quiz.examId });
      return { sheet, byItem: new Map(sheet.answers.map((saved) => [saved.itemId, saved.answer])) };
    };

    await page.open(`/account/grades/exam/${quiz.examId}`);
    await page.waitForText('.rc-exam-brief', '共 5 题，限时 60 分钟');
    expect(await page.textOf('.rc-exam-attempts-left')).toContain('2 次');
    await browser.$('.rc-exam-begin').click();
    await confirmDialog(browser, '开始考试');
    await browser.$('.rc-exam-paper').waitForDisplayed({ timeout: 15_000 });
    // Options are Markdown: 「`nvidia-smi`」 shows as code, not with its backticks.
    expect(await browser.$(`${question(1)} .rc-exam-option[data-option="1"] label code`).getText()).toBe('nvidia-smi');
    expect(await page.textOf(`${question(1)} .rc-exam-options`)).not.toContain('`');

    await pick(`${question(1)} .rc-exam-option[data-option="1"]`);
    for (const option of [0, 1, 3]) await pick(`${question(2)} .rc-exam-option[data-option="${option}"]`);
    await browser.waitUntil(async () => (await serverAnswers()).byItem.size === 2, {
      timeout: 15_000,
      timeoutMsg: 'the choices never reached the server',
    });
    await waitForSaveState('已保存');
    const { sheet } = await serverAnswers();
    const [single, multiple, truth, blanks] = sheet.items;

    const before = await remainingShown();
    await browser.refresh();
    await browser.$('.rc-exam-paper').waitForDisplayed({ timeout: 15_000 });
    expect(await isPicked(`${question(1)} .rc-exam-option[data-option="1"]`)).toBe(true);
    for (const option of [0, 1, 3]) expect(await isPicked(`${question(2)} .rc-exam-option[data-option="${option}"]`)).toBe(true);
    expect(await isPicked(`${question(2)} .rc-exam-option[data-option="2"]`)).toBe(false);
    const after = await remainingShown();
    expect(after).toBeLessThanOrEqual(before);
    expect(before - after).toBeLessThan(10);

    await browser.setNetworkConditions({ offline: true, latency: 0, download_throughput: 0, upload_throughput: 0 });
    await pick(`${question(3)} .rc-exam-option[data-truth="false"]`);
    const blankInputs = await browser.$$(`${question(4)} .rc-exam-blank input`);
    await blankInputs[0]!.setValue('cuda');
    await blankInputs[1]!.setValue('CUDA');
    await waitForSaveState('网络已断开，答案已保存在本机，恢复后自动提交');
    const kept = await browser.execute((key) => localStorage.getItem(key), `rc-exam-${sheet.attemptId}`);
    expect(JSON.parse(kept!).answers[String(truth!.itemId)]).toMatchObject({ answer: { truth: false }, synced: false });

    await browser.deleteNetworkConditions();
    await waitForSaveState('已保存');
    const { byItem } = await serverAnswers();
    expect(byItem.get(single!.itemId)).toEqual({ choices: [1] });
    expect(byItem.get(multiple!.itemId)).toEqual({ choices: [0, 1, 3] });
    expect(byItem.get(truth!.itemId)).toEqual({ truth: false });
    expect(byItem.get(blanks!.itemId)).toEqual({ blanks: ['cuda', 'CUDA'] });

    // Another tab answers the single choice later: this page's older change is refused and the page takes that answer.
    const otherTab = { itemId: single!.itemId, answer: { choices: [2] }, version: Date.now() + 60_000 };
    await apiCall(server.url, '/exam/auth/grade/student/exam/answer/save', { attemptId: sheet.attemptId, answers: [otherTab] }, token);
    await pick(`${question(1)} .rc-exam-option[data-option="0"]`);
    await browser.waitUntil(() => isPicked(`${question(1)} .rc-exam-option[data-option="2"]`), {
      timeout: 15_000,
      timeoutMsg: "the page never took the other tab's later answer",
    });
    await pick(`${question(1)} .rc-exam-option[data-option="1"]`);
    await waitForSaveState('已保存');
    expect((await serverAnswers()).byItem.get(single!.itemId)).toEqual({ choices: [1] });

    await browser.$(`${question(5)} textarea`).setValue('每张卡一份完整模型，处理不同的数据分片，反向传播后 all-reduce 平均梯度。');

    await browser.$('.rc-exam-hand-in').click();
    await confirmDialog(browser, '交卷');
    // 单选 5 + 多选 10 + 判断 5 + 填空 10
    await page.waitForText('.rc-exam-objective-score', '30');
    expect(await page.textOf('.rc-exam-finished')).toContain('简答题待老师批阅');
    const handedIn = (await studentCall<PageOf<MyExamItem>>('page', { pageSize: 100 })).list.find((exam) => exam.examId === quiz.examId);
    expect(handedIn).toMatchObject({ attemptsUsed: 1, scoreNote: '待批阅', lastAttempt: expect.objectContaining({ objectiveScore: 30 }) });
    expect(await browser.execute((key) => localStorage.getItem(key), `rc-exam-${sheet.attemptId}`)).toBeNull();
  });
});
