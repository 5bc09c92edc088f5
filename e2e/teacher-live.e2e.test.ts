import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { apiCall, demoOperator, demoTeacher, signInAs, type Account } from './support/demo-session';
import { fillRegisterForm } from './support/register-form';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({}, (suite) => ({ server, browser, page } = suite));

const newcomer = { mobile: '13955550021', password: 'Reg@2026x', realName: '赵讲师' };

const signIn = (account: Account) => signInAs(page, browser, server.url, account);

/** A valid mainland ID card number (GB 11643 check digit) for the 17 digits given. */
function idCard(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return first17 + '10X98765432'[sum % 11];
}

/** Sets a controlled input's value as typing would, in the browser's time zone `minutes` from now for a datetime-local. */
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

async function chooseOption(dropdown: string, text: string) {
  await browser.$(dropdown).click();
  await browser.waitUntil(
    () =>
      browser.execute(
        (target, wanted) => {
          const option = [...document.querySelectorAll<HTMLElement>(`${target} [role="option"]`)].find((item) =>
            item.textContent?.includes(wanted),
          );
          option?.click();
          return Boolean(option);
        },
        dropdown,
        text,
      ),
    { timeout: 15_000, timeoutMsg: `expected the option "${text}"` },
  );
}

const liveTitle = 'PyTorch 入门答疑直播';

describe('becoming a teacher and live sessions', () => {
  it('a newly registered user verifies their name and applies in /account/teacher', async () => {
    await page.reset();
    await fillRegisterForm({ server, browser, page }, newcomer.mobile, newcomer.password);
    await browser.$('.rc-register .ui.checkbox').click();
    await browser.$('.rc-register button[type="submit"]').click();
    await browser.$('.rc-user-menu').waitForDisplayed({ timeout: 15_000 });

    await page.open('/account/teacher');
    await page.waitForText('.rc-teacher-center', '请先完成实名认证');
    const token = await browser.execute(() => JSON.parse(localStorage.getItem('RC_WEB_TOKEN') ?? 'null') as string);
    await apiCall(server.url, '/user/auth/user/certification', { realName: newcomer.realName, idCard: idCard('44030519900307123') }, token);

    await page.open('/account/teacher');
    await browser.$('.rc-teacher-apply-form input[name="fields"]').waitForDisplayed({ timeout: 15_000 });
    expect(await browser.$('.rc-teacher-apply-form input[readonly]').getValue()).toBe(newcomer.realName);
    await browser.$('.rc-teacher-apply-form input[name="fields"]').setValue('深度学习、模型部署');
    await browser.$('.rc-teacher-apply-form textarea[name="intro"]').setValue('五年深度学习工程经验，擅长把模型部署到生产环境。');
    await browser.$('.rc-teacher-apply-form').$('button=提交申请').click();
    await page.waitForText('.rc-teacher-application', '审核中');
  });

  it('the operator approves it in /account/review/teacher, and the user then sees the teacher overview', async () => {
    await signIn(demoOperator);
    await page.open('/account/review/teacher');
    await page.waitForText('.rc-teacher-review', newcomer.realName);
    await browser.$('.rc-teacher-review').$('button=通过').click();
    await page.waitForText('.rc-toasts', '已通过');
    await page.waitForText('.rc-teacher-review', '没有待审核的讲师申请');

    await signIn(newcomer);
    await page.open('/account/teacher');
    await page.waitForText('.rc-teacher-overview', '我的课程');
    await page.waitForText('.rc-teacher-overview', '待结算课程收益');
    await page.waitForText('.rc-teacher-overview', '还没有售出课程');
    expect(await browser.$('.rc-teacher-links').getText()).toContain('课程管理');

    await page.open('/account/live');
    await browser.$('a=我报名课程的直播').waitForClickable({ timeout: 20_000 });
    await browser.$('a=我报名课程的直播').click();
    await page.waitForText('.rc-live', '你报名的课程近期没有直播');
  });

  it('the demo teacher schedules a session of 「PyTorch 深度学习入门」 in /account/live', async () => {
    await signIn(demoTeacher);
    await page.open('/account/live');
    // A teacher's side menu adds 教学: their courses, videos and channels.
    await browser.$('.rc-side-menu a.item[href="/account/resource"]').waitForExist({ timeout: 15_000 });
    await browser.$('.rc-live-new').click();
    await browser.$('.rc-live-dialog').waitForDisplayed({ timeout: 15_000 });
    await chooseOption('.rc-live-dialog .ui.dropdown', 'PyTorch 深度学习入门');
    await browser.$('.rc-live-dialog input[name="title"]').setValue(liveTitle);
    await setDateTime('.rc-live-dialog input[name="startsAt"]', 10);
    await setDateTime('.rc-live-dialog input[name="endsAt"]', 70);
    await browser.$('.rc-live-dialog input[name="url"]').setValue('https://live.example.com/room/42');
    await browser.$('.rc-live-dialog').$('button=保存').click();
    await page.waitForText('.rc-toasts', '直播已安排');
    await page.waitForText('.rc-teacher-lives', liveTitle);
    await page.waitForText('.rc-teacher-lives', '未开始');
  });

  it('a user signed up to the course sees the session in their /account/live, with 进入直播 open', async () => {
    const teacherToken = await signIn(demoTeacher);
    const courses = await apiCall<{ id: number; courseName: string }[]>(server.url, '/course/auth/live/course/list', {}, teacherToken);
    const course = courses.find((row) => row.courseName === 'PyTorch 深度学习入门')!;
    await apiCall(server.url, '/course/auth/course/sign', { courseId: course.id, price: 0 }, await signIn(newcomer));

    await page.open('/account/live');
    await browser.$('a=我报名课程的直播').waitForClickable({ timeout: 20_000 });
    await browser.$('a=我报名课程的直播').click();
    await page.waitForText('.rc-learner-lives', liveTitle);
    await page.waitForText('.rc-live', '直播在第三方平台进行');
    const enter = browser.$('.rc-learner-lives a.rc-live-enter');
    expect(await enter.getAttribute('href')).toBe('https://live.example.com/room/42');
    expect(await enter.getAttribute('target')).toBe('_blank');
  });
});
