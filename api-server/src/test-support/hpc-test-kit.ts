import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HpcJobSubmitBody } from '@rc/api-contract/hpc/job';
import { userWithBalance } from './compute-test-kit.js';
import { bills, hpcClusters, hpcJobs } from '../db/index.js';
import { call } from './test-app.js';
import { openLocalHpcAccount } from './hpc-account.js';

/** The local (simulated) cluster every test submits to. */
export async function localCluster(app: FastifyInstance) {
  const [cluster] = await app.db.select().from(hpcClusters).where(eq(hpcClusters.kind, 'local'));
  return cluster!;
}

/** A user with `balance` and an open HPC account on the local cluster, its home made by the scheduler. */
export async function hpcUser(app: FastifyInstance, balance: number) {
  const user = await userWithBalance(app, balance);
  const cluster = await localCluster(app);
  await openLocalHpcAccount(app, user.id, cluster);
  return { ...user, clusterId: cluster.id };
}

export function jobBody(clusterId: number, over: Partial<HpcJobSubmitBody> = {}): HpcJobSubmitBody {
  return {
    clusterId,
    name: 'job',
    partition: 'cpu',
    nodes: 1,
    tasks: 4,
    cpusPerTask: 1,
    gpus: 0,
    memoryMb: 1000,
    timeLimitMinutes: 30,
    workDir: '/',
    outputFile: 'slurm-%j.out',
    script: 'sleep 900\n',
    ...over,
  };
}

export const submit = (app: FastifyInstance, token: string, body: HpcJobSubmitBody) =>
  call(app, 'POST', '/apis/hpc/auth/job/submit', body, token);
export const jobView = (app: FastifyInstance, token: string, id: number) =>
  call(app, 'GET', `/apis/hpc/auth/job/view?id=${id}`, undefined, token);

export async function jobRow(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(hpcJobs).where(eq(hpcJobs.id, id));
  return row!;
}

export async function hpcBills(app: FastifyInstance, userId: number) {
  return app.db
    .select()
    .from(bills)
    .where(and(eq(bills.userId, userId), eq(bills.product, 'hpc')));
}
