import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { apiCall, demoTeacher, demoUser, signInAs, type Account } from './support/demo-session';
import { confirmDialog } from './support/rc-dialogs';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({}, (suite) => ({ server, browser, page } = suite));

const signIn = (account: Account) => signInAs(page, browser, server.url, account);
// A name of its own, so the journey never meets a class another run left behind.
const gradeName = `E2E 实训班 ${process.pid}`;
let gradeId = 0;

const card = () => browser.$(`.rc-grade-card[data-grade-id="${gradeId}"]`);
const openManage = async () => {
  await page.open(`/account/grades/manage/${gradeId}`);
  await page.waitForText('.rc-grade-manage-page', gradeName);
};

describe('classes', () => {
  it('the demo teacher creates a class in /account/grades/teacher', async () => {
    await signIn(demoTeacher);
    await page.open('/account/grades/teacher');
    await page.waitForRouteRendered('/account/grades/teacher', '我教的班级');
    await browser.$('.rc-grade-new').click();
    await browser.$('.rc-grade-dialog input[name="gradeName"]').setValue(gradeName);
    await browser.$('.rc-grade-dialog textarea[name="intro"]').setValue('每周两次实训，结课有考试。');
    await browser.$('.rc-grade-save').click();
    await page.waitForText('.rc-toasts', '班级已创建');
    await page.waitForText('.rc-teacher-grades', gradeName);
    gradeId = Number(
      await browser.execute(
        (name) =>
          [...document.querySelectorAll<HTMLElement>('.rc-grade-card')].find((element) => element.textContent?.includes(name))?.dataset
            .gradeId,
        gradeName,
      ),
    );
    expect(gradeId).toBeGreaterThan(0);
    await browser.$('.rc-side-menu a.item[href="/account/grades/teacher"]').waitForExist({ timeout: 15_000 });
  });

  it('the demo user finds it at /grade and applies with a reason', async () => {
    await signIn(demoUser);
    await page.open('/grade');
    await browser.$('.rc-grade-search input').setValue(gradeName);
    await browser.$('.rc-grade-search button').click();
    await card().waitForDisplayed({ timeout: 15_000 });
    await card().$('.rc-grade-apply').click();
    await page.waitForPath(`/grade/view/${gradeId}`);
    await page.waitForText('.rc-grade-view', '每周两次实训');
    await browser.$('.rc-grade-view .rc-grade-apply').click();
    await browser.$('.rc-reason-dialog textarea').setValue('2026001 体验官，想参加实训');
    await browser.$('.rc-reason-confirm').click();
    await page.waitForText('.rc-toasts', '申请已提交，请等待审核');
    await page.waitForText('.rc-grade-my-application', '申请审核中');
    // Not a class manager yet: no 班级管理 group.
    await page.open('/account/grades/my');
    await browser.$('a=我的申请').click();
    await page.waitForText('.rc-my-applications', gradeName);
    expect(await browser.$('.rc-side-menu a.item[href="/account/grades/admin"]').isExisting()).toBe(false);
  });

  it('the teacher sees the badge and approves in /account/grades/manage/:id', async () => {
    const token = await signIn(demoTeacher);
    const tips = await apiCall<{ total: number }>(server.url, '/exam/auth/grade/apply/record/tips', {}, token);
    await page.open('/account/grades/teacher');
    await page.waitForText('.rc-side-menu .rc-menu-badge-applications', String(tips.total));
    await browser.$('.rc-side-menu a.item[href="/account/grades/teacher"]').scrollIntoView();
    await page.waitForText(`.rc-grade-card[data-grade-id="${gradeId}"]`, '1 条待审核');
    await card().$('.rc-grade-manage').click();
    await page.waitForPath(`/account/grades/manage/${gradeId}`);
    await browser.$('.rc-tab-applications').click();
    await page.waitForText('.rc-grade-applications', '2026001 体验官，想参加实训');
    await browser.$('.rc-grade-applications .rc-apply-approve').click();
    await browser.$('.rc-reason-dialog textarea').setValue('欢迎加入');
    await browser.$('.rc-reason-confirm').click();
    await page.waitForText('.rc-toasts', '已通过');
    await page.waitForText('.rc-grade-applications', '已通过');
    const fewer = String(tips.total - 1);
    await browser.waitUntil(
      async () =>
        ((await browser
          .$('.rc-side-menu .rc-menu-badge-applications')
          .getText()
          .catch(() => '0')) || '0') === fewer,
      { timeout: 15_000, timeoutMsg: 'the badge did not count the approval' },
    );
  });

  it('the teacher gives the class a published course', async () => {
    await signIn(demoTeacher);
    await openManage();
    await browser.$('.rc-tab-courses').click();
    await page.waitForText('.rc-grade-pickable-courses', 'PyTorch 深度学习入门');
    await browser.$('.rc-grade-pickable-courses').$('label*=PyTorch 深度学习入门').click();
    await page.waitForText('.rc-grade-chosen-courses', 'PyTorch 深度学习入门');
    await browser.$('.rc-grade-courses-save').click();
    await page.waitForText('.rc-toasts', '班级课程已保存');
  });

  it('the student sees the class in 我的班级, and its course on the class page', async () => {
    await signIn(demoUser);
    await page.open('/account/grades/my');
    await page.waitForText('.rc-my-grades', gradeName);
    await card().$('button=进入班级').click();
    await page.waitForPath(`/grade/view/${gradeId}`);
    await page.waitForText('.rc-grade-my-role', '我是学生');
    await page.waitForText('.rc-grade-courses', 'PyTorch 深度学习入门');
    expect(await browser.$('.rc-grade-courses a.rc-course-card-link').getAttribute('href')).toMatch(/^\/resource\/detail\/\d+$/);
  });

  it('the teacher makes them admin, their menu gains 班级管理; then takes it back and removes them', async () => {
    await signIn(demoTeacher);
    await openManage();
    await page.waitForText('.rc-grade-members', '学生');
    await browser.$('.rc-grade-members .rc-member-admin').click();
    await page.waitForText('.rc-toasts', '已设为管理员');
    await page.waitForText('.rc-grade-members', '取消管理员');

    await signIn(demoUser);
    await page.open('/account/grades/admin');
    await browser.$('.rc-side-menu a.item[href="/account/grades/admin"]').waitForExist({ timeout: 15_000 });
    await page.waitForText('.rc-admin-grades', gradeName);

    await signIn(demoTeacher);
    await openManage();
    await page.waitForText('.rc-grade-members', '取消管理员');
    await browser.$('.rc-grade-members .rc-member-admin').click();
    await page.waitForText('.rc-toasts', '已取消管理员');
    await page.waitForText('.rc-grade-members', '设为管理员');
    await browser.$('.rc-grade-members .rc-member-kick').click();
    await confirmDialog(browser, '移出');
    await page.waitForText('.rc-toasts', '已移出班级');
    await page.waitForText('.rc-grade-manage-page', '班级还没有学生');

    await signIn(demoUser);
    await page.open('/account/grades/my');
    await page.waitForText('.rc-my-grades', '深度学习实训营');
    expect(await browser.$('.rc-my-grades').getText()).not.toContain(gradeName);
    expect(await browser.$('.rc-side-menu a.item[href="/account/grades/admin"]').isExisting()).toBe(false);
  });
});
