import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { hpcClusters, userClusters } from '../db/schema.js';
import { demoAccounts, demoPassword } from '../seed/demo-data.js';
import { createTestApp, login, type TestApp } from '../test-support/test-app.js';
import { startSshd, type SshdPeer } from '../test-support/sshd-peer.js';
import { ensureClusters } from './clusters.js';

let t: TestApp;
let sshd: SshdPeer;
let owner: string;
let other: string;

const clusters = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/apis/hpc/auth/cluster/list/byuser', headers: { token } })).json().data as {
    id: number;
    name: string;
    kind: string;
    isDefault: boolean;
    reachable: boolean;
  }[];
const makeDefault = async (token: string, clusterId: number) =>
  (await t.app.inject({ method: 'POST', url: '/apis/hpc/auth/cluster/update/default', payload: { clusterId }, headers: { token } })).json();

beforeAll(async () => {
  sshd = await startSshd();
  const base = loadConfig({});
  t = await createTestApp({
    config: {
      storage: {
        ...base.storage,
        sftpCluster: { name: '超算中心', ...sshd.target, homeTemplate: `${sshd.homes}/u{userId}` },
      },
    },
  });
  owner = await login(t.app, demoAccounts.user, demoPassword);
  other = await login(t.app, demoAccounts.teacher, demoPassword);
});
afterAll(async () => {
  await t.close();
  await sshd.stop();
});

describe('clusters of file storage', () => {
  it('has the local default and the SFTP cluster from HPC_SFTP_* on a fresh database, once each however often the server starts', async () => {
    await ensureClusters(t.app);
    const rows = await t.app.db.select().from(hpcClusters);
    expect(rows.map((row) => [row.name, row.kind]).sort()).toEqual([
      ['超算中心', 'sftp'],
      ['默认集群', 'local'],
    ]);
    const list = await clusters(owner);
    expect(list.map((c) => [c.name, c.isDefault, c.reachable])).toEqual([
      ['默认集群', true, true],
      ['超算中心', false, true],
    ]);
  });

  it("records each user's own default; one user's choice leaves the other's alone", async () => {
    const sftp = (await clusters(owner)).find((c) => c.kind === 'sftp')!;
    expect(await makeDefault(owner, sftp.id)).toMatchObject({ code: 200, msg: '默认集群已更新' });
    expect((await clusters(owner)).find((c) => c.isDefault)!.id).toBe(sftp.id);
    expect((await clusters(other)).find((c) => c.isDefault)!.kind).toBe('local');
    const defaults = await t.app.db.select().from(userClusters).where(eq(userClusters.isDefault, true));
    expect(defaults).toHaveLength(2);
    const opened = await t.app.inject({ method: 'POST', url: '/apis/orion/auth/sftp/open', payload: {}, headers: { token: owner } });
    expect(opened.json()).toMatchObject({ code: 200, data: { clusterId: sftp.id, clusterName: '超算中心' } });
    expect(opened.json().data.home).toMatch(new RegExp(`^${sshd.homes}/u\\d+$`));
  });

  it('refuses a disabled cluster everywhere, and falls back to the first enabled one as the default', async () => {
    const sftp = (await clusters(owner)).find((c) => c.kind === 'sftp')!;
    await t.app.db.update(hpcClusters).set({ enabled: false }).where(eq(hpcClusters.id, sftp.id));
    try {
      expect((await clusters(owner)).map((c) => c.kind)).toEqual(['local']);
      expect((await clusters(owner))[0]!.isDefault).toBe(true);
      expect(await makeDefault(other, sftp.id)).toMatchObject({ code: 404, msg: '集群不存在或已停用' });
      const opened = await t.app.inject({
        method: 'POST',
        url: '/apis/orion/auth/sftp/list',
        payload: { clusterId: sftp.id },
        headers: { token: owner },
      });
      expect(opened.json()).toMatchObject({ code: 404, msg: '集群不存在或已停用' });
    } finally {
      await t.app.db.update(hpcClusters).set({ enabled: true }).where(eq(hpcClusters.id, sftp.id));
    }
  });

  it('says when an SFTP cluster cannot be reached instead of failing the list', async () => {
    const [broken] = await t.app.db
      .insert(hpcClusters)
      .values({ name: '断开的集群', kind: 'sftp', ...sshd.target, port: 1, quotaBytes: 1000, quotaFiles: 10 })
      .returning();
    const list = await clusters(owner);
    expect(list.find((c) => c.id === broken!.id)).toMatchObject({ reachable: false });
    const opened = await t.app.inject({
      method: 'POST',
      url: '/apis/orion/auth/sftp/open',
      payload: { clusterId: broken!.id },
      headers: { token: owner },
    });
    expect(opened.json()).toMatchObject({ code: 503, msg: '集群「断开的集群」暂时无法连接，请稍后重试' });
  });
});
