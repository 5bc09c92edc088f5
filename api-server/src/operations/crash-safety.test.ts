import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/open-database.js';
import { queryRows } from '../db/query-rows.js';
import { createAccount } from '../accounts/accounts.js';
import { hashPassword } from '../lib/password.js';
import { applyLedgerEntry, checkLedger } from '../billing/ledger.js';
import { writeClockFile } from '../file-clock.js';
import { adminQuery, databaseUrl } from '../test-support/postgres-admin.js';
import { ServerProcess } from '../test-support/server-process.js';
import { Billing, OrderType, Status } from '../compute/states.js';
import { privateNode, systemImageId } from '../test-support/compute-test-kit.js';
import { seededRandom } from '../lib/seeded-random.js';

/**
 * 1,000 mixed money operations against the real server process, SIGKILLed three times at moments drawn from a
 * seeded generator and restarted on the same data; then the books, read straight from the database, must show
 * every operation that was answered with success exactly once and every other one complete or absent.
 */

const seed = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));
console.log(`crash-safety seed ${seed} (CRASH_SEED=${seed} repeats this run)`);

const random = seededRandom(seed);
const pick = <T>(items: readonly T[], r = random()) => items[Math.floor(r * items.length)]!;

const operationCount = 1_000;
const inFlight = 50;
const userCount = 8;
const password = 'Crash@2026';
const startingBalance = 2_000_000;
/** The server's clock (CLOCK_FILE) runs this many times faster than the wall clock, so instances finish creating and stopping during the load. */
const clockSpeedUp = 50;
const clockTickMs = 100;

type Kind = 'recharge' | 'rentPayg' | 'rentPackage' | 'renew' | 'release';
const kinds: Kind[] = [
  'recharge',
  'recharge',
  'recharge',
  'rentPayg',
  'rentPayg',
  'rentPackage',
  'rentPackage',
  'renew',
  'renew',
  'release',
];

interface Answer {
  code: number;
  data: any;
  msg: string;
}

interface Outcome {
  kind: Kind;
  user: number;
  answered: boolean;
  orderNo?: string;
  orderId?: number;
  instanceId?: number;
}

let server: ServerProcess;
let dataDir: string;
let postgres: { adminUrl: string; name: string; url: string } | undefined;
let clockFile: string;
let clockTimer: NodeJS.Timeout | undefined;
let nodeId: number;
let gpuModelId: number;
let imageId: number;
const tokens: string[] = [];
const userIds: number[] = [];

function openOurDatabase() {
  return openDatabase({ dataDir, databaseUrl: postgres?.url });
}

async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const opened = await openOurDatabase();
  try {
    return await work(opened.db);
  } finally {
    await opened.close();
  }
}

