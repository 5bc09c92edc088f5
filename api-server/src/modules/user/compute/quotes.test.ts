import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { bills, sysConfig, users } from '../../../db/schema.js';
import { call, type TestApp } from '../../../test-support/test-app.js';
import { balanceOf, ledgerSum, privateNode, rent, setUpComputeTestApp, userWithBalance } from '../../../test-support/compute-test-kit.js';
import { runMeteringPasses } from '../../../periodic-jobs.js';
import { checkLedger } from '../../../billing/ledger.js';
import { userRowWritten } from '../../../test-support/user-written.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

const second = 1000;
const day = 86_400 * second;
const stale = { code: 409, msg: '价格或余额已变化，请重新确认' };
const instancePath = (path: string) => `/apis/user/auth/user/instance/${path}`;

const balancedBooks = { trialBalance: 0, unbalancedTransactions: [], mismatches: [] };
const quote = (token: string, body: object) => call(t.app, 'POST', instancePath('quote'), body, token);
const preview = (token: string, body: object) => call(t.app, 'POST', '/apis/user/auth/order/price/preview', body, token);

async function billCount(userId: number) {
  const [row] = await t.app.db.select({ n: count() }).from(bills).where(eq(bills.userId, userId));
  return row!.n;
}

/** A running instance of its own node; daily package when `billingType` is 2. */
async function runningInstance(balance: number, billingType = 1) {
  const { node, model } = await privateNode(t.app.db, 4);
  const user = await userWithBalance(t.app, balance);
  const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId, billingType });
  t.clock.advance(8 * second);
  await runMeteringPasses(t.app);
  return { user, node, model, id: rented.data.instance.id as number, token: user.token };
}

async function stopped(token: string, id: number) {
  await call(t.app, 'POST', instancePath('stop'), { id }, token);
  t.clock.advance(3 * second);
  await runMeteringPasses(t.app);
}

