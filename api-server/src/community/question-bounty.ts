import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notify } from '../accounts/index.js';
import { postTransaction } from '../billing/index.js';
import { type Executor, BountyState, bills, questions } from '../db/index.js';

/** An unawarded bounty goes back to the asker this long after it was held. */
export const bountyHoldMs = 7 * 86_400_000;

const yuan = (thousandths: number) => (thousandths / 1000).toFixed(2);
const held = { kind: 'bounties_held' } as const;

type BountyMove = 'hold' | 'pay' | 'refund';

/** One ledger transaction (keyed by question and move, so it can never post twice) and the bill line that explains it. */
async function moveBounty(
  tx: Executor,
  move: BountyMove,
  m: { questionId: number; userId: number; amount: number; note: string; at: Date },
) {
  const toUser = move === 'hold' ? -m.amount : m.amount;
  const posted = await postTransaction(tx, {
    kind: `bounty_${move}`,
    note: m.note,
    at: m.at,
    idempotencyKey: `question-bounty:${m.questionId}:${move}`,
    legs: [
      { account: { kind: 'cash', userId: m.userId }, amount: toUser },
      { account: held, amount: -toUser },
    ],
  });
  if (posted.replayed) return;
  await tx.insert(bills).values({
    userId: m.userId,
    ledgerEntryId: posted.legs[0]!.entryId,
    kind: 'bounty',
    product: 'community',
    amount: -toUser,
    note: m.note,
    createdAt: m.at,
  });
}

/**
 * Takes the bounty from the asker's cash into the platform's holding account, in the caller's
 * transaction (the one that writes the question), and starts its seven days. Refuses to overdraw.
 */
export async function holdBounty(tx: Executor, q: { id: number; askerId: number; title: string }, bountyYuan: number, now: Date) {
  const amount = bountyYuan * 1000;
  await moveBounty(tx, 'hold', { questionId: q.id, userId: q.askerId, amount, note: `问答悬赏托管：${q.title}`, at: now });
  await tx
    .update(questions)
    .set({ bounty: amount, bountyState: BountyState.held, bountyExpiresAt: new Date(now.getTime() + bountyHoldMs) })
    .where(eq(questions.id, q.id));
}

/**
 * Pays a held, unexpired bounty to the accepted answer's author. The state moves held → paid by a
 * conditional update first, so a concurrent refund (or a second accept) finds nothing to move.
 */
export async function payBounty(tx: Executor, questionId: number, payeeId: number, now: Date): Promise<number> {
  const [won] = await tx
    .update(questions)
    .set({ bountyState: BountyState.paid, bountyExpiresAt: null })
    .where(and(eq(questions.id, questionId), eq(questions.bountyState, BountyState.held), gt(questions.bountyExpiresAt, now)))
    .returning({ bounty: questions.bounty, title: questions.title });
  if (!won) return 0;
  await moveBounty(tx, 'pay', { questionId, userId: payeeId, amount: won.bounty, note: `问答悬赏收入：${won.title}`, at: now });
  await notify(tx, payeeId, '悬赏已到账', `你在问题「${won.title}」下的回答被采纳，悬赏 ¥${yuan(won.bounty)} 已存入账户余额。`, now);
  return won.bounty;
}

/** Gives a held bounty back to the asker (expired, or the question deleted before any answer): held → refunded, once. */
export async function refundBounty(tx: Executor, questionId: number, now: Date, onlyExpired: boolean): Promise<number> {
  const [won] = await tx
    .update(questions)
    .set({ bountyState: BountyState.refunded, bountyExpiresAt: null })
    .where(
      and(
        eq(questions.id, questionId),
        eq(questions.bountyState, BountyState.held),
        onlyExpired ? lte(questions.bountyExpiresAt, now) : undefined,
      ),
    )
    .returning({ bounty: questions.bounty, title: questions.title, askerId: questions.askerId });
  if (!won) return 0;
  await moveBounty(tx, 'refund', { questionId, userId: won.askerId, amount: won.bounty, note: `问答悬赏退回：${won.title}`, at: now });
  await notify(tx, won.askerId, '悬赏已退回', `问题「${won.title}」的悬赏 ¥${yuan(won.bounty)} 已退回账户余额。`, now);
  return won.bounty;
}

/** The periodic pass: refunds every bounty held past its seven days, each in its own transaction. */
export async function refundExpiredBounties(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const due = await app.db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.bountyState, BountyState.held), lte(questions.bountyExpiresAt, now)))
    .limit(500);
  let refunded = 0;
  for (const { id } of due) if ((await app.db.transaction((tx) => refundBounty(tx, id, now, true))) > 0) refunded += 1;
  return refunded;
}
