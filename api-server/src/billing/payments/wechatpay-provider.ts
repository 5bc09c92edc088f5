import { createDecipheriv, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { WechatpaySettings } from '../../config.js';
import { rsa2Sign, rsa2Verify } from './sandbox-provider.js';
import {
  PaymentProviderError,
  type CreatedPayment,
  type NewPayment,
  type NotificationAck,
  type PaymentProvider,
  type RawNotification,
  type TradeState,
  type VerifiedNotification,
} from './provider.js';

const header = (headers: RawNotification['headers'], name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** WeChat Pay's own verification refuses a notification whose Wechatpay-Timestamp is further than this from the clock. */
const notificationToleranceSeconds = 5 * 60;

/** The AEAD_AES_256_GCM resource of a v3 notification: base64 of ciphertext followed by its 16-byte tag. */
export function decryptResource(resource: { ciphertext: string; nonce: string; associated_data?: string }, apiV3Key: string): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number };
}

/**
 * WeChat Pay API v3, Native pay: requests signed WECHATPAY2-SHA256-RSA2048 with the merchant key, answers
 * and notifications verified against WeChat Pay's public key (Wechatpay-Signature over
 * "timestamp\nnonce\nbody\n"), the notification's resource decrypted with the APIv3 key (AES-256-GCM).
 */
export class WechatpayProvider implements PaymentProvider {
  readonly name = 'wechatpay';
  readonly label = '微信支付';

  constructor(
    private readonly settings: WechatpaySettings,
    private readonly clock: Clock,
  ) {}

