import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bills, ledgerEntries, messages, questions } from '../../db/schema.js';
import { checkLedger } from '../../billing/ledger.js';
import { refundExpiredBounties } from '../../community/question-bounty.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { answerQuestion, ask, auth, body, cashOf, members, signInAgain, type Member } from '../../test-support/question-test-kit.js';

let t: TestApp;
let asker: Member;
let helper: Member;
let rival: Member;
beforeAll(async () => {
  t = await createTestApp();
  // The seeded demo bounty expires first, so each pass below only sees this file's bounties.
  t.clock.advance(8 * day);
  await refundExpiredBounties(t.app);
  [asker, helper, rival] = await members(t, [1_000_000, 0, 0]);
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.advance(3_600_000);
  await signInAgain(t, [asker, helper, rival]);
});

/** Moves the clock by days (sessions last one), signing everyone in again. */
async function travel(ms: number) {
  t.clock.advance(ms);
  await signInAgain(t, [asker, helper, rival]);
}

const balancedBooks = { trialBalance: 0, unbalancedTransactions: [], mismatches: [] };
const day = 86_400_000;

const bountyOf = async (id: number) => {
  const [row] = await t.app.db
    .select({ state: questions.bountyState, bounty: questions.bounty })
    .from(questions)
    .where(eq(questions.id, id));
  return row!;
};
const entriesOf = (kind: string, userId: number) =>
  t.app.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, kind), eq(ledgerEntries.userId, userId)));
const accept = (questionId: number, answerId: number, who = asker) =>
  call(t.app, 'POST', auth('accept'), { questionId, answerId }, who.token);