describe('the rent quote', () => {
  it('names the amount, the unit price and the balance after, and paying it charges exactly that', async () => {
    const { node, model } = await privateNode(t.app.db, 4);
    const user = await userWithBalance(t.app, 500_000);
    const order = {
      regionCode: 'xb-1',
      nodeId: node.id,
      gpuModelId: model.id,
      gpuCount: 2,
      billingType: 3,
      duration: 1,
      dataDiskExtraGb: 10,
    };
    const quoted = await preview(user.token, order);
    expect(quoted.data).toMatchObject({
      amount: 2 * 268_000 + 10 * 7 * 7,
      unitPrice: 2 * 268_000 + 10 * 7 * 7,
      unitName: '周',
      balance: 500_000,
      balanceAfter: 500_000 - (2 * 268_000 + 10 * 7 * 7),
      paidByMainAccount: false,
      enough: false,
    });
    expect(quoted.data.items.reduce((sum: number, item: { amount: number }) => sum + item.amount, 0)).toBe(quoted.data.amount);

    const affordable = { ...order, gpuCount: 1 };
    const priced = await preview(user.token, affordable);
    expect(priced.data).toMatchObject({ amount: 268_000 + 490, balanceAfter: 500_000 - 268_490, enough: true });
    const paid = await call(
      t.app,
      'POST',
      '/apis/user/auth/order/info/pay',
      { ...affordable, imageId, quoteToken: priced.data.quoteToken },
      user.token,
    );
    expect(paid.data.amount).toBe(priced.data.amount);
    expect(await balanceOf(t.app, user.id)).toBe(priced.data.balanceAfter);
    expect(await ledgerSum(t.app, user.id)).toBe(priced.data.balanceAfter);
  });

  it('pay-as-you-go pays nothing now and quotes the hourly price, needing an hour in the balance', async () => {
    const { node, model } = await privateNode(t.app.db, 4);
    const user = await userWithBalance(t.app, 1_000);
    const quoted = await preview(user.token, { regionCode: 'xb-1', nodeId: node.id, gpuModelId: model.id, gpuCount: 1, billingType: 1 });
    expect(quoted.data).toMatchObject({ amount: 0, unitPrice: 1980, unitName: '小时', balance: 1_000, balanceAfter: 1_000, enough: false });
  });

  it('a sub-account sharing its main account balance is quoted the main account balance', async () => {
    const { node, model } = await privateNode(t.app.db, 4);
    const main = await userWithBalance(t.app, 100_000);
    const sub = await userWithBalance(t.app, 0);
    await t.app.db.update(users).set({ parentId: main.id, shareBalance: true }).where(eq(users.id, sub.id));
    await userRowWritten(t.app, sub.id);
    const quoted = await preview(sub.token, { regionCode: 'xb-1', nodeId: node.id, gpuModelId: model.id, gpuCount: 2, billingType: 2 });
    expect(quoted.data).toMatchObject({ amount: 84_000, balance: 100_000, balanceAfter: 16_000, paidByMainAccount: true, enough: true });
    const paid = await call(
      t.app,
      'POST',
      '/apis/user/auth/order/info/pay',
      {
        regionCode: 'xb-1',
        nodeId: node.id,
        gpuModelId: model.id,
        gpuCount: 2,
        billingType: 2,
        imageId,
        quoteToken: quoted.data.quoteToken,
      },
      sub.token,
    );
    expect(paid.code).toBe(200);
    expect(await balanceOf(t.app, main.id)).toBe(16_000);
  });

  it('refuses a quote whose price changed, whose parameters were altered, that expired or that was given to another user, charging nothing', async () => {
    const { node, model } = await privateNode(t.app.db, 4);
    const user = await userWithBalance(t.app, 1_000_000);
    const other = await userWithBalance(t.app, 1_000_000);
    const order = { regionCode: 'xb-1', nodeId: node.id, gpuModelId: model.id, gpuCount: 1, billingType: 2, dataDiskExtraGb: 100 };
    const pay = (token: string, body: object) => call(t.app, 'POST', '/apis/user/auth/order/info/pay', { imageId, ...body }, token);

    const quoted = await preview(user.token, order);
    expect(await pay(user.token, { ...order, duration: 2, quoteToken: quoted.data.quoteToken })).toMatchObject(stale);
    expect(await pay(other.token, { ...order, quoteToken: quoted.data.quoteToken })).toMatchObject(stale);
    const [body, signature] = (quoted.data.quoteToken as string).split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
    claims[3] = 1;
    const forged = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect(await pay(user.token, { ...order, quoteToken: forged })).toMatchObject(stale);
    expect(await pay(user.token, { ...order, quoteToken: 'not-a-quote' })).toMatchObject(stale);

    await t.app.db.update(sysConfig).set({ value: 8 }).where(eq(sysConfig.key, 'dataDiskPrice'));
    try {
      expect(await pay(user.token, { ...order, quoteToken: quoted.data.quoteToken })).toMatchObject(stale);
    } finally {
      await t.app.db.update(sysConfig).set({ value: 7 }).where(eq(sysConfig.key, 'dataDiskPrice'));
    }

    t.clock.advance(5 * 60 * second);
    expect(await pay(user.token, { ...order, quoteToken: quoted.data.quoteToken })).toMatchObject({
      code: 409,
      msg: '报价已过期，请重新确认',
    });
    expect(await balanceOf(t.app, user.id)).toBe(1_000_000);
    expect(await balanceOf(t.app, other.id)).toBe(1_000_000);
    expect(await billCount(user.id)).toBe(0);

    const fresh = await preview(user.token, order);
    t.clock.advance(5 * 60 * second - 1);
    expect((await pay(user.token, { ...order, quoteToken: fresh.data.quoteToken })).data.amount).toBe(fresh.data.amount);
    expect(await checkLedger(t.app.db, [user.id, other.id])).toEqual(balancedBooks);
  });
});

