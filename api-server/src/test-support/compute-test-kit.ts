import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { computeNodes, gpuModels, images, ledgerEntries, users, type Executor } from '../db/index.js';
import { call, createTestApp, type TestApp } from './test-app.js';
import { applyLedgerEntry, postTransaction } from '../billing/index.js';
import { createAccount, startSession } from '../accounts/index.js';
import { runMeteringPasses } from '../periodic-jobs.js';

/** Registers a compute test file's hooks: a fresh app and a system image to rent with, handed to `opened`. */
export function setUpComputeTestApp(opened: (compute: { t: TestApp; imageId: number }) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    opened({ t, imageId: await systemImageId(t.app.db) });
  });
  afterAll(() => t?.close());
}

/** POST /apis/user/auth/user/instance/<path> as the token's user. */
export const instanceOp = (app: FastifyInstance, token: string, path: string, body: object) =>
  call(app, 'POST', `/apis/user/auth/user/instance/${path}`, body, token);

/** Moves the clock on and runs one scheduler pass. */
export async function settle(t: TestApp, ms: number) {
  t.clock.advance(ms);
  await runMeteringPasses(t.app);
}

let accounts = 0;

/** A fresh user with `balance` thousandths of a yuan (a new mobile each call) and a session token. */
export async function userWithBalance(app: FastifyInstance, balance: number) {
  accounts += 1;
  const mobile = `139${String(process.pid % 10_000).padStart(4, '0')}${String(accounts).padStart(4, '0')}`;
  const account = await createAccount(app.db, { mobile, passwordHash: 'x', nickname: `测试${accounts}` });
  if (balance > 0)
    await applyLedgerEntry(app.db, { userId: account.id, amount: balance, kind: 'grant', note: '测试', at: app.clock.now() });
  return { id: account.id, token: await tokenFor(app, account.id) };
}

/** A new user holding `cash` of recharged money (invoiceable once spent, unlike the granted credit of userWithBalance). */
export async function userWithRechargedCash(app: FastifyInstance, cash: number) {
  const user = await userWithBalance(app, 0);
  await postTransaction(app.db, {
    kind: 'recharge',
    note: '测试充值',
    at: app.clock.now(),
    legs: [
      { account: { kind: 'cash', userId: user.id }, amount: cash },
      { account: { kind: 'clearing', provider: 'test' }, amount: -cash },
    ],
  });
  return user;
}

/** A new session for the user (a test that moves the clock past a day outlives the old one). */
export function tokenFor(app: FastifyInstance, userId: number) {
  return startSession(app, userId, { ip: '127.0.0.1', userAgent: 'test' });
}

let privateNodes = 0;

/** A node of its own (so tests do not share GPUs) with `gpus` cards of the RTX 4090. */
export async function privateNode(db: Executor, gpus: number) {
  const [model] = await db.select().from(gpuModels).where(eq(gpuModels.code, 'rtx4090'));
  const [node] = await db
    .insert(computeNodes)
    .values({
      regionCode: 'xb-1',
      name: `test-${gpus}-${++privateNodes}`,
      gpuModelId: model!.id,
      gpuTotal: gpus,
      gpuFree: gpus,
      cpuPerGpu: 16,
      memoryPerGpuGb: 60,
      cudaVersion: '12.4',
      sshHost: 'connect.test',
    })
    .returning();
  return { node: node!, model: model! };
}

export async function systemImageId(db: Executor) {
  const [image] = await db
    .select({ id: images.id })
    .from(images)
    .where(sql`${images.userId} is null`)
    .limit(1);
  return image!.id;
}

export async function balanceOf(app: FastifyInstance, userId: number) {
  const [row] = await app.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return row!.balance;
}

export async function ledgerSum(app: FastifyInstance, userId: number) {
  const [row] = await app.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'cash')));
  return Number(row!.sum);
}

export async function gpuFree(app: FastifyInstance, nodeId: number) {
  const [row] = await app.db.select({ free: computeNodes.gpuFree }).from(computeNodes).where(eq(computeNodes.id, nodeId));
  return row!.free;
}

/** Rents on the given node (pay-as-you-go unless a package is named), confirming the quote it gets first; a refused quote is the answer. */
export async function rent(
  app: FastifyInstance,
  token: string,
  o: {
    nodeId: number;
    gpuModelId: number;
    imageId: number;
    gpuCount?: number;
    billingType?: number;
    duration?: number;
    dataDiskExtraGb?: number;
  },
) {
  const order = { regionCode: 'xb-1', gpuCount: 1, billingType: 1, ...o };
  const quoted = await call(app, 'POST', '/apis/user/auth/order/price/preview', order, token);
  if (quoted.code !== 200) return quoted;
  return call(app, 'POST', '/apis/user/auth/order/info/pay', { ...order, quoteToken: quoted.data.quoteToken }, token);
}

/** Quotes an operation on an instance and confirms it at `path` with the quote; a refused quote is the answer. */
export async function quotedOperation(
  app: FastifyInstance,
  token: string,
  operation: string,
  path: string,
  body: { id: number } & Record<string, unknown>,
) {
  const quoted = await call(app, 'POST', '/apis/user/auth/user/instance/quote', { operation, ...body }, token);
  if (quoted.code !== 200) return quoted;
  return call(app, 'POST', path, { ...body, quoteToken: quoted.data.quoteToken }, token);
}

export async function messagesOf(app: FastifyInstance, token: string) {
  const answer = await call(app, 'POST', '/apis/user/auth/msg/user/list', { pageSize: 100 }, token);
  return answer.data.list as Array<{ title: string; content: string }>;
}
