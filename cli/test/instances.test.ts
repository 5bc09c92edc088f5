import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { GpuModelStat } from '@rc/api-contract/node/node';
import type { InstanceView } from '@rc/api-contract/user/compute';
import type { PaidOrder, RentQuote } from '@rc/api-contract/user/order';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { run, sshWithPassword } from '../../api-server/src/test-support/openssh-client.js';
import { apiCall, apiGet, demoAccounts, envelope, logIn, newApiKey } from './server-calls.js';
import { configHome, jsonOf, suanli, suanliOnTerminal } from './suanli-process.js';

// The journey for the command line: log in with an API key, see prices and the balance, rent with the quote
// shown and confirmed, list, log in through the printed ssh command, stop, start and release — each as a script sees it.
const { url } = inject('server');
const home = configHome();
const config = { config: home.file };
let token: string;
let key: string;

const cli = (...args: string[]) => suanli(args, config);
const call = <T>(route: string, body: unknown = {}) => apiCall<T>(url, route, body, token);
const get = <T>(route: string) => apiGet<T>(url, route, token);
const instances = async () => (await call<{ list: InstanceView[] }>('/container/auth/list', { pageSize: 100 })).list;
const rentArgs = ['instances', 'rent', '--region', 'bj-a', '--gpu', 'rtx4090'];

beforeAll(async () => {
  token = await logIn(url, demoAccounts.user);
  ({ key } = await newApiKey(url, token));
});

afterAll(() => home.remove());

describe('help and usage', () => {
  it('answers --help in Chinese for the command, each group and each command (exit 0), and no command with usage (exit 2)', async () => {
    const help = await cli('--help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('suanli：算力云命令行工具');
    expect(help.stdout).toContain('4  无法连接服务器');
    expect((await cli('instances', '--help')).stdout).toContain('用法：suanli instances <list|rent|start|stop|release|ssh>');
    expect((await cli('files', 'upload', '-h')).stdout).toContain('用法：suanli files upload <本地文件> [--path <目录>]');
    expect((await cli('instances', 'rent', '--help')).stdout).toContain('在终端中会询问确认；脚本中须加 --yes');
    const bare = await cli();
    expect(bare).toMatchObject({ code: 2, stdout: '' });
    expect(bare.stderr).toContain('用法：suanli <命令> [选项]');
  });

  it('refuses unknown commands, unknown options, bad values and a bad server address with exit 2', async () => {
    const unknown = await cli('instance', 'list');
    expect(unknown).toMatchObject({ code: 2, stderr: '未知命令：instance（suanli --help 查看全部命令）\n' });
    expect((await cli('files', 'rm', 'a')).stderr).toContain('未知命令：suanli files rm');
    const option = await cli('balance', '--all');
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/^未知选项：--all\n\n用法：suanli balance/);
    expect(await cli('instances', 'stop', 'abc')).toMatchObject({ code: 2, stderr: expect.stringContaining('实例ID须为正整数：abc') });
    expect(await cli('instances', 'stop')).toMatchObject({ code: 2, stderr: expect.stringContaining('参数个数不对') });
    expect(await cli('login', '--key', `sl-${'A'.repeat(43)}`, '--server', 'localhost:8080')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('服务器地址须以 http:// 或 https:// 开头'),
    });
  });

  it('says a damaged configuration file is damaged (exit 3)', async () => {
    const other = configHome();
    fs.mkdirSync(path.dirname(other.file), { recursive: true });
    fs.writeFileSync(other.file, '{ not json');
    const ran = await suanli(['balance'], { config: other.file });
    other.remove();
    expect(ran).toMatchObject({ code: 3, stderr: `配置文件 ${other.file} 已损坏：请重新运行 suanli login --key <API密钥>\n` });
  });
});