describe('question bounties', () => {
  it('holds the bounty from the asker at ask time, pays it to the accepted answer once, with a bill, a note and a message', async () => {
    const before = await cashOf(t, asker.id);
    const id = await ask(t, asker, { bounty: 50 });
    expect(await cashOf(t, asker.id)).toBe(before - 50_000);
    expect(await bountyOf(id)).toEqual({ state: 1, bounty: 50_000 });
    const view = await call(t.app, 'POST', auth('view'), { id }, helper.token);
    expect(view.data).toMatchObject({
      bounty: 50_000,
      bountyState: 1,
      bountyExpiresAt: new Date(t.clock.now().getTime() + 7 * day).toISOString(),
    });
    const listed = await call(t.app, 'POST', '/apis/community/api/questions/list', { tab: 5, pageSize: 100 });
    expect(listed.data.list.map((q: { id: number }) => q.id)).toContain(id);

    const answerId = await answerQuestion(t, helper, id);
    expect(await accept(id, answerId)).toMatchObject({ code: 200, msg: '已采纳，悬赏已发放给回答者', data: { bountyPaid: 50_000 } });
    expect(await cashOf(t, helper.id)).toBe(50_000);
    expect(await cashOf(t, asker.id)).toBe(before - 50_000);
    expect(await bountyOf(id)).toEqual({ state: 2, bounty: 50_000 });
    const [paid] = await entriesOf('bounty_pay', helper.id);
    expect(paid).toMatchObject({ amount: 50_000, note: '问答悬赏收入：怎样配置 CUDA 环境变量？' });
    const helperBills = await t.app.db.select().from(bills).where(eq(bills.userId, helper.id));
    expect(helperBills).toEqual([expect.objectContaining({ kind: 'bounty', product: 'community', amount: -50_000 })]);
    const inbox = await t.app.db.select().from(messages).where(eq(messages.userId, helper.id));
    expect(inbox.map((m) => m.title)).toContain('悬赏已到账');
    // Nothing moves again: a refund pass long after finds the bounty paid.
    await travel(8 * day);
    expect(await refundExpiredBounties(t.app)).toBe(0);
    expect(await cashOf(t, asker.id)).toBe(before - 50_000);
    expect(await bountyOf(id)).toEqual({ state: 2, bounty: 50_000 });
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });

  it('refuses a bounty the balance cannot cover without creating the question', async () => {
    const [poor] = await members(t, [10_000]);
    const refused = await call(t.app, 'POST', auth('save'), { title: '余额不够的悬赏问题', contentMd: body, bounty: 11 }, poor.token);
    expect(refused.code).toBe(409);
    expect(refused.msg).toContain('余额不足');
    expect(await t.app.db.select().from(questions).where(eq(questions.askerId, poor.id))).toEqual([]);
    expect(await cashOf(t, poor.id)).toBe(10_000);
    expect((await call(t.app, 'POST', auth('save'), { title: '悬赏超出上限的问题', contentMd: body, bounty: 501 }, poor.token)).code).toBe(
      422,
    );
    expect((await call(t.app, 'POST', auth('save'), { title: '悬赏不是整数的问题', contentMd: body, bounty: 1.5 }, poor.token)).code).toBe(
      422,
    );
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });

  it('refunds a bounty nobody was given within 7 days, once; a later accept pays nothing', async () => {
    const before = await cashOf(t, asker.id);
    const id = await ask(t, asker, { bounty: 30 });
    const answerId = await answerQuestion(t, helper, id);
    const refundsBefore = (await entriesOf('bounty_refund', asker.id)).length;
    await travel(7 * day - 60_000);
    expect(await refundExpiredBounties(t.app)).toBe(0);
    t.clock.advance(60_000);
    expect(await refundExpiredBounties(t.app)).toBe(1);
    expect(await refundExpiredBounties(t.app)).toBe(0);
    expect(await entriesOf('bounty_refund', asker.id)).toHaveLength(refundsBefore + 1);
    expect((await t.app.db.select().from(messages).where(eq(messages.userId, asker.id))).map((m) => m.title)).toContain('悬赏已退回');
    expect(await cashOf(t, asker.id)).toBe(before);
    expect(await bountyOf(id)).toEqual({ state: 3, bounty: 30_000 });
    const helperBefore = await cashOf(t, helper.id);
    expect(await accept(id, answerId)).toMatchObject({ code: 200, data: { bountyPaid: 0 } });
    expect(await cashOf(t, helper.id)).toBe(helperBefore);
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });

  it('an accept racing the expiry pass at the deadline moves the bounty exactly once', async () => {
    for (const moment of ['before', 'after'] as const) {
      t.clock.advance(3_600_000);
      const askerBefore = await cashOf(t, asker.id);
      const helperBefore = await cashOf(t, helper.id);
      const id = await ask(t, asker, { bounty: 10 });
      const answerId = await answerQuestion(t, helper, id);
      await travel(moment === 'before' ? 7 * day - 1 : 7 * day);
      const [accepted, refunded] = await Promise.all([accept(id, answerId), refundExpiredBounties(t.app)]);
      expect(accepted.code).toBe(200);
      const paidOut = accepted.data.bountyPaid;
      expect(paidOut + refunded * 10_000).toBe(10_000);
      expect(paidOut).toBe(moment === 'before' ? 10_000 : 0);
      expect(await cashOf(t, helper.id)).toBe(helperBefore + paidOut);
      expect(await cashOf(t, asker.id)).toBe(askerBefore - paidOut);
      expect((await bountyOf(id)).state).toBe(moment === 'before' ? 2 : 3);
    }
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });

  it('two accepts at once: one wins, the bounty is paid once', async () => {
    const id = await ask(t, asker, { bounty: 20 });
    const first = await answerQuestion(t, helper, id);
    const second = await answerQuestion(t, rival, id);
    const helperBefore = await cashOf(t, helper.id);
    const rivalBefore = await cashOf(t, rival.id);
    const answers = await Promise.all([accept(id, first), accept(id, second), accept(id, first)]);
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409).map((a) => a.msg)).toEqual(['该问题已采纳过回答', '该问题已采纳过回答']);
    const gained = (await cashOf(t, helper.id)) - helperBefore + (await cashOf(t, rival.id)) - rivalBefore;
    expect(gained).toBe(20_000);
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });

  it('keeps the bounty fixed once held, and deletes a bounty question only before anyone answers (refunding first)', async () => {
    const before = await cashOf(t, asker.id);
    const id = await ask(t, asker, { bounty: 5 });
    const edit = { id, title: '怎样配置 CUDA 环境变量？', contentMd: body };
    expect(await call(t.app, 'POST', auth('update'), { ...edit, bounty: 8 }, asker.token)).toMatchObject({
      code: 409,
      msg: '悬赏一经托管不能修改',
    });
    expect((await call(t.app, 'POST', auth('update'), { ...edit, bounty: 5 }, asker.token)).code).toBe(200);
    expect(await call(t.app, 'POST', auth('delete'), { id }, helper.token)).toMatchObject({ code: 403 });
    expect(await call(t.app, 'POST', auth('delete'), { id }, asker.token)).toMatchObject({ code: 200 });
    expect(await cashOf(t, asker.id)).toBe(before);

    const answered = await ask(t, asker, { bounty: 5 });
    await answerQuestion(t, helper, answered);
    const refused = await call(t.app, 'POST', auth('delete'), { id: answered }, asker.token);
    expect(refused.code).toBe(409);
    expect(await bountyOf(answered)).toEqual({ state: 1, bounty: 5_000 });
    expect(await cashOf(t, asker.id)).toBe(before - 5_000);

    const plain = await ask(t, asker);
    expect((await call(t.app, 'POST', auth('update'), { ...edit, id: plain, bounty: 3 }, asker.token)).code).toBe(200);
    expect(await bountyOf(plain)).toEqual({ state: 1, bounty: 3_000 });
    expect(await cashOf(t, asker.id)).toBe(before - 8_000);
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });
});