/** A copy of the run's migrated template with the demo data, plus the test's users (with money) and a node of its own. */
async function prepareData() {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-crash-'));
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    fs.cpSync(path.join(template.dataDir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  } else {
    const name = `rc_crash_${randomBytes(6).toString('hex')}`;
    await adminQuery(template.adminUrl, `create database ${name} template ${template.name}`);
    postgres = { adminUrl: template.adminUrl, name, url: databaseUrl(template.adminUrl, name) };
  }
  await withDatabase(async (db) => {
    const passwordHash = await hashPassword(password);
    for (let i = 0; i < userCount; i++) {
      const user = await createAccount(db, { mobile: `1770000${String(i).padStart(4, '0')}`, passwordHash });
      await applyLedgerEntry(db, { userId: user.id, amount: startingBalance, kind: 'grant', note: '测试', at: new Date() });
      userIds.push(user.id);
    }
    const { node, model } = await privateNode(db, 2_000);
    nodeId = node.id;
    gpuModelId = model.id;
    imageId = await systemImageId(db);
  });
}

function startClock() {
  clockFile = path.join(dataDir, 'clock');
  let now = Date.now();
  writeClockFile(clockFile, new Date(now));
  clockTimer = setInterval(() => {
    now += clockTickMs * clockSpeedUp;
    writeClockFile(clockFile, new Date(now));
  }, clockTickMs);
}

/** The server is up unless a crash and restart is under way; every request waits for it. */
let up: Promise<void> = Promise.resolve();
let crashes = 0;

/** A crash while the server is up (one still restarting is not killed again before it answers). */
function crashAndRestart() {
  crashes += 1;
  up = up.then(async () => {
    await server.kill();
    await server.launch();
  });
}

/** One request; null when it was not answered (the connection failed, the server died, or no envelope came back). */
async function post(url: string, body: unknown, token?: string): Promise<Answer | null> {
  await up;
  try {
    const response = await fetch(`${server.apiBase}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return (await response.json()) as Answer;
  } catch {
    return null;
  }
}

const succeeded = (answer: Answer | null): answer is Answer => answer?.code === 200;

/** The sandbox cashier's 确认支付: the trade is paid and its signed notification posted to our endpoint; true once it answered. */
async function confirmAtCashier(payUrl: string): Promise<boolean> {
  await up;
  try {
    const response = await fetch(`${server.url}${payUrl}/confirm`, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    return response.status === 303;
  } catch {
    return false;
  }
}

/** Instances each user rented (answered), by billing: renewals and releases pick from them. */
const paygInstances: number[][] = Array.from({ length: userCount }, () => []);
const packageInstances: number[][] = Array.from({ length: userCount }, () => []);
/** Renewals sent per instance, and those answered with success. */
const renewalsSent = new Map<number, number>();
const renewalsAnswered = new Map<number, number>();
/** Every recharge whose order the client learned of (answered create), and whether it was answered as paid. */
const knownRecharges: Array<{ user: number; orderNo: string; outcome: Outcome }> = [];

async function recharge(user: number, r: number, outcome: Outcome) {
  const token = tokens[user]!;
  const amount = 1_000 + Math.floor(r * 50_000) * 10;
  const created = await post(
    '/user/auth/recharge/create',
    { amount, method: 'sandbox', idempotencyKey: `crash-${seed}-${randomBytes(8).toString('hex')}` },
    token,
  );
  if (!succeeded(created)) return;
  knownRecharges.push({ user, orderNo: created.data.orderNo, outcome });
  outcome.orderNo = created.data.orderNo;
  // The cashier's confirmation is idempotent (a repeated notification credits nothing more): retried once after a failure,
  // and one recharge in four confirmed twice anyway.
  if (!(await confirmAtCashier(created.data.payUrl)) && !(await confirmAtCashier(created.data.payUrl))) return;
  if (r < 0.25) await confirmAtCashier(created.data.payUrl);
  const viewed = await post('/user/auth/recharge/view', { orderNo: created.data.orderNo }, token);
  outcome.answered = succeeded(viewed) && viewed.data.status === 1;
}

async function rent(user: number, billingType: number, outcome: Outcome) {
  const token = tokens[user]!;
  const order = { regionCode: 'xb-1', gpuModelId, nodeId, gpuCount: 1, billingType, duration: 1 };
  const quoted = await post('/user/auth/order/price/preview', order, token);
  if (!succeeded(quoted)) return;
  const paid = await post('/user/auth/order/info/pay', { ...order, imageId, quoteToken: quoted.data.quoteToken }, token);
  if (!succeeded(paid)) return;
  Object.assign(outcome, { answered: true, orderNo: paid.data.orderNo, orderId: paid.data.orderId, instanceId: paid.data.instance.id });
  (billingType === Billing.payAsYouGo ? paygInstances : packageInstances)[user]!.push(paid.data.instance.id);
}

async function renew(user: number, r: number, outcome: Outcome) {
  const token = tokens[user]!;
  const own = packageInstances[user]!;
  if (own.length === 0) return;
  const id = pick(own, r);
  outcome.instanceId = id;
  const quoted = await post('/user/auth/user/instance/quote', { operation: 'renew', id, duration: 1 }, token);
  if (!succeeded(quoted)) return;
  renewalsSent.set(id, (renewalsSent.get(id) ?? 0) + 1);
  const renewed = await post('/user/auth/user/instance/renew', { id, duration: 1, quoteToken: quoted.data.quoteToken }, token);
  if (!succeeded(renewed)) return;
  outcome.answered = true;
  renewalsAnswered.set(id, (renewalsAnswered.get(id) ?? 0) + 1);
}

/** Powers a pay-as-you-go instance off (settling its meter) and releases it once it has stopped. */
async function release(user: number, r: number, outcome: Outcome) {
  const token = tokens[user]!;
  const own = paygInstances[user]!;
  if (own.length === 0) return;
  const [id] = own.splice(Math.floor(r * own.length), 1) as [number];
  outcome.instanceId = id;
  if ((await post('/user/auth/user/instance/stop', { id }, token)) === null) return;
  for (let attempt = 0; attempt < 40; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 2 * clockTickMs));
    const released = await post('/user/auth/user/instance/release/instance', { id }, token);
    if (released === null) return;
    if (released.code === 200) {
      outcome.answered = true;
      return;
    }
    // Refused while the instance is still creating, running or stopping: powered off again or asked again once it may be off.
    if (released.msg.includes('请先关机')) {
      if ((await post('/user/auth/user/instance/stop', { id }, token)) === null) return;
    } else if (!/请稍候|关机完成/.test(released.msg)) return;
  }
}

async function runOperation(kind: Kind, user: number, r: number): Promise<Outcome> {
  const outcome: Outcome = { kind, user, answered: false };
  if (kind === 'recharge') await recharge(user, r, outcome);
  else if (kind === 'rentPayg') await rent(user, Billing.payAsYouGo, outcome);
  else if (kind === 'rentPackage') await rent(user, Billing.daily, outcome);
  else if (kind === 'renew') await renew(user, r, outcome);
  else await release(user, r, outcome);
  return outcome;
}

/** The load: every operation's kind, user and choice drawn up front from the seed; kills after the k-th operation ended. */
async function runLoad(): Promise<Outcome[]> {
  const plan = Array.from({ length: operationCount }, () => ({ kind: pick(kinds), user: Math.floor(random() * userCount), r: random() }));
  const killAfter = new Set<number>();
  while (killAfter.size < 3) killAfter.add(50 + Math.floor(random() * (operationCount - 100)));
  console.log(`crash-safety: SIGKILL after operations ${[...killAfter].sort((a, b) => a - b).join(', ')}`);
  const outcomes: Outcome[] = [];
  let next = 0;
  let ended = 0;
  const worker = async () => {
    while (next < plan.length) {
      const { kind, user, r } = plan[next++]!;
      outcomes.push(await runOperation(kind, user, r));
      ended += 1;
      if (killAfter.has(ended)) crashAndRestart();
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  await up;
  console.log(`crash-safety: load and restarts took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return outcomes;
}

/**
 * Asks about every recharge the client knows of but saw no paid answer for, as the return page does: a trade paid at
 * the cashier but not yet credited (a crash between) is credited now.
 */
async function resumeRecharges() {
  for (const { user, orderNo } of knownRecharges.filter((known) => !known.outcome.answered)) {
    const viewed = await post('/user/auth/recharge/view', { orderNo }, tokens[user]);
    if (!succeeded(viewed)) throw new Error(`recharge/view ${orderNo} was not answered after the load: ${JSON.stringify(viewed)}`);
  }
}

const count = async (db: Database, query: ReturnType<typeof sql>) => Number((await queryRows<{ n: string | number }>(db, query))[0]!.n);

describe('crash safety: 1,000 money operations, three SIGKILLs', () => {
  let outcomes: Outcome[];

  beforeAll(async () => {
    await prepareData();
    startClock();
    server = await ServerProcess.start({
      dataDir,
      env: {
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        CLOCK_FILE: clockFile,
        METERING_INTERVAL_MS: '1000',
        SEED_DEMO_DATA: 'false',
        // Recharges go through the sandbox cashier, which a site without demo data offers only when asked.
        PAYMENT_SANDBOX: 'true',
      },
    });
    for (let i = 0; i < userCount; i++) {
      const login = await post('/user/api/user/login/password', { mobile: `1770000${String(i).padStart(4, '0')}`, password });
      tokens.push(login!.data.token);
    }
    outcomes = await runLoad();
    await resumeRecharges();
    await server.stop();
  }, 600_000);

  afterAll(async () => {
    clearInterval(clockTimer);
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (postgres) await adminQuery(postgres.adminUrl, `drop database if exists ${postgres.name}`);
  });

  it('ran the load across three crashes, with each kind of operation answered with success', () => {
    expect(crashes).toBe(3);
    expect(outcomes).toHaveLength(operationCount);
    const answered = (kind: Kind) => outcomes.filter((o) => o.kind === kind && o.answered).length;
    const summary = Object.fromEntries(kinds.map((kind) => [kind, `${answered(kind)}/${outcomes.filter((o) => o.kind === kind).length}`]));
    console.log('crash-safety answered/planned:', summary);
    for (const kind of new Set(kinds)) expect(answered(kind), kind).toBeGreaterThan(0);
  });

  it('keeps the books: trial balance zero, every transaction balanced, every balance its entries, none negative', async () => {
    await withDatabase(async (db) => {
      const check = await checkLedger(db);
      expect(check).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
      expect(await count(db, sql`select count(*) as n from users where balance < 0 or income_balance < 0 or income_held < 0`)).toBe(0);
      // Every charge or refund of a user's cash is explained by bill lines summing to it, and every bill line by its entry.
      const unexplained = await queryRows(
        db,
        sql`select e.id, e.amount, coalesce(sum(b.amount), 0) as billed from ledger_entries e left join bills b on b.ledger_entry_id = e.id
            where e.account = 'cash' and e.kind in ('charge', 'refund') group by e.id, e.amount having coalesce(sum(b.amount), 0) <> -e.amount`,
      );
      expect(unexplained).toEqual([]);
      expect(
        await count(
          db,
          sql`select count(*) as n from bills b left join ledger_entries e on e.id = b.ledger_entry_id where e.id is null and b.amount <> 0`,
        ),
      ).toBe(0);
      // Metering passes ran during the load (their charges are among those checked above).
      expect(await count(db, sql`select count(*) as n from bills where kind = 'usage'`)).toBeGreaterThan(0);
    });
  });

  it('credits every recharge answered as paid exactly once, and no other recharge is half done', async () => {
    await withDatabase(async (db) => {
      const rows = await queryRows<{
        order_no: string;
        order_status: number;
        payment_status: string;
        amount: string;
        user_id: number;
        credits: string;
        credited: string;
      }>(
        db,
        sql`select o.order_no, o.status as order_status, p.status as payment_status, p.amount, p.user_id,
                   (select count(*) from ledger_idempotency_keys k where k.key = 'pay:sandbox:' || p.provider_trade_no) as credits,
                   (select coalesce(sum(e.amount), 0) from ledger_idempotency_keys k join ledger_entries e on e.transaction_id = k.transaction_id
                     where k.key = 'pay:sandbox:' || p.provider_trade_no and e.account = 'cash' and e.user_id = p.user_id) as credited
            from payments p join orders o on o.id = p.order_id where p.user_id in (${sql.join(userIds, sql`, `)})`,
      );
      const byOrderNo = new Map(rows.map((row) => [row.order_no, row]));
      for (const outcome of outcomes.filter((o) => o.kind === 'recharge' && o.answered)) {
        expect(byOrderNo.get(outcome.orderNo!), outcome.orderNo).toMatchObject({ order_status: 1, payment_status: 'paid' });
      }
      for (const row of rows) {
        const paid = row.payment_status === 'paid';
        expect({
          order: row.order_no,
          orderPaid: row.order_status === 1,
          credits: Number(row.credits),
          credited: Number(row.credited),
        }).toEqual({
          order: row.order_no,
          orderPaid: paid,
          credits: paid ? 1 : 0,
          credited: paid ? Number(row.amount) : 0,
        });
      }
      // One recharge entry per paid payment (none credited twice under another key).
      const recharges = await count(
        db,
        sql`select count(*) as n from ledger_entries where account = 'cash' and kind = 'recharge' and user_id in (${sql.join(userIds, sql`, `)})`,
      );
      expect(recharges).toBe(rows.filter((row) => row.payment_status === 'paid').length);
      // Every trade paid at the cashier whose order the client knew is credited (the ones between a crash and the notification resumed).
      const known = knownRecharges.map((r) => r.orderNo);
      const paidAtCashier = await queryRows<{ order_no: string; status: string }>(
        db,
        sql`select o.order_no, p.status from payment_sandbox_trades t join payments p on p.payment_no = t.payment_no join orders o on o.id = p.order_id
            where t.status = 'TRADE_SUCCESS'`,
      );
      for (const trade of paidAtCashier.filter((t) => known.includes(t.order_no))) expect(trade).toMatchObject({ status: 'paid' });
    });
  });

  it('has every rent answered exactly once with its payment, and no instance without its order or the reverse', async () => {
    await withDatabase(async (db) => {
      const rows = await queryRows<{
        order_id: number;
        order_no: string;
        instance_id: number;
        billing_type: number;
        amount: string;
        charged: string;
        lines: string;
        orders_of_instance: string;
      }>(
        db,
        sql`select o.id as order_id, o.order_no, o.instance_id, o.billing_type, o.amount,
                   (select coalesce(-sum(e.amount), 0) from bills b join ledger_entries e on e.id = b.ledger_entry_id where b.order_id = o.id) as charged,
                   (select count(*) from bills b where b.order_id = o.id) as lines,
                   (select count(*) from orders o2 where o2.instance_id = o.instance_id and o2.order_type = ${OrderType.create}) as orders_of_instance
            from orders o where o.order_type = ${OrderType.create} and o.user_id in (${sql.join(userIds, sql`, `)})`,
      );
      const byId = new Map(rows.map((row) => [row.order_id, row]));
      for (const outcome of outcomes.filter((o) => (o.kind === 'rentPayg' || o.kind === 'rentPackage') && o.answered)) {
        expect(byId.get(outcome.orderId!), outcome.orderNo).toMatchObject({ order_no: outcome.orderNo, instance_id: outcome.instanceId });
      }
      for (const row of rows) {
        const prepaid = row.billing_type !== Billing.payAsYouGo;
        expect({
          order: row.order_no,
          charged: Number(row.charged),
          lines: Number(row.lines),
          orders: Number(row.orders_of_instance),
        }).toEqual({
          order: row.order_no,
          charged: Number(row.amount),
          lines: prepaid ? 1 : 0,
          orders: 1,
        });
      }
      const instances = await count(db, sql`select count(*) as n from instances where user_id in (${sql.join(userIds, sql`, `)})`);
      expect(instances).toBe(rows.length);
      // Every GPU is either free on the node or held by one of its instances.
      const [pool] = await queryRows<{ total: number; free: number; held: string }>(
        db,
        sql`select n.gpu_total as total, n.gpu_free as free, (select coalesce(sum(gpu_held), 0) from instances i where i.node_id = n.id) as held
            from compute_nodes n where n.id = ${nodeId}`,
      );
      expect(pool!.free + Number(pool!.held)).toBe(pool!.total);
    });
  });

  it('has every renewal answered present, none beyond those sent, each paid once', async () => {
    await withDatabase(async (db) => {
      const rows = await queryRows<{ instance_id: number; renewals: string; unpaid: string }>(
        db,
        sql`select o.instance_id, count(*) as renewals,
                   count(*) filter (where (select coalesce(-sum(e.amount), 0) from bills b join ledger_entries e on e.id = b.ledger_entry_id where b.order_id = o.id) <> o.amount) as unpaid
            from orders o where o.order_type = ${OrderType.renew} and o.user_id in (${sql.join(userIds, sql`, `)}) group by o.instance_id`,
      );
      const renewals = new Map(rows.map((row) => [row.instance_id, Number(row.renewals)]));
      for (const row of rows) expect(Number(row.unpaid), `instance ${row.instance_id}`).toBe(0);
      for (const [id, sent] of renewalsSent) {
        const present = renewals.get(id) ?? 0;
        expect(present, `instance ${id}`).toBeGreaterThanOrEqual(renewalsAnswered.get(id) ?? 0);
        expect(present, `instance ${id}`).toBeLessThanOrEqual(sent);
      }
      for (const id of renewals.keys()) expect(renewalsSent.has(id), `instance ${id}`).toBe(true);
    });
  });

  it('has every release answered done or under way, its GPUs back and its meter settled', async () => {
    await withDatabase(async (db) => {
      const released = outcomes.filter((o) => o.kind === 'release' && o.answered).map((o) => o.instanceId!);
      const rows = await queryRows<{ id: number; status: number; gpu_held: number; metered_until: unknown }>(
        db,
        sql`select id, status, gpu_held, metered_until from instances where id in (${sql.join([0, ...released], sql`, `)})`,
      );
      expect(rows).toHaveLength(released.length);
      for (const row of rows) {
        expect([Status.releasing, Status.released], `instance ${row.id}`).toContain(row.status);
        expect({ id: row.id, gpuHeld: row.gpu_held, meteredUntil: row.metered_until }).toEqual({
          id: row.id,
          gpuHeld: 0,
          meteredUntil: null,
        });
      }
    });
  });
});
