import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeClockFile } from '../api-server/src/file-clock';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { apiCall, apiGet, demoOperator, logInThroughApi, signInAs, type Account } from './support/demo-session';
import { confirmDialog } from './support/rc-dialogs';
import { latestSmsCode } from './support/sms-outbox';

let browser: Browser;
let page: PortalPage;
let server: PortalServer;
// The simulated cluster runs on the server's clock: this journey holds it still and moves it by hand, so a queued job
// stays 排队中 until the journey lets it start, however slowly the machine draws the page.
const clockFile = path.join(mkdtempSync(path.join(tmpdir(), 'rc-e2e-hpc-clock-')), 'now');
let now = new Date();
writeClockFile(clockFile, now);
const advanceClock = (seconds: number) => writeClockFile(clockFile, (now = new Date(now.getTime() + seconds * 1000)));
setUpPortalSuite({ env: { CLOCK_FILE: clockFile } }, (suite) => ({ browser, page, server } = suite));

interface HpcAccount {
  id: number | null;
  clusterId: number;
  status: number;
  home: string;
}

/** A new account of this journey's own, with the welcome credit to pay for its jobs. */
async function registeredAccount(): Promise<Account & { token: string }> {
  const mobile = `135${String(Date.now()).slice(-8)}`;
  const password = 'HpcJobs@2026';
  await apiCall(server.url, '/user/api/user/send/code', { mobile, type: 'register' });
  const code = await latestSmsCode(server.dataDir, mobile, 'register');
  const { token } = await apiCall<{ token: string }>(server.url, '/user/api/user/register', { mobile, code, password });
  return { mobile, password, token };
}

const get = <T>(route: string, token: string) => apiGet<T>(server.url, route, token);

/** Applies for HPC on the first cluster as the user, and approves the application as the demo operator. */
async function openHpcAccount(token: string): Promise<HpcAccount> {
  const [cluster] = await get<HpcAccount[]>('/hpc/auth/account/list', token);
  await apiCall(
    server.url,
    '/hpc/auth/account/apply',
    { clusterId: cluster!.clusterId, purpose: '浏览器旅程：提交与取消批处理作业' },
    token,
  );
  const [mine] = await get<HpcAccount[]>('/hpc/auth/account/list', token);
  const operator = await logInThroughApi(server.url, demoOperator);
  await apiCall(server.url, '/hpc/auth/account/review/approve', { id: mine!.id }, operator.token);
  const [opened] = await get<HpcAccount[]>('/hpc/auth/account/list', token);
  expect(opened!.status).toBe(2);
  return opened!;
}

const row = (name: string) => `.rc-job-table tr[data-job-name="${name}"]`;

async function clickCentered(selector: string) {
  const element = browser.$(selector);
  await element.waitForClickable({ timeout: 15_000 });
  await element.scrollIntoView({ block: 'center' });
  await element.click();
}

async function waitForState(name: string, state: string, timeout: number) {
  await browser.waitUntil(
    async () =>
      (await browser
        .$(row(name))
        .getAttribute('data-state')
        .catch(() => null)) === state,
    {
      timeout,
      interval: 500,
      timeoutMsg: `job ${name} never showed ${state}`,
    },
  );
}

