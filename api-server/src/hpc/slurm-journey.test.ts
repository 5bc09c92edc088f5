import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../seed/demo-data.js';
import { ServerProcess } from '../test-support/server-process.js';
import { startSlurmCluster, type SlurmCluster } from '../test-support/slurm-cluster.js';
import { md5Of, UploadClient } from '../test-support/upload-client.js';

// The journey on the real server with HPC_SCHEDULER=slurm: every step through its HTTP API, the jobs run by
// a real one-node Slurm cluster reached over SSH; the accounts it makes are removed at the end.
let cluster: SlurmCluster;
let server: ServerProcess;
const prefix = `j${process.pid}x`;

interface Answer<T = any> {
  code: number;
  data: T;
  msg: string;
}

async function api<T = any>(token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer<T>> {
  const response = await fetch(`${server.apiBase}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer<T>;
}

async function logIn(mobile: string): Promise<string> {
  const answer = await api('', 'POST', '/user/api/user/login/password', { mobile, password: demoPassword });
  expect(answer.code).toBe(200);
  return answer.data.token as string;
}

/** Polls until `done` holds: a generous bound, no fixed sleep decides the outcome. */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  cluster = await startSlurmCluster();
  const { host, port, username, privateKey } = cluster.login.target;
  server = await ServerProcess.start({
    env: {
      HPC_SFTP_HOST: host,
      HPC_SFTP_PORT: String(port),
      HPC_SFTP_USER: username,
      HPC_SFTP_KEY: privateKey,
      HPC_SFTP_HOME: `${cluster.homes}/{userId}`,
      HPC_SCHEDULER: 'slurm',
      HPC_SLURM_CONF: cluster.slurmConf,
      HPC_SLURM_JOBCOMP_LOG: cluster.jobcompLog,
      HPC_ACCOUNT_PREFIX: prefix,
      HPC_SCRATCH: `${cluster.dir}/scratch/{account}`,
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  const made = execFileSync('getent', ['passwd'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.split(':')[0]!)
    .filter((name) => name.startsWith(prefix));
  for (const name of made) execFileSync('userdel', ['-r', name], { stdio: 'ignore' });
  await cluster?.stop();
}, 60_000);

describe('HPC on a real Slurm cluster', () => {
  it(
    'opens HPC, runs an uploaded input through a job, bills its core-seconds, and keeps each user to their own jobs',
    { timeout: 240_000 },
    async () => {
      const [user, other, operator] = [
        await logIn(demoAccounts.user),
        await logIn(demoAccounts.teacher),
        await logIn(demoAccounts.operator),
      ];
      const clusters = (await api(user, 'GET', '/hpc/auth/cluster/list/byuser')).data;
      const clusterId = (clusters.list ?? clusters).find((c: { name: string }) => c.name === 'HPC集群').id as number;

      const open = async (token: string) => {
        expect(await api(token, 'POST', '/hpc/auth/account/apply', { clusterId, purpose: '分子动力学模拟' })).toMatchObject({ code: 200 });
        const application = (await api(token, 'GET', '/hpc/auth/account/list')).data.find(
          (a: { clusterId: number }) => a.clusterId === clusterId,
        );
        expect(await api(operator, 'POST', '/hpc/auth/account/review/approve', { id: application.id })).toMatchObject({ code: 200 });
        const account = (await api(token, 'GET', '/hpc/auth/account/list')).data.find(
          (a: { clusterId: number }) => a.clusterId === clusterId,
        );
        expect(account).toMatchObject({ status: 2 });
        return account as { home: string; unixName: string };
      };
      const account = await open(user);
      await open(other);
      expect(fs.statSync(account.home).uid).toBe(Number(execFileSync('id', ['-u', account.unixName], { encoding: 'utf8' })));

      const uploader = new UploadClient(server.url, user);
      const input = Buffer.from('第一行\n第二行\n');
      const chunkSize = 64 * 1024;
      await uploader.sendChunks('/apis/orion/auth/file/chunk', input, { fileName: 'input.txt', chunkSize, uploadPath: '' });
      const merged = await uploader.post('/apis/orion/auth/file/mergeFile', {
        fileName: 'input.txt',
        identifier: md5Of(input),
        chunkSize,
        totalSize: input.length,
        path: '',
        tree: `cluster:${clusterId}`,
      });
      expect(merged.code).toBe(200);

      const body = {
        clusterId,
        name: '读取输入',
        partition: 'cpu',
        nodes: 1,
        tasks: 2,
        cpusPerTask: 1,
        gpus: 0,
        memoryMb: 100,
        timeLimitMinutes: 10,
        workDir: account.home,
        outputFile: 'out-%j.txt',
        // The job ends only once the test has seen it running: a job of a few seconds could end between two looks at
        // a loaded machine's queue, and never be seen running.
        script: 'echo 开始\ncat input.txt\nsleep 6\nuntil [ -e seen-running ]; do sleep 0.2; done\necho 结束\n',
      };
      const submitted = await api(user, 'POST', '/hpc/auth/job/submit', body);
      expect(submitted).toMatchObject({ code: 200 });
      const id = submitted.data.id as number;
      const view = async (token = user) => (await api(token, 'GET', `/hpc/auth/job/view?id=${id}`)).data;
      const seen = new Set<string>([(await view()).state]);
      const done = await until(
        'the job completed',
        async () => {
          const job = await view();
          seen.add(job.state);
          if (job.state === 'RUNNING') fs.writeFileSync(`${account.home}/seen-running`, '');
          return job;
        },
        (job) => job.state === 'COMPLETED',
      );
      expect(seen).toContain('RUNNING');
      expect([...seen][0]).toMatch(/PENDING|RUNNING/);
      expect(done).toMatchObject({ exitCode: 0, allocCpus: 2 });
      expect(done.elapsedSeconds).toBeGreaterThanOrEqual(6);
      expect(done.coreSeconds).toBe(2 * done.elapsedSeconds);
      expect(fs.readFileSync(done.outputPath, 'utf8')).toBe('开始\n第一行\n第二行\n结束\n');
      const bills = await until(
        'the HPC bill line',
        async () => (await api(user, 'POST', '/user/auth/bill/list', { pageSize: 100 })).data.list as Array<Record<string, any>>,
        (list) => list.some((line) => line.product === 'hpc' && String(line.note).includes(`作业${done.schedulerJobId}「`)),
      );
      const line = bills.find((l) => l.product === 'hpc' && String(l.note).includes(`作业${done.schedulerJobId}「`))!;
      expect(line.quantity).toBe(done.coreSeconds);
      expect(line.note).toContain(`2核×${done.elapsedSeconds}秒`);

      const long = await api(user, 'POST', '/hpc/auth/job/submit', { ...body, name: '长作业', script: 'sleep 600\n' });
      const longId = long.data.id as number;
      await until(
        'the long job running',
        async () => (await api(user, 'GET', `/hpc/auth/job/view?id=${longId}`)).data,
        (job) => job.state === 'RUNNING',
      );
      expect(await api(other, 'GET', `/hpc/auth/job/view?id=${longId}`)).toMatchObject({ msg: '作业不存在' });
      expect(await api(other, 'POST', '/hpc/auth/job/cancel', { id: longId })).toMatchObject({ msg: '作业不存在' });
      expect(await api(user, 'POST', '/hpc/auth/job/cancel', { id: longId })).toMatchObject({ code: 200 });
      await until(
        'the long job cancelled',
        async () => (await api(user, 'GET', `/hpc/auth/job/view?id=${longId}`)).data,
        (job) => job.state === 'CANCELLED',
      );
    },
  );
});
