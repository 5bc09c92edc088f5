import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCipheriv, randomBytes } from 'node:crypto';
import { generateRsaKeyPair, rsa2Sign, rsa2Verify, type KeyPair, type RawNotification } from '../billing/index.js';
import type { WechatpaySettings } from '../config.js';

interface Transaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  trade_state_desc: string;
  amount: { total: number; payer_total?: number; currency: 'CNY' };
  success_time?: string;
  refunded: number;
}

const readBody = (request: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });

/** RFC 3339 in China time. */
const wechatTime = (date: Date) => `${new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

/**
 * A local stand-in for WeChat Pay API v3 (Native pay): it checks each request's WECHATPAY2-SHA256-RSA2048
 * Authorization against the merchant's public key, answers signed with "WeChat Pay's" key in the
 * Wechatpay-* headers, and produces v3 notifications (AES-256-GCM resource under the APIv3 key, signed headers).
 */
export class WechatpayGatewayPeer {
  readonly mchId = '1900000001';
  readonly appId = 'wx0000000000000001';
  readonly serialNo = 'MERCHANTSERIAL0001';
  readonly platformSerial = 'PUB_KEY_ID_0000000001';
  readonly apiV3Key = randomBytes(16).toString('hex');
  readonly merchantKeys: KeyPair = generateRsaKeyPair();
  readonly platformKeys: KeyPair = generateRsaKeyPair();
  readonly transactions = new Map<string, Transaction>();
  private server = http.createServer((request, response) => void this.handle(request, response));

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get settings(): WechatpaySettings {
    const { port } = this.server.address() as AddressInfo;
    return {
      mchId: this.mchId,
      appId: this.appId,
      serialNo: this.serialNo,
      privateKey: this.merchantKeys.privateKey,
      apiV3Key: this.apiV3Key,
      platformPublicKey: this.platformKeys.publicKey,
      platformSerial: this.platformSerial,
      baseUrl: `http://127.0.0.1:${port}`,
    };
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Wechatpay-* headers signing `body` the way WeChat Pay signs answers and notifications, stamped with the time `at`. */
  signedHeaders(body: string, signingKey = this.platformKeys.privateKey, at = new Date()): Record<string, string> {
    const timestamp = Math.floor(at.getTime() / 1000).toString();
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': rsa2Sign(`${timestamp}\n${nonce}\n${body}\n`, signingKey),
      'wechatpay-serial': this.platformSerial,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  private answer(response: http.ServerResponse, status: number, data?: unknown) {
    const body = data === undefined ? '' : JSON.stringify(data);
    response.writeHead(status, { ...(body ? { 'content-type': 'application/json' } : {}), ...this.signedHeaders(body) });
    response.end(body);
  }

  private authorized(request: http.IncomingMessage, body: string): boolean {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const fields = Object.fromEntries([...header.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
    if (fields.mchid !== this.mchId || fields.serial_no !== this.serialNo) return false;
    const message = `${request.method}\n${request.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    return rsa2Verify(message, fields.signature ?? '', this.merchantKeys.publicKey);
  }

  private view(transaction: Transaction) {
    const { refunded: _refunded, ...rest } = transaction;
    return rest;
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const body = await readBody(request);
    if (!this.authorized(request, body)) return this.answer(response, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    const url = new URL(request.url!, 'http://peer');
    const payload = body ? (JSON.parse(body) as Record<string, any>) : {};
    const byOutTradeNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      if (payload.mchid !== this.mchId || payload.appid !== this.appId)
        return this.answer(response, 400, { code: 'PARAM_ERROR', message: '商户号或应用ID错误' });
      const transaction: Transaction = {
        appid: this.appId,
        mchid: this.mchId,
        out_trade_no: payload.out_trade_no,
        transaction_id: `4200${randomBytes(12).toString('hex')}`,
        trade_state: 'NOTPAY',
        trade_state_desc: '订单未支付',
        amount: { total: payload.amount.total, currency: 'CNY' },
        refunded: 0,
      };
      this.transactions.set(transaction.out_trade_no, transaction);
      return this.answer(response, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${transaction.transaction_id.slice(-10)}` });
    }
    if (byOutTradeNo) {
      const transaction = this.transactions.get(decodeURIComponent(byOutTradeNo[1]!));
      if (!transaction) return this.answer(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (request.method === 'GET') return this.answer(response, 200, this.view(transaction));
      if (transaction.trade_state === 'SUCCESS') return this.answer(response, 400, { code: 'ORDERPAID', message: '订单已支付' });
      transaction.trade_state = 'CLOSED';
      return this.answer(response, 204);
    }
    if (request.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const transaction = this.transactions.get(payload.out_trade_no);
      if (
        !transaction ||
        transaction.trade_state !== 'SUCCESS' ||
        transaction.refunded + payload.amount.refund > transaction.amount.total
      ) {
        return this.answer(response, 400, { code: 'INVALID_REQUEST', message: '订单状态不允许退款' });
      }
      transaction.refunded += payload.amount.refund;
      return this.answer(response, 200, {
        refund_id: `5030${randomBytes(10).toString('hex')}`,
        out_refund_no: payload.out_refund_no,
        status: 'PROCESSING',
      });
    }
    return this.answer(response, 404, { code: 'NOT_FOUND', message: '接口不存在' });
  }

  /** The buyer scans and pays: the transaction succeeds and WeChat Pay's notification is returned. */
  pay(outTradeNo: string, at: Date): RawNotification {
    const transaction = this.transactions.get(outTradeNo)!;
    transaction.trade_state = 'SUCCESS';
    transaction.trade_state_desc = '支付成功';
    transaction.success_time = wechatTime(at);
    transaction.amount.payer_total = transaction.amount.total;
    return this.notification(this.view(transaction), { at });
  }

  /** A TRANSACTION.SUCCESS notification about `transaction`: resource encrypted with the APIv3 key, headers signed at `at` (now). */
  notification(transaction: Record<string, unknown>, options: { signingKey?: string; apiV3Key?: string; at?: Date } = {}): RawNotification {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(options.apiV3Key ?? this.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from('transaction', 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString(
      'base64',
    );
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: wechatTime(options.at ?? new Date()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce },
    });
    return { headers: { 'content-type': 'application/json', ...this.signedHeaders(body, options.signingKey, options.at) }, body };
  }
}