describe('instance operation quotes', () => {
  it('changing to a package and renewing charge exactly the quoted amount, with the new expiry', async () => {
    const { id, token, user } = await runningInstance(1_000_000);
    const toDaily = await quote(token, { operation: 'changeBilling', id, billingType: 2, duration: 3 });
    expect(toDaily.data).toMatchObject({ operation: 'changeBilling', amount: 3 * 42_000, unitPrice: 42_000, unitName: '天' });
    const before = await balanceOf(t.app, user.id);
    expect(toDaily.data.balance).toBe(before);
    const changed = await call(
      t.app,
      'POST',
      instancePath('change/billing'),
      { id, billingType: 2, duration: 3, quoteToken: toDaily.data.quoteToken },
      token,
    );
    expect(changed.data.packageExpiresAt).toBe(toDaily.data.periodEnd);
    expect(before - (await balanceOf(t.app, user.id))).toBe(toDaily.data.amount);

    const renewal = await quote(token, { operation: 'renew', id, duration: 2 });
    expect(renewal.data).toMatchObject({
      amount: 2 * 42_000,
      periodEnd: new Date(Date.parse(toDaily.data.periodEnd) + 2 * day).toISOString(),
    });
    const beforeRenew = await balanceOf(t.app, user.id);
    await call(t.app, 'POST', instancePath('renew'), { id, duration: 2, quoteToken: renewal.data.quoteToken }, token);
    expect(await balanceOf(t.app, user.id)).toBe(renewal.data.balanceAfter);
    expect(beforeRenew - renewal.data.balanceAfter).toBe(renewal.data.amount);
  });

  it('a package back to pay-as-you-go refunds exactly the quoted amount though time passed, and goes stale when the package changed', async () => {
    const { id, token, user } = await runningInstance(1_000_000, 2);
    t.clock.advance(6 * 3600 * second);
    const back = await quote(token, { operation: 'changeBilling', id, billingType: 1 });
    const remaining = day - 6 * 3600 * second - 8 * second;
    expect(back.data).toMatchObject({ amount: -Math.floor((remaining * 42_000) / day / 10) * 10, unitPrice: 1980, unitName: '小时' });
    expect(back.data.balanceAfter).toBe(back.data.balance - back.data.amount);

    const renewal = await quote(token, { operation: 'renew', id, duration: 1 });
    await call(t.app, 'POST', instancePath('renew'), { id, duration: 1, quoteToken: renewal.data.quoteToken }, token);
    const afterRenew = await balanceOf(t.app, user.id);
    const bills = await billCount(user.id);
    expect(
      await call(t.app, 'POST', instancePath('change/billing'), { id, billingType: 1, quoteToken: back.data.quoteToken }, token),
    ).toMatchObject(stale);
    expect(await balanceOf(t.app, user.id)).toBe(afterRenew);
    expect(await billCount(user.id)).toBe(bills);

    const again = await quote(token, { operation: 'changeBilling', id, billingType: 1 });
    t.clock.advance(60 * second);
    await call(t.app, 'POST', instancePath('change/billing'), { id, billingType: 1, quoteToken: again.data.quoteToken }, token);
    expect(await balanceOf(t.app, user.id)).toBe(again.data.balanceAfter);
    expect(await checkLedger(t.app.db, [user.id])).toEqual(balancedBooks);
  });

  it('data disk, GPU count and clone: the quoted amount and the new unit price, a token only for its own operation and instance', async () => {
    const packaged = await runningInstance(1_000_000, 2);
    await stopped(packaged.token, packaged.id);
    const disk = await quote(packaged.token, { operation: 'storageAdjust', id: packaged.id, dataDiskExtraGb: 100 });
    expect(disk.data).toMatchObject({ amount: 100 * 7, unitPrice: 42_000 + 700, unitName: '天' });
    expect(
      await call(t.app, 'POST', instancePath('renew'), { id: packaged.id, duration: 1, quoteToken: disk.data.quoteToken }, packaged.token),
    ).toMatchObject(stale);
    const before = await balanceOf(t.app, packaged.user.id);
    await call(
      t.app,
      'POST',
      '/apis/user/auth/user/storage/adjust',
      { id: packaged.id, dataDiskExtraGb: 100, quoteToken: disk.data.quoteToken },
      packaged.token,
    );
    expect(before - (await balanceOf(t.app, packaged.user.id))).toBe(disk.data.amount);

    const payg = await runningInstance(1_000_000);
    await stopped(payg.token, payg.id);
    const lift = await quote(payg.token, { operation: 'liftConfig', id: payg.id, gpuCount: 3 });
    expect(lift.data).toMatchObject({ amount: 0, unitPrice: 3 * 1980, unitName: '小时' });
    expect(
      await call(
        t.app,
        'POST',
        instancePath('lift/config'),
        { id: packaged.id, gpuCount: 3, quoteToken: lift.data.quoteToken },
        packaged.token,
      ),
    ).toMatchObject({ code: 409 });
    expect(
      (await call(t.app, 'POST', instancePath('lift/config'), { id: payg.id, gpuCount: 3, quoteToken: lift.data.quoteToken }, payg.token))
        .data,
    ).toMatchObject({
      gpuCount: 3,
    });
    const clone = await quote(payg.token, { operation: 'clone', id: payg.id });
    expect(clone.data).toMatchObject({ amount: 0, unitPrice: 3 * 1980, enough: true });
    expect((await call(t.app, 'POST', instancePath('clone'), { id: payg.id, quoteToken: clone.data.quoteToken }, payg.token)).code).toBe(
      200,
    );
  });

  it('refuses to quote another user’s instance, an operation the state does not allow, a missing parameter, and an operation without a quote', async () => {
    const { id, token } = await runningInstance(1_000_000);
    const stranger = await userWithBalance(t.app, 1_000_000);
    expect(await quote(stranger.token, { operation: 'clone', id })).toMatchObject({ code: 404, msg: '实例不存在' });
    expect(await quote(token, { operation: 'clone', id })).toMatchObject({ code: 409, msg: '运行中的实例不能克隆实例，请先关机' });
    expect(await quote(token, { operation: 'renew', id, duration: 1 })).toMatchObject({
      code: 409,
      msg: expect.stringContaining('无需续费'),
    });
    expect(await quote(token, { operation: 'changeBilling', id })).toMatchObject({ code: 422, msg: '请选择计费方式' });
    expect(await call(t.app, 'POST', instancePath('change/billing'), { id, billingType: 2 }, token)).toMatchObject({
      code: 422,
      msg: '报价凭证不能为空',
    });
  });
});

