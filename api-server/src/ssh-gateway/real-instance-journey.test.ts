import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerProcess } from '../test-support/server-process.js';
import { openSshOptions, run, sshWithKey, sshWithPassword } from '../test-support/openssh-client.js';
import { podmanNames } from '../compute/podman/podman-names.js';
import { namespaceOf } from '../compute/podman/podman-names.js';
import { demoAccounts, demoPassword } from '../seed/demo-data.js';

// The journey: the real server with COMPUTE_DRIVER=podman, every step through its HTTP API and the
// console's own SSH command, every container, volume and image checked in Podman and removed at the end.
let server: ServerProcess;
let work: string;
let token: string;
const created = { instances: [] as number[], images: [] as number[] };

interface Answer<T = any> {
  code: number;
  data: T;
  msg: string;
}

async function api<T = any>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, as = token): Promise<Answer<T>> {
  const response = await fetch(`${server.apiBase}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(as ? { token: as } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer<T>;
}

async function logIn(mobile: string) {
  const answer = await api('POST', '/user/api/user/login/password', { mobile, password: demoPassword }, '');
  expect(answer.code).toBe(200);
  return answer.data.token as string;
}

/** The instance as the console shows it; null once released (the list leaves released instances out). */
async function view(id: number) {
  const answer = await api('POST', '/container/auth/list', { id, pageSize: 1 });
  return (answer.data.list[0] ?? null) as {
    id: number;
    status: number;
    name: string;
    ssh: { command: string; keyCommand: string; password: string; port: number; host: string };
  } | null;
}

/** Polls the console's view until `done` holds (a real container takes its time): generous bound, no fixed sleeps. */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const running = (id: number) =>
  until(
    `instance ${id} running`,
    () => view(id),
    (v) => v?.status === 2,
  );
const stopped = (id: number) =>
  until(
    `instance ${id} stopped`,
    () => view(id),
    (v) => v?.status === 4,
  );

async function rentInstance(imageId: number) {
  const nodes = await api('POST', '/node/auth/list', { pageSize: 100 });
  const node = nodes.data.list.find((candidate: { gpuFree: number }) => candidate.gpuFree > 0);
  const order = { regionCode: node.regionCode, nodeId: node.id, gpuModelId: node.gpuModelId, gpuCount: 1, billingType: 1, imageId };
  const quoted = await api('POST', '/user/auth/order/price/preview', order);
  expect(quoted).toMatchObject({ code: 200 });
  const paid = await api('POST', '/user/auth/order/info/pay', { ...order, quoteToken: quoted.data.quoteToken });
  expect(paid).toMatchObject({ code: 200 });
  created.instances.push(paid.data.instance.id);
  return paid.data.instance.id as number;
}

/** Runs `args` through the console's exact command with the instance's password. */
async function sshAs(id: number, args: string[], input?: string) {
  const { ssh } = (await view(id))!;
  return sshWithPassword(ssh.password, ssh.command, args, { input });
}

/** A new key pair whose public half `as` saves at /account/ssh; the private key's file. */
async function savedKey(name: string, as: string) {
  const file = path.join(work, name);
  expect((await run(['ssh-keygen', '-q', '-t', 'ed25519', '-N', '', '-f', file])).code).toBe(0);
  const added = await api('POST', '/user/auth/user/ssh/key/add', { name, publicKey: fs.readFileSync(`${file}.pub`, 'utf8') }, as);
  expect(added).toMatchObject({ code: 200 });
  return file;
}

const md5 = (file: string) => createHash('md5').update(fs.readFileSync(file)).digest('hex');
const podman = (...args: string[]) => run(['podman', ...args]);

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-journey-'));
  server = await ServerProcess.start({ env: { COMPUTE_DRIVER: 'podman', SSH_PORT: '0' } });
  token = await logIn(demoAccounts.user);
}, 180_000);

afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  if (!server) return;
  for (const id of created.instances) await api('POST', '/user/auth/user/instance/release/instance', { id }).catch(() => {});
  for (const id of created.instances)
    await until(
      `instance ${id} released`,
      () => view(id),
      (v) => v === null,
    ).catch(() => {});
  const names = podmanNames(namespaceOf(server.dataDir));
  for (const id of created.images) await podman('image', 'rm', '-f', names.privateImage(id));
  await server.stop();
}, 300_000);

describe('a rented instance is a container the console’s SSH command reaches', () => {
  it('rents, logs in, keeps the data disk across stop and start, copies files, saves an image that a new instance runs, and releases', async () => {
    const system = await api('GET', '/image/auth/allSys');
    const id = await rentInstance(system.data[0].id);
    const names = podmanNames(namespaceOf(server.dataDir));
    const first = await running(id);
    expect(first!.ssh.command).toBe(`ssh -p ${first!.ssh.port} root@localhost`);
    expect((await podman('container', 'exists', names.container(id))).code).toBe(0);

    const uname = await sshAs(id, ['uname -a']);
    expect(uname).toMatchObject({ code: 0, stderr: '' });
    expect(uname.stdout).toMatch(/^Linux /);
    expect(await sshAs(id, ['echo kept > /root/data/proof.txt && echo system > /root/system-proof.txt'])).toMatchObject({ code: 0 });

    expect(await api('POST', '/user/auth/user/instance/stop', { id })).toMatchObject({ code: 200 });
    await stopped(id);
    const refused = await sshAs(id, ['true']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`实例「${first!.name}」未运行（已关机），请在控制台开机后再登录`);
    expect(await api('POST', '/user/auth/user/instance/start', { id })).toMatchObject({ code: 200 });
    await running(id);
    expect(await sshAs(id, ['cat /root/data/proof.txt'])).toMatchObject({ code: 0, stdout: 'kept\n' });

    const local = path.join(work, 'upload.bin');
    fs.writeFileSync(local, randomBytes(512 * 1024));
    const { ssh } = (await view(id))!;
    const tools = openSshOptions({ port: ssh.port });
    expect(await run(['sshpass', '-p', ssh.password, 'scp', ...tools, local, `root@${ssh.host}:/root/data/upload.bin`])).toMatchObject({
      code: 0,
    });
    const batch = path.join(work, 'batch');
    fs.writeFileSync(batch, `get /root/data/upload.bin ${path.join(work, 'download.bin')}\n`);
    expect(await run(['sshpass', '-p', ssh.password, 'sftp', ...tools, '-b', batch, `root@${ssh.host}`])).toMatchObject({ code: 0 });
    expect(md5(path.join(work, 'download.bin'))).toBe(md5(local));

    const wrong = await sshWithPassword('not-the-password', ssh.command, ['true']);
    expect(wrong.code).toBe(255);
    expect(wrong.stderr).toContain('Permission denied');

    const mine = await savedKey('mine', token);
    expect(await sshWithKey(mine, ssh.keyCommand, ['cat /root/data/proof.txt'])).toMatchObject({ code: 0, stdout: 'kept\n' });
    const theirs = await savedKey('theirs', await logIn(demoAccounts.teacher));
    const stranger = await sshWithKey(theirs, ssh.keyCommand, ['true']);
    expect(stranger.code).toBe(255);
    expect(stranger.stderr).toContain('Permission denied');

    expect(await api('POST', '/user/auth/user/instance/stop', { id })).toMatchObject({ code: 200 });
    await stopped(id);
    const commit = await api('PUT', '/container/auth/commit', { id, imageName: `journey-${process.pid}` });
    expect(commit).toMatchObject({ code: 200 });
    const image = await until(
      'the saved image',
      async () =>
        (await api('POST', '/image/auth/private/page', { pageSize: 100 })).data.list.find(
          (i: { sourceInstanceId: number }) => i.sourceInstanceId === id,
        ),
      (found) => found?.status === 1,
    );
    created.images.push(image.id);
    await stopped(id);

    const copy = await rentInstance(image.id);
    await running(copy);
    // A fresh ext4 data disk holds only its lost+found: nothing of the first instance's data disk came along.
    expect(await sshAs(copy, ['cat /root/system-proof.txt; ls /root/data'])).toMatchObject({ code: 0, stdout: 'system\nlost+found\n' });
    expect(await api('POST', '/user/auth/user/instance/stop', { id: copy })).toMatchObject({ code: 200 });
    await stopped(copy);

    for (const released of [id, copy]) {
      const { ssh: before } = (await view(released))!;
      expect(await api('POST', '/user/auth/user/instance/release/instance', { id: released })).toMatchObject({ code: 200 });
      await until(
        `instance ${released} released`,
        () => view(released),
        (v) => v === null,
      );
      expect((await podman('container', 'exists', names.container(released))).code).toBe(1);
      expect((await podman('volume', 'exists', names.dataVolume(released))).code).toBe(1);
      const gone = await sshWithPassword(before.password, before.keyCommand, ['true']);
      expect(gone.code).toBe(1);
      expect(gone.stderr).toContain('实例已释放');
    }
  }, 900_000);
});
