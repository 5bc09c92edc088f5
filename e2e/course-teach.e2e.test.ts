import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import { repoRoot, type PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { apiCall, demoOperator, demoTeacher, signInAs } from './support/demo-session';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({}, (suite) => ({ server, browser, page } = suite));

const lessonVideo = path.join(repoRoot, 'api-server/src/seed/assets/lesson-20s.webm');

async function typeInto(selector: string, text: string) {
  const field = browser.$(selector);
  await field.waitForDisplayed({ timeout: 15_000 });
  await field.setValue(text);
}

async function clickButton(text: string, within = 'body') {
  const button = browser.$(within).$(`button=${text}`);
  await button.waitForClickable({ timeout: 15_000 });
  await button.click();
}

describe('teaching a course', () => {
  it('the teacher creates a course with an uploaded video, submits it, and the operator approves it onto the shelf', async () => {
    const courseName = `浏览器旅程课程 ${Date.now().toString(36)}`;
    const teacherToken = await signInAs(page, browser, server.url, demoTeacher);

    await page.open('/account/resource/add');
    await typeInto('#course-name', courseName);
    await browser.$('.rc-teach-form .ui.selection.dropdown').click();
    await browser.$('.rc-teach-form .ui.selection.dropdown .menu .item').click();
    await clickButton('下一步');
    await browser.$('label=收费').click();
    await typeInto('#course-price', '0.5');
    await clickButton('下一步');
    await page.waitForText('.rc-teach-form', '收费课程的价格应在1元到9999元之间');
    await typeInto('#course-price', '19.9');
    await clickButton('下一步');
    await page.waitForText('.rc-teach-form', '暂无封面');
    await clickButton('创建课程');
    await browser.waitUntil(async () => (await page.pathname()) === '/account/resource/period', { timeout: 15_000 });
    const courseId = Number(await browser.execute(() => new URLSearchParams(window.location.search).get('id')));
    expect(courseId).toBeGreaterThan(0);

    await typeInto('.rc-add-chapter input', '第一章 环境准备');
    await clickButton('添加章节');
    await page.waitForText('.rc-chapter', '第一章 环境准备');
    await clickButton('添加课时', '.rc-chapter');
    await typeInto('#period-title', '认识算力云');
    await clickButton('保存', '.rc-period-dialog');
    await page.waitForText('.rc-period-row', '未关联视频');

    await browser.$('.rc-period-row input[type="file"]').addValue(lessonVideo);
    await browser.waitUntil(async () => !(await browser.$('.rc-period-row').getText()).includes('未关联视频'), {
      timeout: 60_000,
      timeoutMsg: 'expected the uploaded video to be attached to the period',
    });
    // The length comes from the browser or, when it cannot read it, from ffprobe on the server a moment later.
    await browser.waitUntil(
      async () => {
        if ((await browser.$('.rc-period-row').getText()).includes('lesson-20s.webm · 0:20')) return true;
        await browser.refresh();
        await browser.$('.rc-period-row').waitForDisplayed({ timeout: 15_000 });
        return false;
      },
      { timeout: 60_000, interval: 1_000, timeoutMsg: 'expected the period to show the video and its length' },
    );

    await clickButton('提交审核', '.rc-page-header');
    await page.waitForPath('/account/resource');
    await page.waitForText(`tr[data-course="${courseId}"]`, '审核中');

    await signInAs(page, browser, server.url, demoOperator);
    await page.open('/account/review/course');
    await page.waitForText(`tr[data-course="${courseId}"]`, courseName);
    await clickButton('审核', `tr[data-course="${courseId}"]`);
    await page.waitForText('.rc-course-review-dialog', '认识算力云');
    await page.waitForText('.rc-course-review-dialog', '（0:20）');
    expect(await page.textOf('.rc-course-review-dialog')).toContain('¥19.90');
    await clickButton('通过', '.rc-course-review-dialog');
    await browser.waitUntil(async () => !(await browser.$(`tr[data-course="${courseId}"]`).isExisting()), {
      timeout: 15_000,
      timeoutMsg: 'expected the approved course to leave the review list',
    });

    const catalogue = await apiCall<{ list: Array<{ id: number; courseName: string; price: number }> }>(
      server.url,
      '/course/api/course/list',
      {
        pageSize: 100,
        sort: 1,
      },
    );
    expect(catalogue.list.find((course) => course.id === courseId)).toMatchObject({ courseName, price: 19_900 });
    const outline = await apiCall<Array<{ periods: Array<{ videoId: number | null; durationSeconds: number | null }> }>>(
      server.url,
      '/course/auth/course/period/audit/list',
      { courseId },
      teacherToken,
    );
    expect(outline[0]!.periods[0]).toMatchObject({ videoId: expect.any(Number), durationSeconds: expect.closeTo(20, 0) });
  });
});
