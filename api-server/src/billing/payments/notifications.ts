import { paymentNotifications } from '../../db/index.js';
import type { PaymentsContext } from './context.js';
import type { NotificationAck, RawNotification } from './provider.js';
import { settlePayment } from './settle.js';

const storedBodyChars = 4000;

/**
 * A provider's asynchronous notification: verified by the provider's rules, settled through the guarded
 * step, logged with its outcome either way. Returns the acknowledgement the provider expects; a refusal
 * tells the provider so (it will retry a genuine one) and credits nothing.
 */
export async function receiveNotification(ctx: PaymentsContext, providerName: string, raw: RawNotification): Promise<NotificationAck> {
  const provider = ctx.providers.byName.get(providerName);
  const log = (outcome: 'settled' | 'replayed' | 'ignored' | 'refused', reason: string, paymentNo?: string, providerTradeNo?: string) =>
    ctx.db.insert(paymentNotifications).values({
      provider: providerName.slice(0, 16),
      paymentNo: paymentNo?.slice(0, 64),
      providerTradeNo: providerTradeNo?.slice(0, 64),
      outcome,
      reason,
      body: raw.body.slice(0, storedBodyChars),
      createdAt: ctx.clock.now(),
    });
  if (!provider) {
    await log('refused', '未启用的支付方式');
    return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'fail' };
  }
  const verified = await provider.verifyNotification(raw);
  if (!verified.ok) {
    await log('refused', verified.reason, verified.paymentNo);
    return provider.ack(false);
  }
  if (!verified.notice) {
    await log('ignored', verified.note);
    return provider.ack(true);
  }
  const { notice } = verified;
  const settlement = await settlePayment(ctx.db, provider.name, notice, ctx.clock.now());
  if (settlement.outcome === 'refused') {
    await log('refused', settlement.reason, notice.paymentNo, notice.providerTradeNo);
    return provider.ack(false);
  }
  await log(
    settlement.outcome,
    settlement.outcome === 'settled' && settlement.flaggedForReview ? '关闭后到账，待核对' : '',
    notice.paymentNo,
    notice.providerTradeNo,
  );
  return provider.ack(true);
}