describe('logging in with an API key', () => {
  it('refuses a key of the wrong shape before asking the server (exit 2)', async () => {
    const ran = await cli('login', '--key', 'not-a-key', '--server', url);
    expect(ran).toMatchObject({ code: 2, stdout: '' });
    expect(ran.stderr).toContain('API 密钥格式不正确');
  });

  it('refuses a key the server does not know with its message (exit 3), and keeps nothing', async () => {
    const ran = await cli('login', '--key', `sl-${'A'.repeat(43)}`, '--server', url, '--json');
    expect(ran.code).toBe(3);
    const { error } = JSON.parse(ran.stdout) as { error: { exitCode: number; code: number; msg: string } };
    expect(error).toMatchObject({ exitCode: 3, code: 401 });
    expect(error.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(fs.existsSync(home.file)).toBe(false);
  });

  it('says it cannot reach a server that is not there (exit 4)', async () => {
    const closed = await closedPort();
    const ran = await cli('login', '--key', key, '--server', `http://127.0.0.1:${closed}`);
    expect(ran.code).toBe(4);
    expect(ran.stderr).toContain(`无法连接服务器 http://127.0.0.1:${closed}`);
  });

  it('says to log in first when no key is kept (exit 3)', async () => {
    const ran = await cli('balance');
    expect(ran.code).toBe(3);
    expect(ran.stderr).toContain('尚未登录：请先运行 suanli login --key');
  });

  it('checks the key with the server and keeps it with the server address in a file only its owner reads', async () => {
    const ran = await cli('login', '--key', key, '--server', url, '--json');
    expect(jsonOf(ran)).toMatchObject({ server: url, configFile: home.file, user: { mobile: '138****0001' } });
    expect(fs.statSync(home.file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(home.file, 'utf8'))).toEqual({ server: url, key });
  });
});

describe('prices and balance', () => {
  it('lists every region’s GPU models with the prices the rent page shows', async () => {
    const regions = jsonOf<{ regionCode: string; models: GpuModelStat[] }[]>(await cli('prices', '--json'));
    const bj = regions.find((region) => region.regionCode === 'bj-a')!;
    expect(bj.models).toEqual(await get<GpuModelStat[]>('/node/auth/deviceType/statistics?regionCode=bj-a'));
    const text = (await cli('prices', '--region', 'bj-a')).stdout;
    const rtx4090 = bj.models.find((model) => model.deviceType === 'rtx4090')!;
    expect(text).toContain('北京A区（地区编码 bj-a）');
    expect(text).toMatch(new RegExp(`rtx4090\\s+RTX 4090\\s+24GB\\s+¥${(rtx4090.hourPrice / 1000).toFixed(2)}`));
  });

  it('shows the balance the server holds, in yuan, and in thousandths with --json', async () => {
    const { balance } = await get<{ balance: number }>('/user/auth/user/ext/get/realtime/balance');
    expect(jsonOf(await cli('balance', '--json'))).toEqual({ balance });
    expect((await cli('balance')).stdout).toBe(`余额：¥${(balance / 1000).toLocaleString('en-US', { minimumFractionDigits: 2 })}\n`);
  });
});

describe('renting', () => {
  it('shows the quote and refuses without a terminal to confirm on, unless --yes (exit 2); nothing is rented', async () => {
    const before = await instances();
    const ran = await cli(...rentArgs);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toContain('GPU：RTX 4090 × 1');
    expect(ran.stdout).toContain('单价：¥1.98/小时');
    expect(ran.stderr).toContain('确认无误请加 --yes');
    expect(await instances()).toEqual(before);
  });

  it('on a terminal, rents nothing when the person answers no', async () => {
    const ran = await suanliOnTerminal(rentArgs, { ...config, prompt: '确认租用？[y/N]', answer: 'n' });
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('已取消，未租用');
    expect(await instances()).toEqual([]);
  });
});

describe('a package quote', () => {
  it('shows what a day package of 2 cards, 2 days, a chosen image and a larger data disk costs, as the server quotes it', async () => {
    const [, image] = await get<{ id: number; name: string }[]>('/image/auth/allSys');
    const models = await get<GpuModelStat[]>('/node/auth/deviceType/statistics?regionCode=bj-a');
    const rtx4090 = models.find((model) => model.deviceType === 'rtx4090')!;
    const order = { regionCode: 'bj-a', gpuModelId: rtx4090.gpuModelId, gpuCount: 2, billingType: 2, duration: 2, dataDiskExtraGb: 10 };
    const quoted = await call<RentQuote>('/user/auth/order/price/preview', order);
    const args = [...rentArgs, '--count', '2', '--billing', 'day', '--duration', '2', '--disk', '10', '--image', String(image!.id)];
    const ran = await cli(...args);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toContain('GPU：RTX 4090 × 2');
    expect(ran.stdout).toContain(`镜像：${image!.name}`);
    expect(ran.stdout).toContain('计费方式：包日，2 天');
    expect(ran.stdout).toContain(`应付金额：¥${(quoted.amount / 1000).toLocaleString('en-US', { minimumFractionDigits: 2 })}\n`);
    expect((await cli(...rentArgs, '--billing', 'yearly')).stderr).toContain('计费方式须为 hour、day、week 或 month：yearly');
    expect((await cli(...rentArgs, '--duration', '2')).stderr).toContain('--duration 只用于包日、包周、包月');
  });
});

describe('an instance from the command line', () => {
  let id: number;

  it('on a terminal, shows the quote, asks, and rents once the person confirms', async () => {
    const ran = await suanliOnTerminal([...rentArgs, '--name', 'cli-tty', '--wait'], { ...config, prompt: '确认租用？[y/N]', answer: 'y' });
    expect(ran.code).toBe(0);
    const shown = ran.stdout;
    expect(shown.indexOf('应付金额')).toBeLessThan(shown.indexOf('确认租用？'));
    expect(shown).toContain('地区：北京A区（bj-a）');
    expect(shown).toContain('计费方式：按量计费');
    expect(shown).toMatch(/当前余额：¥[\d,]+\.\d\d，确认后余额：¥[\d,]+\.\d\d/);
    const [rented] = await instances();
    expect(rented).toMatchObject({ name: 'cli-tty', status: 2, deviceName: 'RTX 4090', gpuCount: 1, regionCode: 'bj-a' });
    expect(shown).toContain(`实例 ${rented!.id}「cli-tty」：运行中`);
    id = rented!.id;
  });

  it('lists it, as a table and as the console’s instance objects with --json', async () => {
    const listed = jsonOf<InstanceView[]>(await cli('instances', 'list', '--json'));
    expect(listed.map((instance) => [instance.id, instance.status])).toEqual([[id, 2]]);
    expect(listed[0]).toMatchObject({ name: 'cli-tty', statusName: '运行中', ssh: { user: 'root' } });
    expect((await cli('instances', 'list')).stdout).toMatch(
      new RegExp(`^ID\\s+名称\\s+状态.*\\n${id}\\s+cli-tty\\s+运行中\\s+RTX 4090 × 1\\s+按量计费\\s+北京A区\\s+¥1\\.98\\n$`),
    );
  });

  it('prints the console’s ssh command and password, which log in to the running container', async () => {
    const printed = jsonOf<{ command: string; password: string; keyCommand: string }>(await cli('instances', 'ssh', String(id), '--json'));
    const [shownByConsole] = await call<{ list: InstanceView[] }>('/container/auth/list', { id }).then((page) => page.list);
    expect(printed).toMatchObject({ command: shownByConsole!.ssh.command, password: shownByConsole!.ssh.password });
    const text = (await cli('instances', 'ssh', String(id))).stdout;
    expect(text).toContain(`登录指令：${printed.command}\n密码：${printed.password}`);
    const uname = await sshWithPassword(printed.password, printed.command, ['uname -s']);
    expect(uname).toMatchObject({ code: 0, stdout: 'Linux\n' });
  });

  it('with --exec, runs the system ssh with a saved key, and ends with its exit code', async () => {
    const folder = fs.mkdtempSync(path.join(home.folder, 'ssh-'));
    const keyFile = path.join(folder, 'id_ed25519');
    expect((await run(['ssh-keygen', '-q', '-t', 'ed25519', '-N', '', '-f', keyFile])).code).toBe(0);
    await call('/user/auth/user/ssh/key/add', { name: 'cli-test', publicKey: fs.readFileSync(`${keyFile}.pub`, 'utf8') });
    // `ssh` first on PATH: the system's OpenSSH with the test's key, and nothing of this machine's known hosts.
    fs.writeFileSync(
      path.join(folder, 'ssh'),
      `#!/bin/sh\nexec /usr/bin/ssh -i ${keyFile} -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "$@"\n`,
      { mode: 0o755 },
    );
    const env = { PATH: `${folder}:${process.env.PATH}` };
    const ran = await suanli(['instances', 'ssh', String(id), '--exec', '--', 'echo', 'hello-$((6*7))', ';', 'exit', '7'], {
      ...config,
      env,
    });
    expect(ran).toMatchObject({ code: 7, stdout: 'hello-42\n' });
  });

  it('shows the server’s own refusal as it is, with exit 1', async () => {
    const refusal = await envelope(url, '/user/auth/user/instance/release/instance', { id }, token);
    expect(refusal.code).toBe(409);
    const ran = await cli('instances', 'release', String(id), '--yes', '--json');
    expect(ran.code).toBe(1);
    expect(JSON.parse(ran.stdout)).toEqual({ error: { exitCode: 1, code: 409, msg: refusal.msg } });
    expect((await cli('instances', 'release', String(id), '--yes')).stderr).toBe(`${refusal.msg}\n`);
  });

  it('stops and starts it, waiting for each with --wait', async () => {
    expect(jsonOf<InstanceView>(await cli('instances', 'stop', String(id), '--wait', '--json'))).toMatchObject({ id, status: 4 });
    const refused = await cli('instances', 'ssh', String(id), '--exec');
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.stderr).toContain(`请先开机：suanli instances start ${id}`);
    expect((await cli('instances', 'start', String(id), '--wait')).stdout).toBe(`实例 ${id}「cli-tty」：运行中\n`);
    expect((await instances())[0]).toMatchObject({ id, status: 2 });
  });

  it('rents with --yes in a script and answers the quote and the order as JSON', async () => {
    const ran = jsonOf<{ quote: RentQuote; order: PaidOrder }>(await cli(...rentArgs, '--yes', '--json', '--name', 'cli-json'));
    expect(ran.quote).toMatchObject({ billingType: 1, unitPrice: 1_980, unitName: '小时', enough: true });
    expect(ran.order.instance).toMatchObject({ name: 'cli-json', gpuCount: 1 });
    expect((await instances()).map((instance) => instance.name).sort()).toEqual(['cli-json', 'cli-tty']);
  });

  it('releases only with --yes in a script, and is gone from the list', async () => {
    await cli('instances', 'stop', String(id), '--wait');
    const unconfirmed = await cli('instances', 'release', String(id));
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('确认无误请加 --yes');
    const released = await cli('instances', 'release', String(id), '--yes', '--wait');
    expect(released).toMatchObject({ code: 0, stdout: `实例 ${id}「cli-tty」：已释放\n` });
    expect((await instances()).map((instance) => instance.id)).not.toContain(id);
  });
});