  private signedHeaders(method: string, pathAndQuery: string, body: string) {
    const timestamp = Math.floor(Date.now() / 1000).toString();
    const nonce = randomBytes(16).toString('hex');
    const signature = rsa2Sign(`${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`, this.settings.privateKey);
    const { mchId, serialNo } = this.settings;
    return {
      authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${serialNo}"`,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    };
  }

  /** Is this answer or notification signed by WeChat Pay's key? */
  private signedByWechatpay(headers: RawNotification['headers'], body: string): boolean {
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    const nonce = header(headers, 'Wechatpay-Nonce');
    const signature = header(headers, 'Wechatpay-Signature');
    const serial = header(headers, 'Wechatpay-Serial');
    if (!timestamp || !nonce || !signature || serial !== this.settings.platformSerial) return false;
    return rsa2Verify(`${timestamp}\n${nonce}\n${body}\n`, signature, this.settings.platformPublicKey);
  }

  private async request(method: 'GET' | 'POST', pathAndQuery: string, payload?: unknown): Promise<{ status: number; data: unknown }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl}${pathAndQuery}`, {
        method,
        headers: this.signedHeaders(method, pathAndQuery, body),
        body: body || undefined,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`微信支付请求失败：${(error as Error).message}`, { cause: error });
    }
    const text = await response.text();
    if (!this.signedByWechatpay(Object.fromEntries(response.headers), text)) throw new PaymentProviderError('微信支付应答签名验证失败');
    return { status: response.status, data: text ? JSON.parse(text) : null };
  }

  private static failed(answer: { status: number; data: unknown }, what: string): never {
    const message = (answer.data as { message?: string } | null)?.message ?? `HTTP ${answer.status}`;
    throw new PaymentProviderError(`${what}失败：${message}`);
  }

  async create(payment: NewPayment): Promise<CreatedPayment> {
    const answer = await this.request('POST', '/v3/pay/transactions/native', {
      appid: this.settings.appId,
      mchid: this.settings.mchId,
      description: payment.subject,
      out_trade_no: payment.paymentNo,
      time_expire: rfc3339China(payment.expiresAt),
      notify_url: payment.notifyUrl,
      amount: { total: payment.amount / 10, currency: 'CNY' },
    });
    const codeUrl = (answer.data as { code_url?: string } | null)?.code_url;
    if (answer.status !== 200 || !codeUrl) WechatpayProvider.failed(answer, '微信支付下单');
    return { payUrl: null, qrCode: codeUrl };
  }

  private paidNotice(transaction: Transaction) {
    const paidAt = transaction.success_time ? new Date(transaction.success_time) : null;
    const total = transaction.amount?.total;
    if (!transaction.out_trade_no || !transaction.transaction_id || !Number.isInteger(total) || !paidAt || Number.isNaN(paidAt.getTime())) {
      return null;
    }
    return {
      paymentNo: transaction.out_trade_no,
      providerTradeNo: transaction.transaction_id,
      amount: total! * 10,
      merchantId: transaction.mchid ?? '',
      paidAt,
    };
  }

  /** Was the notification signed within five minutes of now (a replayed old one is not)? */
  private fresh(headers: RawNotification['headers']): boolean {
    const timestamp = header(headers, 'Wechatpay-Timestamp') ?? '';
    if (!/^\d{1,12}$/.test(timestamp)) return false;
    return Math.abs(this.clock.now().getTime() / 1000 - Number(timestamp)) <= notificationToleranceSeconds;
  }

  async verifyNotification(raw: RawNotification): Promise<VerifiedNotification> {
    if (!this.signedByWechatpay(raw.headers, raw.body)) return { ok: false, reason: '签名验证失败' };
    if (!this.fresh(raw.headers)) return { ok: false, reason: '通知时间戳与服务器时间相差超过5分钟' };
    let transaction: Transaction;
    let eventType: string | undefined;
    try {
      const envelope = JSON.parse(raw.body) as {
        event_type?: string;
        resource: { ciphertext: string; nonce: string; associated_data?: string };
      };
      eventType = envelope.event_type;
      transaction = JSON.parse(decryptResource(envelope.resource, this.settings.apiV3Key)) as Transaction;
    } catch {
      return { ok: false, reason: '通知内容无法解密' };
    }
    const paymentNo = transaction.out_trade_no;
    if (transaction.mchid !== this.settings.mchId || transaction.appid !== this.settings.appId) {
      return { ok: false, reason: `商户号不符：${transaction.mchid}/${transaction.appid}`, paymentNo };
    }
    if (eventType !== 'TRANSACTION.SUCCESS' || transaction.trade_state !== 'SUCCESS') {
      return { ok: true, notice: null, note: `事件 ${eventType} ${transaction.trade_state}` };
    }
    const notice = this.paidNotice(transaction);
    return notice ? { ok: true, notice } : { ok: false, reason: '通知内容不完整', paymentNo };
  }

  ack(accepted: boolean): NotificationAck {
    return accepted
      ? { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  async query(paymentNo: string): Promise<TradeState> {
    const answer = await this.request(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}?mchid=${this.settings.mchId}`,
    );
    if (answer.status === 404) return { state: 'unknown' };
    if (answer.status !== 200) WechatpayProvider.failed(answer, '微信支付查询');
    const transaction = answer.data as Transaction;
    if (transaction.trade_state === 'NOTPAY' || transaction.trade_state === 'USERPAYING') return { state: 'unpaid' };
    if (transaction.trade_state !== 'SUCCESS' && transaction.trade_state !== 'REFUND') return { state: 'closed' };
    const notice = this.paidNotice(transaction);
    if (!notice) throw new PaymentProviderError('微信支付查询结果不完整');
    return { state: 'paid', notice };
  }

  async close(paymentNo: string): Promise<void> {
    const answer = await this.request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}/close`, {
      mchid: this.settings.mchId,
    });
    if (answer.status !== 204) WechatpayProvider.failed(answer, '微信支付关闭订单');
  }

  async refund(refund: {
    paymentNo: string;
    refundNo: string;
    amount: number;
    total: number;
    reason: string;
  }): Promise<{ refundNo: string }> {
    const answer = await this.request('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: refund.paymentNo,
      out_refund_no: refund.refundNo,
      reason: refund.reason,
      amount: { refund: refund.amount / 10, total: refund.total / 10, currency: 'CNY' },
    });
    if (answer.status !== 200) WechatpayProvider.failed(answer, '微信支付退款');
    return { refundNo: refund.refundNo };
  }
}

/** RFC 3339 in China time, as WeChat Pay writes times: 2026-11-22T18:00:00+08:00. */
function rfc3339China(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}