describe('a quote confirms one operation', () => {
  const used = { code: 409, msg: '该报价已使用，请重新确认' };

  it('paying a second time with the same quote is refused and charges nothing: a rent and a renewal', async () => {
    const { node, model } = await privateNode(t.app.db, 4);
    const user = await userWithBalance(t.app, 1_000_000);
    const order = { regionCode: 'xb-1', nodeId: node.id, gpuModelId: model.id, gpuCount: 1, billingType: 2, duration: 1, imageId };
    const quoted = await preview(user.token, order);
    const pay = (quoteToken = quoted.data.quoteToken) =>
      call(t.app, 'POST', '/apis/user/auth/order/info/pay', { ...order, quoteToken }, user.token);
    expect((await pay()).code).toBe(200);
    expect(await pay()).toMatchObject(used);
    // The same signature spelt another way (base64 padding) is the same quote.
    expect(await pay(`${quoted.data.quoteToken}=`)).toMatchObject(used);
    expect(await balanceOf(t.app, user.id)).toBe(quoted.data.balanceAfter);
    expect(await billCount(user.id)).toBe(1);

    const packaged = await runningInstance(1_000_000, 2);
    const renewal = await quote(packaged.token, { operation: 'renew', id: packaged.id, duration: 1 });
    const renew = () =>
      call(t.app, 'POST', instancePath('renew'), { id: packaged.id, duration: 1, quoteToken: renewal.data.quoteToken }, packaged.token);
    expect((await renew()).code).toBe(200);
    expect(await renew()).toMatchObject(used);
    expect(await balanceOf(t.app, packaged.user.id)).toBe(renewal.data.balanceAfter);
    expect(await checkLedger(t.app.db, [user.id, packaged.user.id])).toEqual(balancedBooks);
  });

  it('two simultaneous payments with one quote: one succeeds, the other is refused, one charge', async () => {
    const { node, model } = await privateNode(t.app.db, 4);
    const user = await userWithBalance(t.app, 1_000_000);
    const order = { regionCode: 'xb-1', nodeId: node.id, gpuModelId: model.id, gpuCount: 1, billingType: 2, duration: 1, imageId };
    const quoted = await preview(user.token, order);
    const pay = () => call(t.app, 'POST', '/apis/user/auth/order/info/pay', { ...order, quoteToken: quoted.data.quoteToken }, user.token);
    const answers = await Promise.all([pay(), pay()]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.code === 409)).toMatchObject(used);
    expect(await balanceOf(t.app, user.id)).toBe(quoted.data.balanceAfter);
    expect(await billCount(user.id)).toBe(1);
    expect(await checkLedger(t.app.db, [user.id])).toEqual(balancedBooks);
  });
});
