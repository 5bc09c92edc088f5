import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import {
  generateRsaKeyPair,
  rsa2Sign,
  rsa2Verify,
  type KeyPair,
  alipaySignContent,
  chinaTime,
  type RawNotification,
} from '../billing/index.js';
import type { AlipaySettings } from '../config.js';

interface Trade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  refunded: number;
  paidAt?: Date;
}

const readBody = (request: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });

/**
 * A local stand-in for Alipay's gateway speaking the part of its protocol we use: it checks each request's
 * RSA2 signature against the app's public key, answers alipay.trade.precreate/query/close/refund as
 * `{"<method>_response":{…},"sign":"…"}` signed with "Alipay's" key, and produces the asynchronous
 * notification of a paid trade signed the way Alipay signs it. Keys are generated per test.
 */
export class AlipayGatewayPeer {
  readonly appId = '2021000000000001';
  readonly appKeys: KeyPair = generateRsaKeyPair();
  readonly alipayKeys: KeyPair = generateRsaKeyPair();
  readonly trades = new Map<string, Trade>();
  private server = http.createServer((request, response) => void this.handle(request, response));

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get settings(): AlipaySettings {
    const { port } = this.server.address() as AddressInfo;
    return {
      appId: this.appId,
      privateKey: this.appKeys.privateKey,
      alipayPublicKey: this.alipayKeys.publicKey,
      gateway: `http://127.0.0.1:${port}/gateway.do`,
    };
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(response: http.ServerResponse, method: string, result: Record<string, unknown>) {
    const key = result.code === '40002' ? 'error_response' : `${method.replaceAll('.', '_')}_response`;
    const json = JSON.stringify(result);
    response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    response.end(`{"${key}":${json},"sign":"${rsa2Sign(json, this.alipayKeys.privateKey)}"}`);
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url!, 'http://peer');
    const params: Record<string, string> = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(await readBody(request))),
    };
    const method = params.method ?? '';
    if (params.app_id !== this.appId || !rsa2Verify(alipaySignContent(params), params.sign ?? '', this.appKeys.publicKey)) {
      return this.answer(response, method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const trade = this.trades.get(biz.out_trade_no ?? '');
    const notExist = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    switch (method) {
      case 'alipay.trade.precreate': {
        const created: Trade = {
          outTradeNo: biz.out_trade_no!,
          tradeNo: `2026${randomBytes(10).toString('hex')}`,
          totalAmount: biz.total_amount!,
          subject: biz.subject!,
          status: 'WAIT_BUYER_PAY',
          refunded: 0,
        };
        this.trades.set(created.outTradeNo, created);
        return this.answer(response, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: created.outTradeNo,
          qr_code: `https://qr.alipay.com/${created.tradeNo}`,
        });
      }
      case 'alipay.trade.query':
        if (!trade) return this.answer(response, method, notExist);
        return this.answer(response, method, {
          code: '10000',
          msg: 'Success',
          trade_no: trade.tradeNo,
          out_trade_no: trade.outTradeNo,
          trade_status: trade.status,
          total_amount: trade.totalAmount,
          ...(trade.paidAt ? { send_pay_date: chinaTime(trade.paidAt) } : {}),
        });
      case 'alipay.trade.close':
        if (!trade) return this.answer(response, method, notExist);
        if (trade.status === 'TRADE_SUCCESS') {
          return this.answer(response, method, {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.TRADE_STATUS_ERROR',
            sub_msg: '交易状态不合法',
          });
        }
        trade.status = 'TRADE_CLOSED';
        return this.answer(response, method, { code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
      case 'alipay.trade.refund': {
        const refund = Math.round(Number(biz.refund_amount) * 100);
        if (!trade || trade.status !== 'TRADE_SUCCESS' || trade.refunded + refund > Math.round(Number(trade.totalAmount) * 100)) {
          return this.answer(response, method, {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.TRADE_STATUS_ERROR',
            sub_msg: '交易状态不合法',
          });
        }
        trade.refunded += refund;
        return this.answer(response, method, {
          code: '10000',
          msg: 'Success',
          fund_change: 'Y',
          refund_fee: biz.refund_amount,
          out_trade_no: trade.outTradeNo,
        });
      }
      default:
        return this.answer(response, method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'isv.invalid-method',
          sub_msg: '不存在的方法名',
        });
    }
  }

  /** The buyer pays: the trade is paid, and the notification Alipay would post to notify_url is returned. */
  pay(outTradeNo: string, at: Date): RawNotification {
    const trade = this.trades.get(outTradeNo)!;
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = at;
    return this.notification({
      out_trade_no: outTradeNo,
      trade_no: trade.tradeNo,
      total_amount: trade.totalAmount,
      gmt_payment: chinaTime(at),
    });
  }

  /** A notification with these fields, signed (unless told otherwise) with Alipay's key over the sorted fields without sign and sign_type. */
  notification(fields: Record<string, string>, options: { signingKey?: string; after?: Record<string, string> } = {}): RawNotification {
    const body: Record<string, string> = {
      gmt_create: chinaTime(new Date()),
      charset: 'utf-8',
      seller_email: 'merchant@example.com',
      subject: '算力云账户充值',
      notify_time: chinaTime(new Date()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: this.appId,
      version: '1.0',
      sign_type: 'RSA2',
      trade_status: 'TRADE_SUCCESS',
      ...fields,
    };
    const signed = {
      ...body,
      sign: rsa2Sign(alipaySignContent(body, true), options.signingKey ?? this.alipayKeys.privateKey),
      ...options.after,
    };
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(signed).toString(),
    };
  }
}
