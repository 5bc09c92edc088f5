import { and, eq, isNull } from 'drizzle-orm';
import { type Database, type Executor, bills, computeNodes, gpuModels, images, instances, orders, payments, users } from '../db/index.js';
import { charge, postTransaction, newOrderNo, placeOrder } from '../billing/index.js';
import { Billing, OrderType, Status } from '../compute/index.js';
import { demoAccounts } from './demo-accounts.js';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
/** The demo user's recharges; the month's charges add up to exactly these, so the balance ends where the seed put it. */
const recharges = [
  { daysAgo: 30, amount: 1_000_000 },
  { daysAgo: 14, amount: 250_000 },
];

interface PastInstance {
  name: string;
  model: string;
  region: string;
  gpuCount: number;
  billingType: number;
  createdDaysAgo: number;
  releasedDaysAgo: number;
  dataDiskExtraGb?: number;
}

/** Pay-as-you-go sessions: [days ago the session started, hour of day (Beijing) it started, hours run]. */
type Sessions = Array<[number, number, number]>;

/** The last day's session of the RTX 3090 runs for whatever seconds make the month's charges meet the recharges. */
const plan: Array<{
  instance: PastInstance;
  sessions?: Sessions;
  packages?: Array<{ daysAgo: number; kind: 'package' | 'renew'; days: number }>;
}> = [
  {
    instance: {
      name: '训练-4090x2',
      model: 'rtx4090',
      region: 'bj-a',
      gpuCount: 2,
      billingType: Billing.payAsYouGo,
      createdDaysAgo: 29,
      releasedDaysAgo: 21,
    },
    sessions: [
      [29, 10, 6],
      [28, 9, 8],
      [27, 14, 5],
      [25, 9, 10],
      [24, 20, 3],
      [22, 9, 7],
    ],
  },
  {
    instance: {
      name: '推理-L40S',
      model: 'l40s',
      region: 'hd-2',
      gpuCount: 1,
      billingType: Billing.weekly,
      createdDaysAgo: 19,
      releasedDaysAgo: 5,
    },
    packages: [
      { daysAgo: 19, kind: 'package', days: 7 },
      { daysAgo: 12, kind: 'renew', days: 7 },
    ],
  },
  {
    instance: {
      name: '微调-A800',
      model: 'a800',
      region: 'bj-a',
      gpuCount: 1,
      billingType: Billing.daily,
      createdDaysAgo: 3,
      releasedDaysAgo: 2,
    },
    packages: [{ daysAgo: 3, kind: 'package', days: 1 }],
  },
  {
    instance: {
      name: '实验-3090',
      model: 'rtx3090',
      region: 'hn-1',
      gpuCount: 1,
      billingType: Billing.payAsYouGo,
      createdDaysAgo: 10,
      releasedDaysAgo: 1,
      dataDiskExtraGb: 50,
    },
    sessions: [
      [10, 10, 4],
      [9, 13, 6],
      [8, 9, 9],
      [6, 15, 5],
      [4, 10, 8],
      [3, 9, 6],
      [2, 0, 7],
    ],
  },
];

/** Beijing `hour` o'clock on the day `daysAgo` days before `now`. */
function at(now: Date, daysAgo: number, hour: number): Date {
  const beijingMidnight = Math.floor((now.getTime() + 8 * hourMs) / dayMs) * dayMs - 8 * hourMs;
  return new Date(beijingMidnight - daysAgo * dayMs + hour * hourMs);
}

async function createPastInstance(tx: Executor, userId: number, p: PastInstance, now: Date) {
  const [model] = await tx.select().from(gpuModels).where(eq(gpuModels.code, p.model));
  const [node] = await tx
    .select()
    .from(computeNodes)
    .where(and(eq(computeNodes.regionCode, p.region), eq(computeNodes.gpuModelId, model!.id)))
    .limit(1);
  const [image] = await tx.select().from(images).where(isNull(images.userId)).limit(1);
  const dayRate = model!.hourPrice * 24 * p.gpuCount + (p.dataDiskExtraGb ?? 0) * 7;
  const [row] = await tx
    .insert(instances)
    .values({
      userId,
      name: p.name,
      nodeId: node!.id,
      regionCode: p.region,
      gpuModelId: model!.id,
      gpuCount: p.gpuCount,
      status: Status.released,
      billingType: p.billingType,
      imageId: image!.id,
      imageName: image!.name,
      dayRate,
      dataDiskExtraGb: p.dataDiskExtraGb ?? 0,
      sshHost: node!.sshHost,
      sshPort: 0,
      sshPassword: '-',
      jupyterToken: '-',
      stoppedAt: at(now, p.releasedDaysAgo, 8),
      releasedAt: at(now, p.releasedDaysAgo, 9),
      createdAt: at(now, p.createdDaysAgo, 9),
    })
    .returning();
  return { instance: row!, model: model! };
}

/**
 * A month of history for the demo user, written once through the real charge path: paid recharge
 * orders (with their sandbox payments, as the cashier leaves them), instances bought by the hour and by the week or day, a renewal, a data-disk expansion,
 * and the pay-as-you-go sessions' bill lines. The instances are released, so the pool is untouched.
 */
