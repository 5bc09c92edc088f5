/**
 * Payment notifications settled per second (not a test): `orders` sandbox recharges are created and paid at the
 * sandbox, then their signed notifications are delivered to the public notification endpoint (in-process,
 * `concurrency` at a time), first as news (each settles: guarded update, ledger transaction, order paid) and then
 * again as replays (each answered without moving money). Afterwards the ledger must still balance.
 * PGlite in a temp folder, or PostgreSQL when TEST_POSTGRES_URL or DATABASE_URL is set.
 *   npx tsx bench/payment-notifications.ts [orders] [concurrency]
 */
import os from 'node:os';
import { createTestApp } from '../api-server/src/test-support/test-app.js';
import { demoAccounts } from '../api-server/src/seed/demo-data.js';
import { createRecharge } from '../api-server/src/billing/payments/recharge.js';
import { checkLedger } from '../api-server/src/billing/ledger.js';

const orders = Number(process.argv[2] ?? 2_000);
const concurrency = Number(process.argv[3] ?? 16);
if (!process.env.DATABASE_URL && process.env.TEST_POSTGRES_URL) process.env.DATABASE_URL = process.env.TEST_POSTGRES_URL;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const t = await createTestApp();
try {
  const { app } = t;
  // drizzle-orm stays inside api-server: rows are read through the database's relational queries.
  const demoUser = () => app.db.query.users.findFirst({ where: (user, { eq }) => eq(user.mobile, demoAccounts.user) });
  const user = await demoUser();
  const notifications: string[] = [];
  for (let i = 0; i < orders; i++) {
    const recharge = await createRecharge(app.payments, user!.id, { amount: 10_000, method: 'sandbox', idempotencyKey: `bench-${i}` });
    notifications.push(new URLSearchParams((await app.payments.providers.sandbox.pay(recharge.paymentNo))!).toString());
  }

  const deliverAll = async () => {
    const started = performance.now();
    let next = 0;
    const answers: string[] = [];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < notifications.length) {
          const body = notifications[next++]!;
          const answer = await app.inject({
            method: 'POST',
            url: '/apis/user/api/pay/notify/sandbox',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: body,
          });
          answers.push(answer.body);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    if (answers.some((body) => body !== 'success')) throw new Error('a notification was refused');
    return notifications.length / seconds;
  };

  const settled = await deliverAll();
  const replayed = await deliverAll();
  const after = await demoUser();
  const ledger = await checkLedger(app.db);
  const credited = after!.balance - user!.balance;

  console.log(`\n${database}, ${orders} notifications, ${concurrency} at a time, ${os.cpus().length} cores`);
  console.log(`first delivery (settles)   ${settled.toFixed(0).padStart(6)} notifications/s`);
  console.log(`second delivery (replays)  ${replayed.toFixed(0).padStart(6)} notifications/s`);
  console.log(
    `credited ¥${(credited / 1000).toFixed(2)} of ¥${((orders * 10_000) / 1000).toFixed(2)} expected; trial balance ${ledger.trialBalance}, ` +
      `${ledger.mismatches.length} cached-balance mismatches`,
  );
  if (credited !== orders * 10_000 || ledger.trialBalance !== 0 || ledger.mismatches.length > 0) process.exitCode = 1;
} finally {
  await t.close();
}
