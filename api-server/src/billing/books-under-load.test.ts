import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, users } from '../db/schema.js';
import { createAccount } from '../accounts/accounts.js';
import { call, lastSmsCode, type Answer, type TestApp } from '../test-support/test-app.js';
import { privateNode, rent, setUpComputeTestApp } from '../test-support/compute-test-kit.js';
import { runMeteringPasses } from '../periodic-jobs.js';
import { checkLedger } from './ledger.js';
import { earner, savedPayeeAccount } from '../test-support/withdrawal-test-kit.js';

/**
 * A thousand money operations at once, of every kind that moves a balance, through the real routes:
 * payment notifications (each delivered three times), return-page queries, rents, metering passes,
 * withdrawals (each party's 25 sharing one SMS code) and allots to and recalls from sub-accounts.
 * Whatever order they interleave in, the invariants must hold afterwards.
 */
let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

const mains = 8;
const rechargesPerMain = 20;
const rechargeAmount = 30_000;
const earnedIncome = 50_000;
const hour = 3_600_000;

interface Party {
  id: number;
  token: string;
  mobile: string;
  subId: number;
  payeeAccountId: number;
  /** The one withdraw code the party's 25 concurrent withdrawals share. */
  withdrawCode: string;
  orders: Array<{ orderNo: string; notification: string }>;
}

let parties: Party[] = [];
let node: { id: number; gpuModelId: number };

async function partyWithMoney(index: number): Promise<Party> {
  const main = await earner(t, earnedIncome, 100_000);
  const payeeAccountId = await savedPayeeAccount(t, main);
  const sub = await createAccount(t.app.db, { mobile: `1370000${String(index).padStart(4, '0')}`, passwordHash: 'x', parentId: main.id });
  const orders = [];
  for (let k = 0; k < rechargesPerMain; k++) {
    const created = await call(
      t.app,
      'POST',
      '/apis/user/auth/recharge/create',
      { amount: rechargeAmount, method: 'sandbox', idempotencyKey: `load-${index}-${k}` },
      main.token,
    );
    expect(created.code).toBe(200);
    const fields = await t.app.payments.providers.sandbox.pay(created.data.paymentNo);
    orders.push({ orderNo: created.data.orderNo as string, notification: new URLSearchParams(fields!).toString() });
  }
  return { ...main, subId: sub.id, payeeAccountId, withdrawCode: '', orders };
}

const notify = (notification: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/apis/user/api/pay/notify/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: notification,
    })
    .then((reply) => ({ code: reply.statusCode === 200 ? 200 : reply.statusCode, msg: reply.body }) as Answer);

const withdraw = (party: Party) =>
  call(
    t.app,
    'POST',
    '/apis/user/auth/user/account/extract/log/save',
    { amount: 10_000, payeeAccountId: party.payeeAccountId, code: party.withdrawCode },
    party.token,
  );

const move = (party: Party, direction: 'allot' | 'recall', amount: number) =>
  call(t.app, 'POST', `/apis/user/auth/user/ext/sub/money/${direction}`, { subUserId: party.subId, amount }, party.token);

beforeAll(async () => {
  node = (await privateNode(t.app.db, 200)).node;
  parties = [];
  for (let index = 0; index < mains; index++) parties.push(await partyWithMoney(index));
  for (const party of parties) {
    const rented = await rent(t.app, party.token, { nodeId: node.id, gpuModelId: node.gpuModelId, imageId });
    expect(rented.code).toBe(200);
  }
  await runMeteringPasses(t.app);
  t.clock.advance(hour);
  for (const party of parties) {
    expect(await call(t.app, 'POST', '/apis/user/auth/user/send/code', { type: 'withdraw' }, party.token)).toMatchObject({ code: 200 });
    party.withdrawCode = lastSmsCode(t.dataDir, party.mobile);
  }
});

describe('the books under 1,000 concurrent money operations', () => {
  it('credit each payment once, never overdraw, and balance to zero', async () => {
    const operations: Array<() => Promise<Answer | unknown>> = [];
    for (const party of parties) {
      for (const order of party.orders) for (let delivery = 0; delivery < 3; delivery++) operations.push(() => notify(order.notification));
      for (const order of party.orders.slice(0, 7))
        operations.push(() => call(t.app, 'POST', '/apis/user/auth/recharge/view', { orderNo: order.orderNo }, party.token));
      for (let k = 0; k < 5; k++)
        operations.push(() => rent(t.app, party.token, { nodeId: node.id, gpuModelId: node.gpuModelId, imageId }));
      for (let k = 0; k < 25; k++) operations.push(() => withdraw(party));
      for (let k = 0; k < 25; k++) operations.push(() => (k % 2 ? move(party, 'recall', 3_000) : move(party, 'allot', 5_000)));
    }
    const meteringPasses = 1_000 - operations.length;
    for (let pass = 0; pass < meteringPasses; pass++) operations.push(() => runMeteringPasses(t.app));
    expect(operations).toHaveLength(1_000);
    // Interleave the kinds instead of running them in blocks: stride through the list.
    const order = Array.from({ length: operations.length }, (_, i) => (i * 389) % operations.length);
    expect(new Set(order).size).toBe(operations.length);

    const outcomes = await Promise.all(order.map((i) => operations[i]!()));

    const answers = outcomes.filter((outcome): outcome is Answer => typeof outcome === 'object' && outcome !== null && 'code' in outcome);
    const failures = answers.filter((answer) => answer.code !== 200 && answer.code !== 409 && answer.code !== 422);
    expect(failures).toEqual([]);

    for (const party of parties) {
      const recharges = await t.app.db
        .select({ count: sql<string>`count(*)`, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, party.id), eq(ledgerEntries.account, 'cash'), eq(ledgerEntries.kind, 'recharge')));
      expect({ count: Number(recharges[0]!.count), total: Number(recharges[0]!.total) }).toEqual({
        count: rechargesPerMain,
        total: rechargesPerMain * rechargeAmount,
      });
      const withdrawn = await call(t.app, 'POST', '/apis/user/auth/user/account/extract/log/list', { pageSize: 100 }, party.token);
      // One withdraw code books one withdrawal, however many requests carry it.
      expect(withdrawn.data.total).toBe(1);
    }
    const [lowest] = await t.app.db
      .select({
        cash: sql<string>`min(${users.balance})`,
        income: sql<string>`min(${users.incomeBalance})`,
        held: sql<string>`min(${users.incomeHeld})`,
      })
      .from(users);
    expect([lowest!.cash, lowest!.income, lowest!.held].map(Number).every((value) => value >= 0)).toBe(true);
    expect(await checkLedger(t.app.db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
  }, 300_000);
});
