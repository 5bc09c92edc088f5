import { AlipaySdk } from 'alipay-sdk';
import type { AlipaySettings } from '../../config.js';
import {
  PaymentProviderError,
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

interface GatewayResult {
  code?: string;
  msg?: string;
  subCode?: string;
  subMsg?: string;
  [field: string]: unknown;
}

/**
 * Alipay through its official SDK: QR pay (alipay.trade.precreate) plus a page-pay link, RSA2-signed
 * asynchronous notifications verified by the SDK, and query, close and refund through the gateway
 * (whose answers the SDK verifies against Alipay's public key).
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay';
  readonly label = '支付宝';
  private readonly sdk: AlipaySdk;

  constructor(private readonly settings: AlipaySettings) {
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKey,
      keyType: settings.privateKey.includes('BEGIN PRIVATE KEY') ? 'PKCS8' : 'PKCS1',
      alipayPublicKey: settings.alipayPublicKey,
      gateway: settings.gateway,
      signType: 'RSA2',
      timeout: 10_000,
    });
  }

  private async call(method: string, bizContent: Record<string, unknown>, notifyUrl?: string): Promise<GatewayResult> {
    try {
      return (await this.sdk.exec(method, { bizContent, ...(notifyUrl ? { notifyUrl } : {}) }, { validateSign: true })) as GatewayResult;
    } catch (error) {
      throw new PaymentProviderError(`支付宝网关请求失败：${(error as Error).message}`, { cause: error });
    }
  }

  private static failed(result: GatewayResult, what: string): never {
    throw new PaymentProviderError(`${what}失败：${result.subMsg ?? result.msg ?? result.code}`);
  }

  async create(payment: NewPayment): Promise<CreatedPayment> {
    const bizContent = {
      outTradeNo: payment.paymentNo,
      totalAmount: yuanText(payment.amount),
      subject: payment.subject,
      timeExpire: chinaTime(payment.expiresAt),
    };
    const result = await this.call('alipay.trade.precreate', bizContent, payment.notifyUrl);
    if (result.code !== '10000') AlipayProvider.failed(result, '支付宝下单');
    let payUrl: string;
    try {
      payUrl = this.sdk.pageExec('alipay.trade.page.pay', 'GET', {
        bizContent: { ...bizContent, productCode: 'FAST_INSTANT_TRADE_PAY' },
        notifyUrl: payment.notifyUrl,
        returnUrl: payment.returnUrl,
      });
    } catch (error) {
      throw new PaymentProviderError(`支付宝支付链接生成失败：${(error as Error).message}`, { cause: error });
    }
    return { payUrl, qrCode: String(result.qrCode) };
  }

  async verifyNotification(raw: RawNotification): Promise<VerifiedNotification> {
    const fields = Object.fromEntries(new URLSearchParams(raw.body));
    const paymentNo = fields.out_trade_no;
    if (!this.sdk.checkNotifySignV2(fields)) return { ok: false, reason: '签名验证失败', paymentNo };
    if (fields.app_id !== this.settings.appId) return { ok: false, reason: `应用ID不符：${fields.app_id}`, paymentNo };
    if (fields.trade_status !== 'TRADE_SUCCESS' && fields.trade_status !== 'TRADE_FINISHED') {
      return { ok: true, notice: null, note: `交易状态 ${fields.trade_status}` };
    }
    const amount = fromYuanText(fields.total_amount);
    const paidAt = fromChinaTime(fields.gmt_payment);
    if (!paymentNo || !fields.trade_no || amount === null || !paidAt) return { ok: false, reason: '通知内容不完整', paymentNo };
    return { ok: true, notice: { paymentNo, providerTradeNo: fields.trade_no, amount, merchantId: fields.app_id, paidAt } };
  }

  ack(accepted: boolean): NotificationAck {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
  }

  async query(paymentNo: string): Promise<TradeState> {
    const result = await this.call('alipay.trade.query', { outTradeNo: paymentNo });
    if (result.subCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown' };
    if (result.code !== '10000') AlipayProvider.failed(result, '支付宝查询');
    const status = String(result.tradeStatus);
    if (status === 'WAIT_BUYER_PAY') return { state: 'unpaid' };
    if (status !== 'TRADE_SUCCESS' && status !== 'TRADE_FINISHED') return { state: 'closed' };
    const amount = fromYuanText(result.totalAmount);
    const paidAt = fromChinaTime(result.sendPayDate);
    if (amount === null || !paidAt) throw new PaymentProviderError('支付宝查询结果不完整');
    return {
      state: 'paid',
      notice: { paymentNo, providerTradeNo: String(result.tradeNo), amount, merchantId: this.settings.appId, paidAt },
    };
  }

  async close(paymentNo: string): Promise<void> {
    const result = await this.call('alipay.trade.close', { outTradeNo: paymentNo });
    // A trade the buyer never opened does not exist at Alipay yet: nothing to close.
    if (result.code !== '10000' && result.subCode !== 'ACQ.TRADE_NOT_EXIST') AlipayProvider.failed(result, '支付宝关闭交易');
  }

  async refund(refund: { paymentNo: string; refundNo: string; amount: number; reason: string }): Promise<{ refundNo: string }> {
    const result = await this.call('alipay.trade.refund', {
      outTradeNo: refund.paymentNo,
      refundAmount: yuanText(refund.amount),
      outRequestNo: refund.refundNo,
      refundReason: refund.reason,
    });
    if (result.code !== '10000') AlipayProvider.failed(result, '支付宝退款');
    return { refundNo: refund.refundNo };
  }
}
