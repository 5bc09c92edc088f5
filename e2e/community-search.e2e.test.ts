import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import { apiCall, demoOperator, demoTeacher, demoUser, logInThroughApi, signInAs } from './support/demo-session';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
// Only the newest 3 matches are ranked, so that a handful of posts shows the estimated count of a common word.
setUpPortalSuite({ env: { SEARCH_RANKED_MATCHES: '3' } }, (suite) => ({ server, browser, page } = suite));

const hitTitles = () =>
  browser.execute(() => Array.from(document.querySelectorAll('.rc-search-hit-title a'), (link) => link.textContent ?? ''));

describe('site search', () => {
  let postId: number;

  it('finds a post by a Chinese word of its body from the header box, highlights it, counts it in its tab and opens it', async () => {
    const { token } = await logInThroughApi(server.url, demoTeacher);
    ({ id: postId } = await apiCall<{ id: number }>(
      server.url,
      '/community/auth/blog/save',
      {
        title: '网盘数据的读取心得',
        content: '训练前先把大模型蒸馏成小模型，放进网盘，开机后在实例里就能直接读取。',
        status: 1,
      },
      token,
    ));

    await page.open('/blog');
    await browser.$('.rc-search input').waitForDisplayed({ timeout: 15_000 });
    await browser.$('.rc-search input').setValue('蒸馏');
    await browser.keys('Enter');
    await browser.waitUntil(async () => (await browser.execute(() => window.location.search)) === '?type=6&keyword=%E8%92%B8%E9%A6%8F', {
      timeout: 15_000,
      timeoutMsg: 'the header box did not open the blog search type',
    });
    await page.waitForText('.rc-search-hits', '网盘数据的读取心得');
    expect(await hitTitles()).toEqual(['网盘数据的读取心得']);
    const marks = await browser.execute(() =>
      Array.from(document.querySelectorAll('.rc-search-hit-excerpt mark'), (mark) => mark.textContent),
    );
    expect(marks).toEqual(['蒸馏']);
    expect(await page.textOf('.rc-search-tabs .active')).toMatch(/^博客\s*1$/);

    await browser.$('.rc-search-tabs [data-type="16"]').click();
    await page.waitForText('.rc-search-page', '没有找到与「蒸馏」相关的内容');

    await browser.$('.rc-search-tabs [data-type="1"]').click();
    await page.waitForText('.rc-search-hits', '网盘数据的读取心得');
    await browser.$(`.rc-search-hit-title a[href="/blog/article/${postId}"]`).click();
    await page.waitForPath(`/blog/article/${postId}`);
    await page.waitForText('.rc-article-title', '网盘数据的读取心得');
  });

  it('refuses an empty search in the page box with the spec text', async () => {
    await page.open('/search?type=1&keyword=');
    await browser.$('.rc-search-form input').waitForDisplayed({ timeout: 15_000 });
    await page.waitForText('.rc-search-page .rc-empty', '请输入搜索关键词');
    await browser.$('.rc-search-form input').click();
    await browser.keys('Enter');
    await page.waitForText('.rc-toasts', '请输入搜索关键词');
  });

  it('searches news (type 8) from a news page, with an empty header box refused with its own text', async () => {
    await page.open('/news/detail/about');
    await browser.$('.rc-search input').waitForDisplayed({ timeout: 15_000 });
    await browser.$('.rc-search input').click();
    await browser.keys('Enter');
    await page.waitForText('.rc-toasts', '请输入搜索内容');
    await browser.$('.rc-search input').setValue('算力');
    await browser.keys('Enter');
    await page.waitForPath('/search');
    expect(await browser.execute(() => new URLSearchParams(window.location.search).get('type'))).toBe('8');
    expect(await page.textOf('.rc-search-tabs .active')).toMatch(/^资讯/);
  });

  it('a reader reports the post from its page; the operator takes it down in 内容审核 and search no longer finds it', async () => {
    await signInAs(page, browser, server.url, demoUser);
    await page.open(`/blog/article/${postId}`);
    await page.waitForText('.rc-article-title', '网盘数据的读取心得');
    await browser.$('.rc-report-button').click();
    await browser.$('.ui.modal textarea').waitForDisplayed({ timeout: 20_000 });
    await browser.$('.ui.modal').$('button=提交举报').click();
    await page.waitForText('.ui.modal', '请填写举报原因');
    await browser.$('.ui.modal textarea').setValue('内容与标题不符');
    await browser.$('.ui.modal').$('button=提交举报').click();
    await page.waitForText('.rc-toasts', '举报成功');
    await browser.$('.rc-report-button').click();
    await browser.$('.ui.modal textarea').setValue('再举报一次');
    await browser.$('.ui.modal').$('button=提交举报').click();
    await page.waitForText('.rc-toasts', '已举报，请等待处理');

    await signInAs(page, browser, server.url, demoOperator);
    await page.open('/account/review/content');
    const row = browser.$(`.rc-content-review tr[data-kind="blog"][data-ref="${postId}"]`);
    await row.waitForDisplayed({ timeout: 15_000 });
    expect(await row.getText()).toContain('内容与标题不符');
    await row.$('button=下架').click();
    await browser.$('.ui.modal textarea').setValue('内容与标题不符，已下架');
    await browser.$('.ui.modal').$('button=下架').click();
    await page.waitForText('.rc-toasts', '已驳回');
    await row.waitForExist({ reverse: true, timeout: 20_000 });

    await page.open('/search?type=6&keyword=蒸馏');
    await page.waitForText('.rc-search-page', '没有找到与「蒸馏」相关的内容');
  });

  it('keeps the review page to operators', async () => {
    await signInAs(page, browser, server.url, demoUser);
    await page.open('/account/review/content');
    await page.waitForText('.rc-content-review', '仅运营人员可以执行此操作');
  });

  it('shows an estimated count as 「约 N 条」 when a word matches more than the newest matches it ranks', async () => {
    // Two authors: a young account may post only 3 times an hour.
    for (const [author, parts] of [
      [demoTeacher, ['一', '二']],
      [demoUser, ['三', '四']],
    ] as const) {
      const { token } = await logInThroughApi(server.url, author);
      for (const part of parts)
        await apiCall(
          server.url,
          '/community/auth/blog/save',
          { title: `断点续训笔记（${part}）`, content: '断点续训：训练中断后从检查点接着训练。', status: 1 },
          token,
        );
    }

    await page.open(`/search?type=1&keyword=${encodeURIComponent('断点续训')}`);
    await page.waitForText('.rc-search-total', '找到约');
    expect(await page.textOf('.rc-search-total')).toMatch(/^找到约 \d+ 条结果$/);
    expect(await hitTitles()).toEqual(['断点续训笔记（四）', '断点续训笔记（三）', '断点续训笔记（二）']);
  });
});
