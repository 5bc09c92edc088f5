import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import { apiCall, demoOperator, demoTeacher, demoUser, logInThroughApi, signInAs } from './support/demo-session';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
const dialogs: string[] = [];
setUpPortalSuite({ chromium: { events: true } }, (suite) => {
  ({ server, browser, page } = suite);
  browser.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});

const author = demoUser;

/** Each payload, if it ran, would set window.__xss (or open a dialog). */
const corpus = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '[点我](javascript:window.__xss=3)',
  '<a href="javascript:window.__xss=4">链接</a>',
  '<svg onload="window.__xss=5"></svg>',
  '"><img src=x onerror=window.__xss=6>',
  '![图](x" onerror="window.__xss=7)',
  '&lt;img src=x onerror=window.__xss=8&gt;',
  '[实体](&#106;avascript:window.__xss=9)',
  '<iframe srcdoc="<script>parent.__xss=10</script>"></iframe>',
  '<details open ontoggle="window.__xss=11">展开</details>',
  '[空格](  javascript:window.__xss=12)',
  '![站内](/apis/x.png"onerror="window.__xss=13)',
  '<img src=x onerror=alert(14)>',
  '<a href="jav&#x09;ascript:window.__xss=15">制表符</a>',
  '[数据](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTY8L3NjcmlwdD4=)',
  "javascript:/*--></title></style></textarea></script><svg/onload='window.__xss=17'>",
];
const marker = 'XSS语料';
const title = `${marker}"><img src=x onerror=window.__xss=31><script>window.__xss=32</script>`;
const body = corpus.map((payload, index) => `${index + 1}. ${payload}`).join('\n\n');

/**
 * Once every image of the page has loaded or failed (so an onerror would have fired): nothing set window.__xss,
 * no dialog opened, and no element of the page carries an event-handler attribute, a javascript: URL or an
 * injected script, iframe or svg.
 */
async function expectInert(where: string) {
  await browser.waitUntil(() => browser.execute(() => Array.from(document.images).every((image) => image.complete)), {
    timeout: 20_000,
    timeoutMsg: `${where}: images did not settle`,
  });
  const found = await browser.execute(() => {
    const area = document.querySelector('.rc-app-area');
    const elements = Array.from(document.body.querySelectorAll('*'));
    const handlers = elements.flatMap((element) =>
      Array.from(element.attributes)
        .filter((attribute) => /^on/i.test(attribute.name) || /^\s*(javascript|data):/i.test(attribute.value))
        .map((attribute) => `${element.tagName.toLowerCase()}[${attribute.name}]`),
    );
    return {
      xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
      handlers,
      injected: area ? area.querySelectorAll('script, iframe, svg, object, embed').length : -1,
    };
  });
  expect(found, where).toEqual({ xss: null, handlers: [], injected: 0 });
  expect(dialogs, where).toEqual([]);
}

describe('XSS payloads in community content', () => {
  let postId: number;
  let authorId: number;

  it('are stored through the real API in titles, bodies, comments, questions, answers, nicknames and report reasons', async () => {
    const writer = await logInThroughApi(server.url, author);
    const other = await logInThroughApi(server.url, demoTeacher);
    const reader = await logInThroughApi(server.url, demoOperator);
    authorId = (writer.userInfo as { id: number }).id;
    await apiCall(server.url, '/user/auth/user/ext/update', { nickname: '<img src=x onerror=window.__xss=21>' }, writer.token);
    await apiCall(server.url, '/user/auth/user/ext/update', { nickname: '"><svg onload=window.__xss=22>' }, other.token);
    ({ id: postId } = await apiCall<{ id: number }>(
      server.url,
      '/community/auth/blog/save',
      { title, content: body, status: 1 },
      writer.token,
    ));
    // Fresh demo accounts are new accounts: five comments and answers per ten minutes, so the corpus goes in three comments.
    for (const part of [0, 1, 2]) {
      const payloads = corpus.filter((_, index) => index % 3 === part);
      await apiCall(server.url, '/community/auth/blog/comment/save', { blogId: postId, content: payloads.join('\n') }, other.token);
    }
    const question = await apiCall<{ id: number }>(server.url, '/community/auth/questions/save', { title, contentMd: body }, writer.token);
    await apiCall(server.url, '/community/auth/questions/comment/save', { questionId: question.id, contentMd: body }, other.token);
    await apiCall(
      server.url,
      '/community/auth/report/save',
      { kind: 'blog', refId: postId, reason: corpus.slice(0, 4).join(' ') },
      reader.token,
    );
  });

  it('run nowhere on the blog list, the article with its comments, and the blogger page', async () => {
    await page.open('/blog');
    await page.waitForText('.rc-app-area', marker);
    await expectInert('/blog');

    await page.open(`/blog/article/${postId}`);
    await page.waitForText('.rc-article-title', marker);
    expect(await page.textOf('.rc-article-title')).toContain('<script>window.__xss=32</script>');
    await page.waitForText('.rc-comment-list', 'window.__xss=17');
    await expectInert('/blog/article');

    await page.open(`/blog/blogger/${authorId}`);
    await page.waitForText('.rc-app-area', marker);
    await expectInert('/blog/blogger');
  });

  it('run nowhere in site search and blog search results, where titles and excerpts are highlighted', async () => {
    await page.open(`/search?type=1&keyword=${encodeURIComponent(marker)}`);
    await page.waitForText('.rc-search-hits', marker);
    expect(await browser.$$('.rc-search-hit').length).toBe(2);
    expect(await page.textOf('.rc-search-hits')).toContain('onerror=window.__xss=31');
    await expectInert('/search');

    await page.open(`/search?type=1&keyword=${encodeURIComponent('<script>')}`);
    await page.waitForText('.rc-app-area', '共找到');
    await expectInert('/search for <script>');

    await page.open(`/blog/search?keyword=${encodeURIComponent(marker)}`);
    await page.waitForText('.rc-search-hits', marker);
    await expectInert('/blog/search');
  });

  it('run nowhere for a signed-in reader whose header shows a payload nickname, nor on the operator review page', async () => {
    await signInAs(page, browser, server.url, author);
    await page.open(`/blog/article/${postId}`);
    await page.waitForText('.rc-article-title', marker);
    await expectInert('/blog/article signed in');

    await signInAs(page, browser, server.url, demoOperator);
    await page.open('/account/review/content');
    await page.waitForText('.rc-content-review', marker);
    expect(await page.textOf('.rc-content-review')).toContain('javascript:window.__xss=3');
    await expectInert('/account/review/content');
  });
});