describe('my batch jobs', () => {
  it('opens HPC, submits a job from a template and follows it to 已完成 with its charge, then cancels a long one', async () => {
    const account = await registeredAccount();
    const token = await signInAs(page, browser, server.url, account);

    await page.open('/account/workList');
    await page.waitForText('.rc-work-list', '你还没有开通超算账号');
    expect(await browser.$('.rc-job-open-account').getAttribute('href')).toBe('/account/superHome');

    const hpc = await openHpcAccount(token);
    await page.open('/account/workList');
    await clickCentered('.rc-job-compose');
    await page.waitForText('.rc-partition-facts', '核时');
    await clickCentered('.rc-job-template');
    await clickCentered('.rc-job-template .menu .item:first-child');
    await browser.waitUntil(async () => (await browser.$('.rc-script-input').getValue()) !== '', {
      timeout: 5000,
      timeoutMsg: 'the template did not fill the script',
    });
    expect(await browser.$('.rc-job-workdir input').getValue()).toBe(hpc.home);
    expect(await browser.$('.rc-sbatch-preview').getText()).toContain('#SBATCH --partition=');

    const quick = `e2e-quick-${Date.now().toString(36)}`;
    await page.replaceValue('.rc-job-name-input input', quick);
    await page.replaceValue('.rc-script-input', 'echo "hello from the journey"\nsleep 12\n');
    await page.waitForText('.rc-job-estimate-bar', '最高费用');
    expect(await browser.$('.rc-job-estimate-bar').getText()).toContain('余额');
    await clickCentered('.rc-job-submit-button');

    // The simulated cluster schedules a job 10 s after its submission and runs the 12 s the script sleeps; the server syncs
    // every 5 s.
    await browser.$(row(quick)).waitForDisplayed({ timeout: 30_000 });
    expect(await browser.$('.rc-job-submit').isExisting()).toBe(false);
    await waitForState(quick, 'PENDING', 30_000);
    expect(await browser.$(row(quick)).getText()).toContain('排队中');
    advanceClock(11);
    await waitForState(quick, 'RUNNING', 60_000);
    expect(await browser.$(row(quick)).getText()).toContain('运行中');

    // 查看输出 while the job runs: the dialog says it refreshes, and shows the output once the job wrote it, unopened again.
    await clickCentered(`${row(quick)} .rc-job-output`);
    await page.waitForText('rc-dialogs .rc-job-output-view', '作业运行中，输出每 3 秒自动刷新');
    advanceClock(13);
    await browser.waitUntil(
      async () =>
        (
          await browser
            .$('rc-dialogs .rc-job-output-text')
            .getText()
            .catch(() => '')
        ).includes('hello from the journey'),
      { timeout: 60_000, interval: 500, timeoutMsg: 'the output dialog never showed the job’s output' },
    );
    await page.waitForText('rc-dialogs .rc-job-output-view', '作业已结束');
    await confirmDialog(browser, '关闭');
    await browser.waitUntil(async () => !(await browser.$(row(quick)).isExisting()), {
      timeout: 60_000,
      interval: 500,
      timeoutMsg: 'the job never left the queue',
    });

    await clickCentered('.rc-job-tabs [data-scope="history"]');
    await waitForState(quick, 'COMPLETED', 15_000);
    const finished = await browser.$(row(quick)).getText();
    expect(finished).toContain('已完成');
    expect(finished).toContain('核时');
    expect(finished).toMatch(/¥\d/);
    expect(await browser.$(`${row(quick)} .rc-job-exit-code`).getText()).toBe('0');

    await clickCentered(`${row(quick)} .rc-job-detail`);
    await page.waitForText('rc-dialogs .rc-job-detail-view', 'hello from the journey');
    await confirmDialog(browser, '关闭');

    // A long job, sent through the API, cancelled from its row.
    const partitions = await get<{ name: string; isDefault: boolean }[]>(`/hpc/auth/partition/list?clusterId=${hpc.clusterId}`, token);
    const long = `e2e-long-${Date.now().toString(36)}`;
    await apiCall(
      server.url,
      '/hpc/auth/job/submit',
      {
        clusterId: hpc.clusterId,
        name: long,
        partition: (partitions.find((partition) => partition.isDefault) ?? partitions[0]!).name,
        nodes: 1,
        tasks: 1,
        cpusPerTask: 1,
        gpus: 0,
        memoryMb: 1024,
        timeLimitMinutes: 60,
        workDir: hpc.home,
        outputFile: 'slurm-%j.out',
        script: 'sleep 3000\n',
      },
      token,
    );
    await clickCentered('.rc-job-tabs [data-scope="active"]');
    await browser.$(row(long)).waitForDisplayed({ timeout: 15_000 });
    await clickCentered(`${row(long)} .rc-job-cancel`);
    await confirmDialog(browser, '取消作业');
    await browser.waitUntil(async () => !(await browser.$(row(long)).isExisting()), {
      timeout: 30_000,
      interval: 500,
      timeoutMsg: 'the cancelled job stayed in the queue',
    });
    await clickCentered('.rc-job-tabs [data-scope="history"]');
    await waitForState(long, 'CANCELLED', 15_000);
    expect(await browser.$(row(long)).getText()).toContain('已取消');

    // The output of the finished job, in the portal and then its folder in file storage.
    await clickCentered(`${row(quick)} .rc-job-output`);
    await page.waitForText('rc-dialogs .rc-job-output-text', 'hello from the journey');
    await clickCentered('rc-dialogs .rc-job-output-folder');
    await page.waitForPath('/account/fileManage/fileList');
    await page.waitForText('.rc-app-area', '.out');

    // 账单明细 prices the finished job in core-hours at its partition's price, not at ¥0.00 a day.
    await page.open('/account/definAndDetail');
    await page.waitForText('.rc-bill-table', '核时');
    const jobLine = (await browser.$$('.rc-bill-row').map((row) => row.getText())).find((text) => text.includes('核秒'))!;
    expect(jobLine).toMatch(/¥0\.\d\d\/核时/);
    expect(jobLine).not.toContain('¥0.00/');
    expect(jobLine).not.toContain('/天');
  }, 240_000);
});
