import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { apiCall, browserToken, demoTeacher, demoUser, logInThroughApi, signInThroughApi, type Account } from './support/demo-session';
import { confirmDialog } from './support/rc-dialogs';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({ signedIn: true }, (suite) => ({ server, browser, page } = suite));

const tokens = new Map<string, string>();
/** The demo user's token is the browser's (a second login would end that session); the demoTeacher signs in once through the API. */
async function tokenOf(account: Account) {
  if (account.mobile === demoUser.mobile) return browserToken(browser);
  if (!tokens.has(account.mobile)) tokens.set(account.mobile, (await logInThroughApi(server.url, account)).token);
  return tokens.get(account.mobile)!;
}

async function balanceOf(account: Account): Promise<number> {
  const response = await fetch(`${server.url}/apis/user/auth/user/ext/get/realtime/balance`, {
    headers: { token: await tokenOf(account) },
  });
  return ((await response.json()) as { data: { balance: number } }).data.balance;
}

async function typeInto(selector: string, text: string) {
  const field = browser.$(selector);
  await field.waitForDisplayed({ timeout: 15_000 });
  await field.setValue(text);
}

describe('questions with a bounty', () => {
  for (const run of [1, 2, 3]) {
    it(`run ${run}: the demo user asks with a bounty, the demoTeacher answers, the asker accepts and the bounty moves`, async () => {
      await signInThroughApi(browser, server.url);
      const askerBefore = await balanceOf(demoUser);
      const teacherBefore = await balanceOf(demoTeacher);

      await page.open('/question/account/write');
      await typeInto('#question-title', `训练时显存不足怎么排查（第${run}次）`);
      // Similar questions come from titles and bodies 500 ms after typing stops.
      await page.waitForText('.rc-similar-questions', 'PyTorch 训练时显存不足');
      await typeInto('textarea[aria-label="问题描述"]', '微调 7B 模型时显存占满，**已经**减小了 batch size，还有什么办法？');
      await browser.$('.rc-question-write .ui.checkbox').click();
      await typeInto('input[aria-label="悬赏金额"]', '20');
      await page.waitForText('.rc-question-write', '提交后托管 ¥20.00');
      await browser.$('button=发布问题').click();
      await confirmDialog(browser, '确认提交');
      await browser.waitUntil(async () => /^\/question\/view\/\d+$/.test(await page.pathname()), {
        timeout: 15_000,
        timeoutMsg: 'expected the question page',
      });
      const questionId = Number((await page.pathname()).split('/').at(-1));
      await page.waitForText('.rc-question-detail', '¥20.00 悬赏中');
      expect(await page.textOf('.rc-question-detail .rc-markdown')).toContain('已经');
      expect(await balanceOf(demoUser)).toBe(askerBefore - 20_000);

      await apiCall(
        server.url,
        '/community/auth/questions/comment/save',
        { questionId, contentMd: '试试梯度检查点和 LoRA。' },
        await tokenOf(demoTeacher),
      );
      await browser.refresh();
      await page.waitForText('.rc-answer', '梯度检查点');
      await browser.$('.rc-answer').$('button=采纳').click();
      await confirmDialog(browser, '采纳');
      await page.waitForText('.rc-answer.accepted', '已采纳');
      await page.waitForText('.rc-question-detail', '¥20.00 悬赏已发放');

      expect(await balanceOf(demoTeacher)).toBe(teacherBefore + 20_000);
      expect(await balanceOf(demoUser)).toBe(askerBefore - 20_000);
    });
  }

  it('lists the question under 悬赏 while a visitor reads a question without signing in', async () => {
    await page.reset();
    await page.open('/question');
    await browser.$('.rc-question-tabs').$('a=悬赏').click();
    await page.waitForText('.rc-question-list', '怎样把网盘里的数据集挂载到实例');
    await browser.$('a=怎样把网盘里的数据集挂载到实例？').click();
    await page.waitForText('.rc-question-detail', '悬赏 ¥20.00 已由平台托管');
    await page.waitForText('.rc-question-page', '登录');
  });

  it('a detail load whose session has ended clears it and shows the public question, without an error or a login redirect', async () => {
    await signInThroughApi(browser, server.url, { fresh: true });
    await page.open('/question');
    await page.waitForText('.rc-question-list', '怎样把网盘里的数据集挂载到实例');
    // The session ends elsewhere (logged out on another tab) while this page is open.
    const token = await tokenOf(demoUser);
    await fetch(`${server.url}/apis/user/auth/user/logout`, { headers: { token } });
    await browser.$('a=怎样把网盘里的数据集挂载到实例？').click();
    await page.waitForText('.rc-question-detail', '悬赏 ¥20.00 已由平台托管');
    expect(await page.pathname()).toMatch(/^\/question\/view\/\d+$/);
    expect(await browser.execute(() => localStorage.getItem('RC_WEB_TOKEN'))).toBeNull();
    expect(await browser.$('.rc-app-error').isExisting()).toBe(false);
  });

  it('the demoTeacher asks and invites the demo user found by nickname; the demo user gets a message and sees 「邀请你回答」', async () => {
    // The demo user, a day-old account, has used its hour's questions above; the demoTeacher asks this one.
    const teacher = await logInThroughApi(server.url, demoTeacher);
    tokens.set(demoTeacher.mobile, teacher.token);
    const { id } = await apiCall<{ id: number }>(
      server.url,
      '/community/auth/questions/save',
      { title: '多卡训练时 NCCL 超时怎么办？', contentMd: '八卡训练跑到一半报 NCCL timeout，网络看起来正常。' },
      teacher.token,
    );
    await browser.execute(
      (token, userInfo) => {
        localStorage.setItem('RC_WEB_TOKEN', token);
        localStorage.setItem('RcUserInfo', userInfo);
      },
      JSON.stringify(teacher.token),
      JSON.stringify(teacher.userInfo),
    );
    await page.open(`/question/view/${id}`);
    await page.waitForText('.rc-invite-panel', '邀请回答（已邀请 0/5）');
    await typeInto('input[aria-label="昵称或手机号"]', '体验官');
    await browser.$('.rc-invite-search').$('button=查找').click();
    await page.waitForText('.rc-invite-candidates', '138****0001');
    await browser.$('.rc-invite-candidates').$('button=邀请').click();
    await page.waitForText('.rc-invite-panel', '邀请回答（已邀请 1/5）');
    await page.waitForText('.rc-invitees', '算力体验官');

    await signInThroughApi(browser, server.url, { fresh: true });
    const inbox = await apiCall<{ list: { title: string; content: string }[] }>(
      server.url,
      '/user/auth/msg/user/list',
      { pageNum: 1, pageSize: 5 },
      await tokenOf(demoUser),
    );
    expect(inbox.list[0]).toMatchObject({ title: '邀请你回答', content: '王老师 邀请你回答问题「多卡训练时 NCCL 超时怎么办？」。' });
    await page.open(`/question/view/${id}`);
    await page.waitForText('.rc-invited-note', '王老师 邀请你回答');
    expect(await browser.$('.rc-invite-panel').isExisting()).toBe(false);
  });
});
