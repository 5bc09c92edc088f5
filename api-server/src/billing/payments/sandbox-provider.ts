import fs from 'node:fs';
import path from 'node:path';
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { type Executor, sandboxTrades } from '../../db/index.js';
import {
  PaymentProviderError,
  alipaySignContent,
  chinaTime,
  fromChinaTime,
  fromYuanText,
  yuanText,
  type CreatedPayment,
  type NewPayment,
  type NotificationAck,
  type PaymentProvider,
  type RawNotification,
  type TradeState,
  type VerifiedNotification,
} from './provider.js';

export const sandboxMerchantId = 'sandbox-merchant';
export const sandboxCashierPath = '/apis/user/api/pay/sandbox/cashier';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export function generateRsaKeyPair(): KeyPair {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** The sandbox's signing keys, generated once and kept in the data folder so notifications stay verifiable across restarts. */
export function sandboxKeys(dataDir: string): KeyPair {
  const file = path.join(dataDir, 'payments', 'sandbox-key.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as KeyPair;
  const keys = generateRsaKeyPair();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  return keys;
}

export const rsa2Sign = (content: string, privateKey: string) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');

export function rsa2Verify(content: string, signature: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * A provider that lives inside the portal: its cashier page (served under `sandboxCashierPath`) lets the user
 * pay or fail, and a paid trade is announced by a notification signed RSA2 in Alipay's form-encoded shape,
 * verified here exactly as a real provider's would be. Its books are the `payment_sandbox_trades` table.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly label = '模拟支付（沙箱）';
  #keys: KeyPair | undefined;

  /** `loadKeys` runs on the first signature: making a 2048-bit RSA pair costs a first start about 0.3 s of CPU. */
  constructor(
    private readonly db: Executor,
    private readonly loadKeys: () => KeyPair,
    private readonly clock: Clock,
    private readonly merchantId = sandboxMerchantId,
  ) {}

  private get keys(): KeyPair {
    this.#keys ??= this.loadKeys();
    return this.#keys;
  }

  async create(payment: NewPayment): Promise<CreatedPayment> {
    await this.db
      .insert(sandboxTrades)
      .values({
        tradeNo: `SB${randomBytes(12).toString('hex')}`,
        paymentNo: payment.paymentNo,
        amount: payment.amount,
        subject: payment.subject,
        status: 'WAIT_BUYER_PAY',
        returnUrl: payment.returnUrl,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing();
    return { payUrl: `${sandboxCashierPath}/${payment.paymentNo}`, qrCode: null };
  }

  async trade(paymentNo: string) {
    const [trade] = await this.db.select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, paymentNo));
    return trade ?? null;
  }

  /** The buyer confirmed on the cashier page: the trade is paid (once) and its signed notification returned. */
  async pay(paymentNo: string): Promise<Record<string, string> | null> {
    const now = this.clock.now();
    await this.db
      .update(sandboxTrades)
      .set({ status: 'TRADE_SUCCESS', paidAt: now })
      .where(and(eq(sandboxTrades.paymentNo, paymentNo), eq(sandboxTrades.status, 'WAIT_BUYER_PAY')));
    const trade = await this.trade(paymentNo);
    if (!trade || trade.status !== 'TRADE_SUCCESS') return null;
    return this.signedNotification({
      out_trade_no: trade.paymentNo,
      trade_no: trade.tradeNo,
      total_amount: yuanText(trade.amount),
      gmt_payment: chinaTime(trade.paidAt!),
    });
  }

  /** A notification in the provider's shape, signed with the sandbox key (tests pass another key or fields to forge one). */
  signedNotification(fields: Record<string, string>, privateKey = this.keys.privateKey): Record<string, string> {
    const body: Record<string, string> = {
      notify_time: chinaTime(this.clock.now()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: this.merchantId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_status: 'TRADE_SUCCESS',
      ...fields,
    };
    return { ...body, sign: rsa2Sign(alipaySignContent(body, true), privateKey) };
  }

  async verifyNotification(raw: RawNotification): Promise<VerifiedNotification> {
    const fields = Object.fromEntries(new URLSearchParams(raw.body));
    const paymentNo = fields.out_trade_no;
    if (!fields.sign || !rsa2Verify(alipaySignContent(fields, true), fields.sign, this.keys.publicKey)) {
      return { ok: false, reason: '签名验证失败', paymentNo };
    }
    if (fields.app_id !== this.merchantId) return { ok: false, reason: `商户号不符：${fields.app_id}`, paymentNo };
    if (fields.trade_status !== 'TRADE_SUCCESS') return { ok: true, notice: null, note: `交易状态 ${fields.trade_status}` };
    const amount = fromYuanText(fields.total_amount);
    const paidAt = fromChinaTime(fields.gmt_payment);
    if (!paymentNo || !fields.trade_no || amount === null || !paidAt) return { ok: false, reason: '通知内容不完整', paymentNo };
    return { ok: true, notice: { paymentNo, providerTradeNo: fields.trade_no, amount, merchantId: fields.app_id, paidAt } };
  }

  ack(accepted: boolean): NotificationAck {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
  }

  async query(paymentNo: string): Promise<TradeState> {
    const trade = await this.trade(paymentNo);
    if (!trade) return { state: 'unknown' };
    if (trade.status === 'WAIT_BUYER_PAY') return { state: 'unpaid' };
    if (trade.status === 'TRADE_CLOSED') return { state: 'closed' };
    return {
      state: 'paid',
      notice: { paymentNo, providerTradeNo: trade.tradeNo, amount: trade.amount, merchantId: this.merchantId, paidAt: trade.paidAt! },
    };
  }

  async close(paymentNo: string): Promise<void> {
    const trade = await this.trade(paymentNo);
    if (!trade) return;
    if (trade.status === 'TRADE_SUCCESS') throw new PaymentProviderError('交易已支付，不能关闭');
    await this.db
      .update(sandboxTrades)
      .set({ status: 'TRADE_CLOSED' })
      .where(and(eq(sandboxTrades.paymentNo, paymentNo), eq(sandboxTrades.status, 'WAIT_BUYER_PAY')));
  }

  async refund(refund: { paymentNo: string; refundNo: string; amount: number }): Promise<{ refundNo: string }> {
    const [updated] = await this.db
      .update(sandboxTrades)
      .set({ refunded: sql`${sandboxTrades.refunded} + ${refund.amount}` })
      .where(
        and(
          eq(sandboxTrades.paymentNo, refund.paymentNo),
          eq(sandboxTrades.status, 'TRADE_SUCCESS'),
          sql`${sandboxTrades.refunded} + ${refund.amount} <= ${sandboxTrades.amount}`,
        ),
      )
      .returning();
    if (!updated) throw new PaymentProviderError('交易未支付或退款金额超过可退金额');
    return { refundNo: refund.refundNo };
  }
}
