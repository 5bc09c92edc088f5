import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Client } from 'ssh2';
import { instanceLogins, instances, userSshKeys } from '../db/schema.js';
import { defaultRateLimits, loadConfig } from '../config.js';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';
import { privateNode, rent, systemImageId, userWithBalance } from '../test-support/compute-test-kit.js';
import { Status } from '../compute/states.js';
import { advanceTransitions } from '../compute/scheduler.js';
import { hostnameOf } from '../compute/podman/container-plan.js';
import { podmanOfTestApp } from '../test-support/podman-namespace.js';
import { openSshOptions, run } from '../test-support/openssh-client.js';
import { startSshGateway, type SshGateway } from './ssh-gateway.js';
import { loadHostKey } from './host-key.js';

const window = 15 * 60_000;
let t: TestApp;
let gateway: SshGateway;
let work: string;
type Rented = { id: number; name: string; password: string; token: string; userId: number; hostname: string };
let a: Rented;
let b: Rented;
let other: Rented;

/** Rents through the API on the Podman driver and waits (bounded) for the container to run. */
async function rentRunning(user: { id: number; token: string }, nodeId: number, gpuModelId: number, imageId: number) {
  const answer = await rent(t.app, user.token, { nodeId, gpuModelId, imageId });
  expect(answer.code).toBe(200);
  const { id, name, ssh } = answer.data.instance;
  for (let waits = 0; ; waits++) {
    await advanceTransitions(t.app);
    const [row] = await t.app.db.select().from(instances).where(eq(instances.id, id));
    if (row!.status === Status.running && row!.nextStatus === null) break;
    if (waits === 600) throw new Error(`instance ${id} did not start: ${row!.status}→${row!.nextStatus} ${row!.stopReason}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { id, name, password: ssh.password as string, token: user.token, userId: user.id, hostname: hostnameOf(name, id) };
}

function setStatus(id: number, status: number) {
  return t.app.db.update(instances).set({ status, nextStatus: null, transitionAt: null }).where(eq(instances.id, id));
}

/** `ssh` to the gateway as `user` with a password (sshpass) or a key file. */
function ssh(user: string, auth: { password: string } | { key: string }, args: string[], input?: string) {
  const options = openSshOptions({ port: gateway.port, ...('key' in auth ? { key: auth.key } : {}) });
  const argv = ['ssh', ...options, `${user}@127.0.0.1`, ...args];
  return run('password' in auth ? ['sshpass', '-p', auth.password, ...argv] : argv, { input });
}

function sshPassword(user: string, password: string, args: string[], input?: string) {
  return ssh(user, { password }, args, input);
}

async function newKey(name: string) {
  const file = path.join(work, name);
  expect((await run(['ssh-keygen', '-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', file])).code).toBe(0);
  return { file, publicKey: fs.readFileSync(`${file}.pub`, 'utf8') };
}

beforeAll(async () => {
  t = await createTestApp({
    config: {
      compute: loadConfig({ DATA_DIR: '.', WEB_ROOT: '.', COMPUTE_DRIVER: 'podman' }).compute,
      rateLimits: {
        ...defaultRateLimits,
        sshPasswordPerIp: { max: 6, windowMs: window },
        sshPasswordPerInstance: { max: 3, windowMs: window },
      },
    },
  });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-ssh-gateway-'));
  const imageId = await systemImageId(t.app.db);
  const { node, model } = await privateNode(t.app.db, 4);
  const owner = await userWithBalance(t.app, 1_000_000);
  const stranger = await userWithBalance(t.app, 1_000_000);
  [a, b, other] = await Promise.all([
    rentRunning(owner, node.id, model.id, imageId),
    rentRunning(owner, node.id, model.id, imageId),
    rentRunning(stranger, node.id, model.id, imageId),
  ]);
  gateway = await startSshGateway(t.app, { port: 0, host: '127.0.0.1' });
}, 180_000);

afterAll(async () => {
  await gateway?.close();
  if (t) await podmanOfTestApp(t.dataDir).removeAll();
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

// Every refusal counts against 127.0.0.1: each test starts with fresh rate-limit windows.
afterEach(() => t.clock.advance(window));

describe('password logins as the console shows them', () => {
  it('shows the gateway port and the key command in the instance view', async () => {
    const views = await call(t.app, 'POST', '/apis/container/auth/list', { id: a.id }, a.token);
    expect(views.data.list[0].ssh).toMatchObject({
      port: gateway.port,
      command: `ssh -p ${gateway.port} root@connect.test`,
      keyCommand: `ssh -p ${gateway.port} root.${a.id}@connect.test`,
    });
  });

  it('runs a command in the instance the password belongs to, with its exit code and stderr apart', async () => {
    const uname = await sshPassword('root', a.password, ['uname -a; hostname']);
    expect(uname).toMatchObject({ code: 0, stderr: '' });
    expect(uname.stdout).toMatch(new RegExp(`^Linux .*\n${a.hostname}\n$`));
    expect((await sshPassword('root', b.password, ['hostname'])).stdout).toBe(`${b.hostname}\n`);
    const failing = await sshPassword('root', a.password, ['echo out; echo err >&2; exit 3']);
    expect(failing).toEqual({ code: 3, stdout: 'out\n', stderr: 'err\n' });
    const logins = await t.app.db.select().from(instanceLogins).where(eq(instanceLogins.instanceId, a.id));
    expect(logins[0]).toMatchObject({ method: 'password', remoteAddress: '127.0.0.1', keyId: null });
  });

  it('passes stdin through to the end', async () => {
    expect(await sshPassword(`root.${a.id}`, a.password, ['cat; echo done'], 'line one\nline two\n')).toEqual({
      code: 0,
      stdout: 'line one\nline two\ndone\n',
      stderr: '',
    });
  });

  it('opens a terminal of the requested size and follows window changes', async () => {
    const tty = await sshPassword('root', a.password, ['-tt', 'tty; stty size; exit 4']);
    expect(tty.code).toBe(4);
    expect(tty.stdout).toMatch(/^\/dev\/pts\/\d+\r\n24 80\r\n/);
    const sizes = await new Promise<string>((resolve, reject) => {
      const client = new Client();
      client.on('error', reject);
      client.on('ready', () => {
        client.shell({ rows: 30, cols: 100, term: 'xterm' }, (error, stream) => {
          if (error) return reject(error);
          // The resize reaches the terminal through Podman while the probe goes down stdin: probe until it shows, however
          // long a loaded machine takes (the test's own timeout bounds it).
          let output = '';
          let step: 'first' | 'second' | 'done' = 'first';
          let stale = 0;
          const probe = () => stream.write('echo second:$(stty size)\n');
          stream.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            if (step === 'first' && output.includes('first:30 100')) {
              step = 'second';
              stream.setWindow(40, 120, 0, 0);
              probe();
            } else if (step === 'second' && output.includes('second:40 120')) {
              step = 'done';
              stream.end('exit\n');
            } else if (step === 'second' && output.split('second:30 100').length - 1 > stale) {
              stale += 1;
              setTimeout(probe, 100);
            }
          });
          stream.on('close', () => {
            client.end();
            resolve(output);
          });
          stream.write('echo first:$(stty size)\n');
        });
      });
      client.connect({ host: '127.0.0.1', port: gateway.port, username: 'root', password: a.password });
    });
    expect(sizes).toContain('second:40 120');
  });

  it('copies files with scp (SFTP and legacy) and serves sftp', async () => {
    const local = path.join(work, 'payload.bin');
    fs.writeFileSync(local, Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256)));
    const scp = (...args: string[]) => run(['sshpass', '-p', a.password, 'scp', ...openSshOptions({ port: gateway.port }), ...args]);
    expect(await scp(local, 'root@127.0.0.1:/root/payload.bin')).toMatchObject({ code: 0 });
    expect(await scp('-O', local, 'root@127.0.0.1:/root/legacy.bin')).toMatchObject({ code: 0 });
    expect(await scp('root@127.0.0.1:/root/legacy.bin', path.join(work, 'back.bin'))).toMatchObject({ code: 0 });
    expect(fs.readFileSync(path.join(work, 'back.bin')).equals(fs.readFileSync(local))).toBe(true);
    const batch = path.join(work, 'batch');
    fs.writeFileSync(batch, `ls /root\nget /root/payload.bin ${path.join(work, 'sftp.bin')}\nrm /root/payload.bin\n`);
    const sftp = await run(['sshpass', '-p', a.password, 'sftp', ...openSshOptions({ port: gateway.port }), '-b', batch, 'root@127.0.0.1']);
    expect(sftp).toMatchObject({ code: 0 });
    expect(sftp.stdout).toContain('payload.bin');
    expect(fs.readFileSync(path.join(work, 'sftp.bin')).equals(fs.readFileSync(local))).toBe(true);
    expect((await sshPassword('root', a.password, ['ls /root'])).stdout).toBe('data\nlegacy.bin\n');
  });
});

describe('saved keys', () => {
  it('log into the named instance, and into the only running one as plain root', async () => {
    const key = await newKey('owner-key');
    const added = await call(t.app, 'POST', '/apis/user/auth/user/ssh/key/add', { name: '笔记本', publicKey: key.publicKey }, a.token);
    expect(added.code).toBe(200);
    const named = await ssh(`root.${b.id}`, { key: key.file }, ['hostname']);
    expect(named).toEqual({ code: 0, stdout: `${b.hostname}\n`, stderr: '' });
    const [saved] = await t.app.db.select().from(userSshKeys).where(eq(userSshKeys.id, added.data.id));
    expect(saved!.lastUsedAt).not.toBeNull();
    const logins = await t.app.db.select().from(instanceLogins).where(eq(instanceLogins.instanceId, b.id));
    expect(logins).toContainEqual(expect.objectContaining({ method: 'key', keyId: added.data.id }));

    const ambiguous = await ssh('root', { key: key.file }, ['true']);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain('您有多个运行中的实例，请用 ssh -p <端口> root.<实例ID>@<主机> 指定要登录的实例');
    await setStatus(b.id, Status.stopped);
    expect(await ssh('root', { key: key.file }, ['hostname'])).toMatchObject({ code: 0, stdout: `${a.hostname}\n` });
    await setStatus(b.id, Status.running);
  });

  it('do not log into another user’s instance', async () => {
    const key = await newKey('stranger-key');
    await call(t.app, 'POST', '/apis/user/auth/user/ssh/key/add', { name: '别人的', publicKey: key.publicKey }, other.token);
    expect(await ssh(`root.${other.id}`, { key: key.file }, ['true'])).toMatchObject({ code: 0 });
    const refused = await ssh(`root.${a.id}`, { key: key.file }, ['true']);
    expect(refused.code).toBe(255);
    expect(refused.stderr).toContain('Permission denied');
  });
});

describe('refusals', () => {
  it('refuse a wrong password and another instance’s password', async () => {
    const wrong = await sshPassword('root', 'not-the-password', ['true']);
    expect(wrong.code).toBe(255);
    expect(wrong.stderr).toContain('Permission denied');
    const crossed = await sshPassword(`root.${b.id}`, a.password, ['true']);
    expect(crossed.code).toBe(255);
    expect(await sshPassword(`root.${other.id}`, a.password, ['true'])).toMatchObject({ code: 255 });
    expect(await sshPassword('admin', a.password, ['true'])).toMatchObject({ code: 255 });
  });

  it('say in ssh’s output that a stopped instance must be started, and that a released one is gone', async () => {
    await setStatus(b.id, Status.stopped);
    const stopped = await sshPassword('root', b.password, ['true']);
    expect(stopped).toMatchObject({ code: 1, stdout: '' });
    expect(stopped.stderr).toContain(`实例「${b.name}」未运行（已关机），请在控制台开机后再登录`);
    const shell = await sshPassword(`root.${b.id}`, b.password, ['-tt']);
    expect(shell.stdout + shell.stderr).toContain('请在控制台开机后再登录');
    await setStatus(b.id, Status.released);
    const released = await sshPassword(`root.${b.id}`, b.password, ['true']);
    expect(released).toMatchObject({ code: 1 });
    expect(released.stderr).toContain('实例已释放');
    expect(await sshPassword('root', b.password, ['true'])).toMatchObject({ code: 255 });
    await setStatus(b.id, Status.running);
  });

  it('stop taking passwords for an instance after too many wrong ones, until the window passes', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await sshPassword(`root.${a.id}`, `wrong-${attempt}`, ['true'])).toMatchObject({ code: 255 });
    }
    const limited = await sshPassword(`root.${a.id}`, a.password, ['true']);
    expect(limited.code).toBe(255);
    expect(limited.stderr).toContain('Permission denied');
    t.clock.advance(window);
    expect(await sshPassword(`root.${a.id}`, a.password, ['true'])).toMatchObject({ code: 0 });
  });

  it('stop taking passwords from an address after too many wrong ones', async () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      expect(await sshPassword('root', `wrong-${attempt}`, ['true'])).toMatchObject({ code: 255 });
    }
    expect(await sshPassword('root', a.password, ['true'])).toMatchObject({ code: 255 });
    t.clock.advance(window);
    expect(await sshPassword('root', a.password, ['true'])).toMatchObject({ code: 0 });
  });
});

describe('the host key', () => {
  it('is kept under the data folder, readable by the server alone, and reused', async () => {
    const first = await loadHostKey(t.dataDir);
    expect(await loadHostKey(t.dataDir)).toBe(first);
    const file = path.join(t.dataDir, 'ssh', 'ssh_host_ed25519_key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toContain('OPENSSH PRIVATE KEY');
  });
});
