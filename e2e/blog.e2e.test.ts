import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import { demoTeacher, demoUser, signInAs } from './support/demo-session';
import { pngFile } from './support/png-file';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { confirmDialog } from './support/rc-dialogs';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({ signedIn: true }, (suite) => ({ server, browser, page } = suite));

const title = '在算力云上用 PyTorch 训练第一个模型';

/** Drops a file into the editor the way a browser does: a drop event carrying it in a DataTransfer. */
async function dropIntoEditor(name: string, type: string, base64: string): Promise<void> {
  await browser.execute(
    (fileName, fileType, data) => {
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], fileName, { type: fileType }));
      const editor = document.querySelector<HTMLTextAreaElement>('.rc-md-input')!;
      editor.focus();
      editor.setSelectionRange(editor.value.length, editor.value.length);
      editor.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    name,
    type,
    base64,
  );
}

const editorText = () => browser.execute(() => document.querySelector<HTMLTextAreaElement>('.rc-md-input')?.value ?? '');

async function postCardTitles(): Promise<string[]> {
  await browser.$('.rc-post-list .rc-post-title').waitForDisplayed({ timeout: 15_000 });
  return browser.execute(() => Array.from(document.querySelectorAll('.rc-post-list .rc-post-title'), (link) => link.textContent ?? ''));
}

describe('a blog post from the editor to a follower', () => {
  let postPath = '';

  it('the demo user writes a post with a dropped image; the draft saves as they type; publishing shows it under 最新', async () => {
    await page.open('/blog/account/write');
    await page.waitForRouteRendered('/blog/account/write', '写文章');
    expect(await browser.$('.rc-header').isExisting()).toBe(false);
    await browser.$('.rc-write-title-input').setValue(title);
    await browser.$('.rc-md-input').setValue('## 准备环境\n\n先租用一台 **GPU 实例**，然后安装 PyTorch。\n\n');

    await dropIntoEditor('notes.txt', 'text/plain', Buffer.from('不是图片').toString('base64'));
    await page.waitForText('.rc-toasts', '只能插入图片文件');

    const png = readFileSync(pngFile('训练曲线.png', 24, 16, [30, 120, 220]));
    await dropIntoEditor('训练曲线.png', 'image/png', png.toString('base64'));
    await browser.waitUntil(async () => /!\[训练曲线\]\(\/apis\/[^)]+\)/.test(await editorText()), {
      timeout: 15_000,
      timeoutMsg: 'the dropped image was not uploaded into the Markdown',
    });
    expect(await editorText()).not.toContain('图片上传中');

    const image = browser.$('.rc-md-preview img');
    await image.waitForExist({ timeout: 15_000 });
    await browser.waitUntil(
      () => browser.execute(() => (document.querySelector<HTMLImageElement>('.rc-md-preview img')?.naturalWidth ?? 0) === 24),
      {
        timeout: 15_000,
        timeoutMsg: 'the preview does not show the uploaded image',
      },
    );
    expect(await browser.$('.rc-md-preview h2').getText()).toBe('准备环境');
    await page.waitForText('.rc-draft-state', '草稿已保存');

    await browser.$('.rc-write-publish').click();
    await browser.waitUntil(async () => /^\/blog\/article\/\d+$/.test(await page.pathname()), {
      timeout: 15_000,
      timeoutMsg: 'publishing did not open the post',
    });
    postPath = await page.pathname();
    await page.waitForText('.rc-article-title', title);

    await page.open('/blog');
    expect((await postCardTitles())[0]).toBe(title);
  });

  it('the teacher reads it, comments, likes and follows the author; the post shows in their 关注 tab', async () => {
    await signInAs(page, browser, server.url, demoTeacher);
    await page.open(postPath);
    await page.waitForText('.rc-article-title', title);
    await browser.waitUntil(
      () => browser.execute(() => (document.querySelector<HTMLImageElement>('.rc-article-body img')?.naturalWidth ?? 0) === 24),
      {
        timeout: 15_000,
        timeoutMsg: 'the post does not show its image',
      },
    );

    await browser.$('.rc-comment-input').setValue('讲得很清楚，期待下一篇！');
    await browser.$('.rc-comment-send').click();
    await page.waitForText('.rc-comment-list', '讲得很清楚，期待下一篇！');
    await browser.$('.rc-comment-list .rc-comment-reply').click();
    await browser.$('.rc-comment-list .rc-comment-input').setValue('补充：多卡训练也可以试试 DDP。');
    await browser.$('.rc-comment-list .rc-comment-send').click();
    await page.waitForText('.rc-comment-replies', '补充：多卡训练也可以试试 DDP。');
    await browser.$('.rc-comment-replies .rc-comment-delete').click();
    await confirmDialog(browser, '删除');
    await browser.waitUntil(async () => !(await browser.$('.rc-comment-replies').isExisting()), {
      timeout: 15_000,
      timeoutMsg: 'the deleted reply is still shown',
    });

    await browser.$('.rc-article-like').click();
    await page.waitForText('.rc-article-like', '已赞 1');

    const follow = browser.$('.rc-author-card .rc-follow-button');
    await follow.waitForClickable({ timeout: 15_000 });
    // The like's toast may still cover the aside; a user would wait it out, the test clicks through it.
    await browser.execute(() => document.querySelector<HTMLButtonElement>('.rc-author-card .rc-follow-button')!.click());
    await page.waitForText('.rc-author-card .rc-follow-button', '已关注');

    await page.open('/blog');
    await browser.$('.rc-blog-tabs').$('a=关注').click();
    await browser.waitUntil(async () => (await postCardTitles()).includes(title), {
      timeout: 15_000,
      timeoutMsg: 'the post is not in 关注',
    });
  });

  it('the teacher collects the post; /account/collection and /account/attention list it and its author, and undo both', async () => {
    await page.open(postPath);
    await browser.$('.rc-article-collect').waitForClickable({ timeout: 15_000 });
    await browser.$('.rc-article-collect').click();
    await page.waitForText('.rc-article-collect', '已收藏 1');

    await page.open('/account/collection');
    await page.waitForText('.rc-collection .rc-post-list', title);
    await browser.$('.rc-collection .rc-uncollect').click();
    await page.waitForText('.rc-collection', '还没有收藏文章');

    await page.open('/account/attention');
    await page.waitForText('.rc-attention .rc-people-list', '算力体验官');
    await browser.$('.rc-attention .rc-unfollow').click();
    await page.waitForText('.rc-attention', '还没有关注博主');
  });

  it('a session lost before opening the article (spec §4) is cleared without a word, and the post still shows', async () => {
    const token = await signInAs(page, browser, server.url, demoUser);
    await page.open('/blog');
    await browser.$('.rc-post-list .rc-post-title').waitForClickable({ timeout: 15_000 });
    const logout = await fetch(`${server.url}/apis/user/auth/user/logout`, { headers: { token } });
    expect(((await logout.json()) as { code: number }).code).toBe(200);

    await browser.$('.rc-post-list').$(`a=${title}`).click();
    await page.waitForText('.rc-article-title', title);
    await browser.waitUntil(() => browser.execute(() => localStorage.getItem('RC_WEB_TOKEN') === null), {
      timeout: 15_000,
      timeoutMsg: 'the lost session was not cleared',
    });
    expect(await page.pathname()).toBe(postPath);
    await page.waitForText('.rc-blog-comments', '登录后参与评论');
    await page.waitForText('.rc-comment-list', '讲得很清楚，期待下一篇！');
    expect(await browser.$('.rc-toast').isExisting()).toBe(false);
  });
});
