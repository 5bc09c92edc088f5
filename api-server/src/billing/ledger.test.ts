import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { userWithBalance } from '../test-support/compute-test-kit.js';
import { checkLedger, postTransaction, type LedgerLeg } from './ledger.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const transfer = (from: number, to: number, amount: number): LedgerLeg[] => [
  { account: { kind: 'cash', userId: from }, amount: -amount },
  { account: { kind: 'cash', userId: to }, amount },
];

describe('the double-entry ledger', () => {
  it('writes one entry per leg under one transaction, and the books stay balanced', async () => {
    const payer = await userWithBalance(t.app, 10_000);
    const posted = await postTransaction(t.app.db, {
      kind: 'charge',
      note: '测试扣费',
      at: t.clock.now(),
      legs: [
        { account: { kind: 'cash', userId: payer.id }, amount: -2_500 },
        { account: { kind: 'revenue' }, amount: 2_500 },
      ],
    });
    expect(posted).toMatchObject({ replayed: false, legs: [{ balanceAfter: 7_500 }, { balanceAfter: null }] });
    const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, posted.transactionId));
    expect(entries.map(({ account, userId, amount }) => ({ account, userId, amount }))).toEqual([
      { account: 'cash', userId: payer.id, amount: -2_500 },
      { account: 'revenue', userId: null, amount: 2_500 },
    ]);
    expect(await checkLedger(t.app.db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
  });

  it('refuses a transaction that does not balance, or has a fraction of a thousandth, and writes nothing', async () => {
    const user = await userWithBalance(t.app, 1_000);
    const before = await t.app.db.select().from(ledgerEntries);
    const post = (legs: LedgerLeg[]) => postTransaction(t.app.db, { kind: 'charge', note: '', at: t.clock.now(), legs });
    await expect(post([{ account: { kind: 'cash', userId: user.id }, amount: -10 }])).rejects.toThrow(/two legs/);
    await expect(
      post([
        { account: { kind: 'cash', userId: user.id }, amount: -10 },
        { account: { kind: 'revenue' }, amount: 9 },
      ]),
    ).rejects.toThrow(/sum to zero/);
    await expect(
      post([
        { account: { kind: 'cash', userId: user.id }, amount: -0.5 },
        { account: { kind: 'revenue' }, amount: 0.5 },
      ]),
    ).rejects.toThrow(/whole thousandths/);
    expect(await t.app.db.select().from(ledgerEntries)).toHaveLength(before.length);
  });

  it('never takes a user account below zero, whichever leg would, and leaves the other legs untouched', async () => {
    const rich = await userWithBalance(t.app, 5_000);
    const poor = await userWithBalance(t.app, 100);
    await expect(
      t.app.db.transaction((tx) =>
        postTransaction(tx, { kind: 'allot', note: '', at: t.clock.now(), legs: transfer(poor.id, rich.id, 101) }),
      ),
    ).rejects.toThrow('账户余额不足，请先充值');
    await expect(
      t.app.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'withdraw',
          note: '',
          at: t.clock.now(),
          legs: [
            { account: { kind: 'income', userId: rich.id }, amount: -1 },
            { account: { kind: 'withdrawals_payable' }, amount: 1 },
          ],
        }),
      ),
    ).rejects.toThrow('可提现收益不足');
    expect(await checkLedger(t.app.db, [rich.id, poor.id])).toMatchObject({ mismatches: [] });
  });

  it('settles concurrent transfers both ways between two users without overdrawing or deadlocking', async () => {
    const a = await userWithBalance(t.app, 1_000);
    const b = await userWithBalance(t.app, 1_000);
    const moves = Array.from({ length: 60 }, (_, i) => (i % 2 ? transfer(a.id, b.id, 70) : transfer(b.id, a.id, 70)));
    const outcomes = await Promise.allSettled(
      moves.map((legs) => t.app.db.transaction((tx) => postTransaction(tx, { kind: 'allot', note: '', at: t.clock.now(), legs }))),
    );
    expect(outcomes.every((o) => o.status === 'fulfilled' || /余额不足/.test(String(o.reason)))).toBe(true);
    const check = await checkLedger(t.app.db, [a.id, b.id]);
    expect(check.mismatches).toEqual([]);
    expect(check.trialBalance).toBe(0);
  });

  it('posts once under an idempotency key however often, in parallel or in sequence, and a replay returns the first', async () => {
    const user = await userWithBalance(t.app, 0);
    const credit = () =>
      t.app.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'recharge',
          note: '充值',
          at: t.clock.now(),
          idempotencyKey: `test:replay:${user.id}`,
          legs: [
            { account: { kind: 'clearing', provider: 'sandbox' }, amount: -1_000 },
            { account: { kind: 'cash', userId: user.id }, amount: 1_000 },
          ],
        }),
      );
    const parallel = await Promise.all(Array.from({ length: 30 }, credit));
    const sequential = [];
    for (let i = 0; i < 10; i++) sequential.push(await credit());
    const all = [...parallel, ...sequential];
    expect(all.filter((posted) => !posted.replayed)).toHaveLength(1);
    expect(new Set(all.map((posted) => posted.transactionId)).size).toBe(1);
    const cash = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
    expect(cash.map((entry) => entry.amount)).toEqual([1_000]);
    expect(await checkLedger(t.app.db, [user.id])).toMatchObject({ mismatches: [] });
  });
});