export async function seedDemoBillingHistory(db: Database, now = new Date()): Promise<boolean> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, demoAccounts.user));
  if (!demo) return false;
  const [billed] = await db.select({ id: bills.id }).from(bills).where(eq(bills.userId, demo.id)).limit(1);
  if (billed) return false;
  const userId = demo.id;
  await db.transaction(async (tx) => {
    for (const [index, r] of recharges.entries()) {
      const paidAt = at(now, r.daysAgo, 9);
      const orderNo = newOrderNo(paidAt);
      const tradeNo = `demo${orderNo}`;
      const [order] = await tx
        .insert(orders)
        .values({
          orderNo,
          userId,
          orderType: 5,
          billingType: 0,
          status: 1,
          amount: r.amount,
          detail: { method: 'sandbox' },
          createdAt: paidAt,
        })
        .returning({ id: orders.id });
      await tx.insert(payments).values({
        paymentNo: orderNo,
        orderId: order!.id,
        userId,
        provider: 'sandbox',
        providerTradeNo: tradeNo,
        amount: r.amount,
        status: 'paid',
        idempotencyKey: `demo-history-${index}`,
        expiresAt: new Date(paidAt.getTime() + 30 * 60_000),
        paidAt,
        createdAt: paidAt,
      });
      await postTransaction(tx, {
        kind: 'recharge',
        note: `充值 订单号 ${orderNo}（sandbox 交易号 ${tradeNo}）`,
        at: paidAt,
        idempotencyKey: `pay:sandbox:${tradeNo}`,
        legs: [
          { account: { kind: 'cash', userId }, amount: r.amount },
          { account: { kind: 'clearing', provider: 'sandbox' }, amount: -r.amount },
        ],
      });
    }
    const target = recharges.reduce((sum, r) => sum + r.amount, 0);
    let spent = 0;
    for (const [index, step] of plan.entries()) {
      const { instance, model } = await createPastInstance(tx, userId, step.instance, now);
      for (const p of step.packages ?? []) {
        const from = at(now, p.daysAgo, 10);
        const periodEnd = new Date(from.getTime() + p.days * dayMs);
        const price = p.days === 7 ? model.weekPrice : model.dayPrice * p.days;
        const amount = price * instance.gpuCount;
        await placeOrder(
          tx,
          {
            userId,
            instanceId: instance.id,
            orderType: p.kind === 'renew' ? OrderType.renew : OrderType.create,
            billingType: instance.billingType,
            amount,
            detail: {
              gpuModel: model.name,
              gpuCount: instance.gpuCount,
              duration: 1,
              days: p.days,
              gpuAmount: amount,
              diskAmount: 0,
              amount,
            },
            now: from,
          },
          {
            kind: p.kind,
            note: `${p.kind === 'renew' ? '续费' : '新购'}实例「${instance.name}」${p.days === 7 ? '包周' : '包日'} ×1`,
            periodStart: from,
            periodEnd,
          },
        );
        spent += amount;
      }
      const lastPackage = step.packages?.at(-1);
      if (lastPackage) {
        const expiresAt = new Date(at(now, lastPackage.daysAgo, 10).getTime() + lastPackage.days * dayMs);
        await tx.update(instances).set({ packageExpiresAt: expiresAt }).where(eq(instances.id, instance.id));
      }
      const sessions = step.sessions ?? [];
      if (sessions.length && step.instance.billingType === Billing.payAsYouGo) {
        await placeOrder(
          tx,
          {
            userId,
            instanceId: instance.id,
            orderType: OrderType.create,
            billingType: Billing.payAsYouGo,
            amount: 0,
            detail: { gpuModel: model.name, gpuCount: instance.gpuCount, hourAmount: Math.round(instance.dayRate / 24), amount: 0 },
            now: at(now, step.instance.createdDaysAgo, 9),
          },
          { kind: 'package', note: `新购实例「${instance.name}」按量计费` },
        );
      }
      if (step.instance.dataDiskExtraGb) {
        await placeOrder(
          tx,
          {
            userId,
            instanceId: instance.id,
            orderType: OrderType.diskExpand,
            billingType: instance.billingType,
            amount: 0,
            detail: { from: 0, to: step.instance.dataDiskExtraGb, remainingDays: 0 },
            now: at(now, step.instance.createdDaysAgo, 9),
          },
          { kind: 'disk', note: `实例「${instance.name}」数据盘扩容至 ${50 + step.instance.dataDiskExtraGb} GB` },
        );
      }
      const last = index === plan.length - 1;
      for (const [sessionIndex, [daysAgo, hour, hours]] of sessions.entries()) {
        const start = at(now, daysAgo, hour);
        let seconds = hours * 3600;
        if (last && sessionIndex === sessions.length - 1) {
          // Whatever is left to the recharged total, as metering would charge it: floor(seconds × day rate / 86400).
          seconds = Math.ceil(((target - spent) * 86_400) / instance.dayRate);
        }
        const amount = Math.floor((seconds * instance.dayRate) / 86_400);
        await charge(tx, {
          userId,
          amount,
          kind: 'usage',
          note: `实例「${instance.name}」按量计费`,
          now: new Date(start.getTime() + seconds * 1000),
          instanceId: instance.id,
          seconds,
          dayRate: instance.dayRate,
          periodStart: start,
          periodEnd: new Date(start.getTime() + seconds * 1000),
        });
        spent += amount;
      }
    }
    if (spent !== target) throw new Error(`demo billing history: charged ${spent}, recharged ${target}`);
  });
  return true;
}
