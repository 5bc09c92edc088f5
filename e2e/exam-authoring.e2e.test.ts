import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { apiCall, demoTeacher, demoUser, logInThroughApi, signInAs } from './support/demo-session';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({}, (suite) => ({ server, browser, page } = suite));

/** Marks this run's questions, so the journey finds its own among the demo bank and other journeys' questions. */
const tag = `E2E${Date.now() % 1_000_000}`;
const examTitle = `第二次随堂测验 ${tag}`;
const className = '深度学习实训营 · 2026 春季班';
let teacherToken: string;
let examId: number;
let examsPath: string;

/** Sets a controlled field's value as typing would (a datetime-local `minutes` from now in the browser's time zone). */
async function setDateTime(selector: string, minutes: number) {
  await browser.execute(
    (target, offset) => {
      const input = document.querySelector<HTMLInputElement>(target)!;
      const at = new Date(Date.now() + offset * 60_000);
      const pad = (value: number) => String(value).padStart(2, '0');
      const value = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    selector,
    minutes,
  );
}

const dialog = '.rc-question-dialog';

async function addQuestion(kind: string, stem: string, fillAnswer: () => Promise<void>) {
  await browser.$('.rc-question-bank').$('button=新增题目').click();
  await browser.$(dialog).waitForDisplayed({ timeout: 15_000 });
  await browser.$(dialog).$(`label=${kind}`).click();
  await browser.$(`${dialog} textarea[name="stem"]`).setValue(stem);
  await fillAnswer();
  await browser.$(dialog).$('button=保存').click();
  await page.waitForText('.rc-toasts', '题目已保存');
  await browser.$(dialog).waitForExist({ reverse: true, timeout: 15_000 });
}

async function fillOptions(options: string[], right: number[]) {
  for (const [index, option] of options.entries()) {
    await browser.$(`${dialog} input[aria-label="选项 ${String.fromCharCode(65 + index)}"]`).setValue(option);
  }
  for (const index of right) await browser.$(`${dialog} .rc-question-option[data-option="${index}"] .ui.checkbox`).click();
}

describe('the question bank and setting exams', () => {
  it('the demo teacher adds a question of each kind to the bank in /account/grades/questions', async () => {
    teacherToken = await signInAs(page, browser, server.url, demoTeacher);
    await page.open('/account/grades/questions');
    await page.waitForRouteRendered('/account/grades/questions', '题库');

    await addQuestion('单选题', `${tag} 哪张卡的**显存**最大？`, async () => {
      await fillOptions(['T4 16GB', 'A100 80GB', 'V100 32GB', 'RTX 4090 24GB'], [1]);
      await browser.$(dialog).$('button=预览').click();
      await browser.$(`${dialog} .rc-question-stem-preview strong`).waitForDisplayed({ timeout: 15_000 });
      expect(await browser.$(`${dialog} .rc-question-stem-preview strong`).getText()).toBe('显存');
    });
    await addQuestion('多选题', `${tag} 哪些是深度学习框架？`, () => fillOptions(['PyTorch', 'TensorFlow', 'Excel', 'JAX'], [0, 1, 3]));
    await addQuestion('判断题', `${tag} 按量计费的实例关机后仍按 GPU 计费。`, () => browser.$(dialog).$('label=错').click());
    await addQuestion('填空题', `${tag} CUDA 由 ___ 推出，查看显卡状态的命令是 ___。`, async () => {
      await browser.$(`${dialog} textarea[aria-label="第 1 空的答案"]`).setValue('NVIDIA\n英伟达');
      await browser.$(`${dialog} textarea[aria-label="第 2 空的答案"]`).setValue('nvidia-smi');
    });
    await addQuestion('简答题', `${tag} 简述数据并行训练的原理。`, () =>
      browser.$(`${dialog} textarea[name="reference"]`).setValue('每张卡一份模型副本，分批数据，梯度汇总。'),
    );

    await browser.$('.rc-question-filters input').setValue(tag);
    await browser.$('.rc-question-filters').$('button=搜索').click();
    await browser.waitUntil(async () => (await browser.$$('.rc-question-bank tr[data-question]').length) === 5, {
      timeout: 15_000,
      timeoutMsg: 'expected the five new questions',
    });
    const table = await browser.$('.rc-question-bank table').getText();
    for (const expected of ['单选题', '多选题', '判断题', '填空题', '简答题', 'A、B、D', 'NVIDIA / 英伟达｜nvidia-smi'])
      expect(table).toContain(expected);
  });

  it('sets an exam of those five questions for 「深度学习实训营 · 2026 春季班」 in /account/grades/exams/:id', async () => {
    const grades = await apiCall<Array<{ gradeId: number; gradeName: string }>>(
      server.url,
      '/exam/auth/grade/info/grade/list/all',
      {},
      teacherToken,
    );
    const gradeId = grades.find((grade) => grade.gradeName === className)!.gradeId;
    examsPath = `/account/grades/exams/${gradeId}`;
    await page.open(examsPath);
    await page.waitForText('.rc-exam-admin', '第一次随堂测验');
    await page.waitForText('.rc-page-purpose', className);

    await browser.$('.rc-exam-admin').$('button=新建考试').click();
    const form = '.rc-exam-form-dialog';
    await browser.$(form).waitForDisplayed({ timeout: 15_000 });
    await browser.$(`${form} input[name="title"]`).setValue(examTitle);
    await setDateTime(`${form} input[name="opensAt"]`, -5);
    await setDateTime(`${form} input[name="closesAt"]`, 24 * 60);
    await browser.waitUntil(
      () =>
        browser.execute((wanted) => {
          const rows = [...document.querySelectorAll<HTMLElement>('.rc-exam-bank tr[data-bank-question]')].filter((row) =>
            row.textContent?.includes(wanted),
          );
          // The bank lists the newest first: adding from the bottom puts the questions on the paper in the order they were written.
          rows.reverse().forEach((row) => row.querySelector<HTMLButtonElement>('button:not([disabled])')?.click());
          return rows.length;
        }, tag),
      { timeout: 15_000, timeoutMsg: 'expected this run’s questions in the bank picker' },
    );
    await browser.waitUntil(async () => (await browser.$$(`${form} tr[data-picked]`).length) === 5, {
      timeout: 15_000,
      timeoutMsg: 'expected five questions on the paper',
    });
    await browser.$(`${form} input[aria-label="第 5 题分值"]`).setValue('10');
    await page.waitForText(form, '试题（5 题，总分 30）');
    await browser.$(form).$('button=发布考试').click();
    await page.waitForText('.rc-toasts', '考试已发布');
    await browser.$(form).waitForExist({ reverse: true, timeout: 15_000 });

    await page.waitForText('.rc-exam-admin table', examTitle);
    examId = await browser.execute(
      (title) =>
        Number(
          [...document.querySelectorAll<HTMLElement>('.rc-exam-admin tr[data-exam]')].find((row) => row.textContent?.includes(title))
            ?.dataset.exam,
        ),
      examTitle,
    );
    const row = await browser.$(`.rc-exam-admin tr[data-exam="${examId}"]`).getText();
    expect(row).toContain('30 分 / 5 题');
    expect(row).toContain('进行中');
  });

  it('edits the exam, and corrects a key on the paper', async () => {
    const row = `.rc-exam-admin tr[data-exam="${examId}"]`;
    await browser.$(row).$('button=编辑').click();
    const form = '.rc-exam-form-dialog';
    await browser.$(`${form} input[name="title"]`).waitForDisplayed({ timeout: 15_000 });
    expect(await browser.$(`${form} input[name="title"]`).getValue()).toBe(examTitle);
    await browser.$(`${form} tr[data-picked]`).$('button[aria-label="下移"]').click();
    await browser.$(`${form} input[name="title"]`).setValue(`${examTitle}（修订）`);
    await browser.$(form).$('button=保存修改').click();
    await page.waitForText('.rc-toasts', '考试已修改');
    await page.waitForText(row, `${examTitle}（修订）`);

    await browser.$(row).$('button=试卷').click();
    const paper = '.rc-paper-dialog';
    await page.waitForText(paper, '哪些是深度学习框架');
    const items = await browser.$$(`${paper} .rc-paper-item`).map((item) => item.getText());
    expect(items[0]).toContain('多选题');
    expect(items[1]).toContain('单选题');
    const single = `${paper} .rc-paper-item[data-item="${await browser.$$(`${paper} .rc-paper-item`)[1]!.getAttribute('data-item')}"]`;
    await browser.$(single).$('button=更正答案').click();
    await browser.$(single).$('label=C. V100 32GB').click();
    await browser.$(single).$('button=保存并重新判分').click();
    await page.waitForText('.rc-toasts', '答案已更正，0 份答卷已重新判分');
    await page.waitForText(single, '答案：C');
    await browser.$(paper).$('button=关闭').click();
  });

  it('once a student has begun, the paper is fixed: only showing the answers may change, and it cannot be deleted', async () => {
    const student = await logInThroughApi(server.url, demoUser);
    await apiCall(server.url, '/exam/auth/grade/exam/student/relation/begin', { examId }, student.token);

    await page.open(examsPath);
    const row = `.rc-exam-admin tr[data-exam="${examId}"]`;
    await browser.$(row).waitForDisplayed({ timeout: 15_000 });
    expect(await browser.$(row).$('button=删除').isExisting()).toBe(false);
    await browser.$(row).$('button=编辑').click();
    const form = '.rc-exam-form-dialog';
    await page.waitForText(form, '已有学生开始作答，试卷不能再修改');
    expect(await browser.$(`${form} input[name="title"]`).isEnabled()).toBe(false);
    await browser.$(form).$('label=发布成绩后向学生展示答案与解析').click();
    await browser.$(form).$('button=保存修改').click();
    await page.waitForText('.rc-toasts', '考试已修改');
  });
});
