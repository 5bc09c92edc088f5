import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test-support/test-app.js';
import { userWithBalance } from '../../../test-support/compute-test-kit.js';

let t: TestApp;
let work: string;
beforeAll(async () => {
  t = await createTestApp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-ssh-keys-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

let keys = 0;
/** A key pair from ssh-keygen: its .pub line, the private key file's text and the fingerprint ssh-keygen prints. */
function keygen(...args: string[]) {
  const file = path.join(work, `key-${++keys}`);
  execFileSync('ssh-keygen', ['-q', '-N', '', '-C', `me@laptop-${keys}`, '-f', file, ...args]);
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${file}.pub`])
    .toString()
    .split(' ')[1];
  return { publicKey: fs.readFileSync(`${file}.pub`, 'utf8'), privateKey: fs.readFileSync(file, 'utf8'), fingerprint };
}

const post = (what: string, body: unknown, token: string) => call(t.app, 'POST', `/apis/user/auth/user/ssh/key/${what}`, body, token);

describe('saved SSH keys', () => {
  it('adds ed25519, ECDSA and RSA keys with ssh-keygen’s fingerprint, lists and deletes them', async () => {
    const user = await userWithBalance(t.app, 0);
    const ed25519 = keygen('-t', 'ed25519');
    const added = await post('add', { name: ' 笔记本 ', publicKey: `\n${ed25519.publicKey}\n` }, user.token);
    expect(added).toMatchObject({
      code: 200,
      msg: '公钥已添加',
      data: { name: '笔记本', type: 'ssh-ed25519', fingerprint: ed25519.fingerprint },
    });
    expect(added.data.lastUsedAt).toBeNull();
    const ecdsa = keygen('-t', 'ecdsa');
    expect((await post('add', { name: '服务器', publicKey: ecdsa.publicKey }, user.token)).data).toMatchObject({
      type: 'ecdsa-sha2-nistp256',
      fingerprint: ecdsa.fingerprint,
    });
    const rsa = keygen('-t', 'rsa', '-b', '2048');
    expect((await post('add', { name: '旧电脑', publicKey: rsa.publicKey }, user.token)).data.fingerprint).toBe(rsa.fingerprint);

    const listed = await post('list', {}, user.token);
    expect(listed.data.max).toBe(20);
    expect(listed.data.list.map((key: { name: string }) => key.name)).toEqual(['笔记本', '服务器', '旧电脑']);
    expect(await post('del', { id: added.data.id }, user.token)).toMatchObject({ code: 200, msg: '公钥已删除' });
    expect((await post('list', {}, user.token)).data.list.map((key: { name: string }) => key.name)).toEqual(['服务器', '旧电脑']);
    expect(await post('del', { id: added.data.id }, user.token)).toMatchObject({ code: 404, msg: '公钥不存在' });
  });

  it('refuses private keys, garbage, several lines, short RSA keys and duplicates in Chinese, saving nothing', async () => {
    const user = await userWithBalance(t.app, 0);
    const key = keygen('-t', 'ed25519');
    const refusal = async (publicKey: string) => (await post('add', { name: '钥匙', publicKey }, user.token)).msg;
    expect(await refusal(key.privateKey)).toBe('这是私钥，请粘贴公钥（通常是 ~/.ssh/id_ed25519.pub 的内容），私钥不要交给任何人');
    expect(await refusal('hello world')).toBe('无法识别的公钥，请粘贴 ssh-keygen 生成的 .pub 文件内容');
    expect(await refusal(`${key.publicKey}${key.publicKey}`)).toBe('请只粘贴一行公钥');
    expect(await refusal(keygen('-t', 'rsa', '-b', '1024').publicKey)).toBe('RSA 公钥至少需要 2048 位');
    expect((await post('list', {}, user.token)).data.list).toEqual([]);

    expect((await post('add', { name: '第一次', publicKey: key.publicKey }, user.token)).code).toBe(200);
    const again = await post('add', { name: '第二次', publicKey: key.publicKey.replace(/ \S+\n$/, ' another-comment\n') }, user.token);
    expect(again).toMatchObject({ code: 409, msg: '该公钥已添加（名称「第一次」）' });
    expect(await post('add', { name: '   ', publicKey: keygen('-t', 'ed25519').publicKey }, user.token)).toMatchObject({
      code: 422,
      msg: '请填写公钥名称',
    });
    expect((await post('list', {}, user.token)).data.list).toHaveLength(1);
  });

  it('keeps at most 20 keys per user', async () => {
    const user = await userWithBalance(t.app, 0);
    for (let i = 0; i < 20; i++) {
      expect((await post('add', { name: `key ${i}`, publicKey: keygen('-t', 'ed25519').publicKey }, user.token)).code).toBe(200);
    }
    expect(await post('add', { name: 'one more', publicKey: keygen('-t', 'ed25519').publicKey }, user.token)).toMatchObject({
      code: 409,
      msg: '最多可添加 20 个公钥，请先删除不用的公钥',
    });
  });

  it('shows and deletes only the caller’s keys; the same key may be saved by two users', async () => {
    const owner = await userWithBalance(t.app, 0);
    const stranger = await userWithBalance(t.app, 0);
    const key = keygen('-t', 'ed25519');
    const mine = await post('add', { name: '我的', publicKey: key.publicKey }, owner.token);
    expect((await post('list', {}, stranger.token)).data.list).toEqual([]);
    expect(await post('del', { id: mine.data.id }, stranger.token)).toMatchObject({ code: 404, msg: '公钥不存在' });
    expect((await post('list', {}, owner.token)).data.list).toHaveLength(1);
    expect((await post('add', { name: '同一把', publicKey: key.publicKey }, stranger.token)).code).toBe(200);
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'POST', '/apis/user/auth/user/ssh/key/list', {})).code).toBe(401);
  });
});