describe('keys with less', () => {
  it('a key without 实例 logs in, and its instance calls are refused with the server’s reason (exit 1)', async () => {
    const storageOnly = await newApiKey(url, token, ['storage']);
    const other = configHome();
    const login = await suanli(['login', '--key', storageOnly.key, '--server', url, '--json'], { config: other.file });
    const listed = await suanli(['instances', 'list'], { config: other.file });
    other.remove();
    expect(jsonOf(login)).toMatchObject({ server: url, user: null });
    const refusal = await fetch(`${url}/apis/container/auth/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${storageOnly.key}`, 'content-type': 'application/json' },
      body: '{}',
    }).then((r) => r.json() as Promise<{ code: number; msg: string }>);
    expect(refusal.code).toBe(403);
    expect(listed).toMatchObject({ code: 1, stderr: `${refusal.msg}\n` });
  });

  it('a revoked key fails every call with exit 3 and the server’s message', async () => {
    const revoked = await newApiKey(url, token);
    const other = configHome();
    expect((await suanli(['login', '--key', revoked.key, '--server', url], { config: other.file })).code).toBe(0);
    await apiCall(url, '/user/auth/user/apikey/revoke', { id: revoked.id }, token);
    const ran = await suanli(['balance', '--json'], { config: other.file });
    other.remove();
    expect(ran.code).toBe(3);
    expect(JSON.parse(ran.stdout)).toMatchObject({ error: { exitCode: 3, code: 401 } });
    expect(JSON.parse(ran.stdout).error.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

/** A port nothing listens on: taken from the system, then let go. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
