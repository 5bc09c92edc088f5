/** Amounts cross this seam in thousandths of a yuan; each provider converts to its own unit (yuan text, fen). */

export interface NewPayment {
  /** Our number for the payment: the provider's out_trade_no. */
  paymentNo: string;
  amount: number;
  subject: string;
  expiresAt: Date;
  /** Where the provider posts its asynchronous notification. */
  notifyUrl: string;
  /** Where the user's browser comes back after paying. */
  returnUrl: string;
}

export interface CreatedPayment {
  /** A page the user opens to pay (the cashier). */
  payUrl: string | null;
  /** Text to show as a QR code the user scans with the provider's app. */
  qrCode: string | null;
}

/** A payment the provider says happened, read from a notification or a query. */
export interface PaidNotice {
  paymentNo: string;
  providerTradeNo: string;
  amount: number;
  merchantId: string;
  paidAt: Date;
}

export interface RawNotification {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export type VerifiedNotification =
  | { ok: true; notice: PaidNotice }
  /** Signed and genuine, but not a payment (e.g. a refund or close notice): acknowledged, nothing to settle. */
  | { ok: true; notice: null; note: string }
  | { ok: false; reason: string; paymentNo?: string };

export type TradeState = { state: 'paid'; notice: PaidNotice } | { state: 'unpaid' | 'closed' | 'unknown' };

/** What the provider expects back from a notification endpoint. */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly name: string;
  /** The method's name on the recharge screen. */
  readonly label: string;
  create(payment: NewPayment): Promise<CreatedPayment>;
  verifyNotification(raw: RawNotification): Promise<VerifiedNotification>;
  ack(accepted: boolean): NotificationAck;
  query(paymentNo: string): Promise<TradeState>;
  close(paymentNo: string): Promise<void>;
  refund(refund: { paymentNo: string; refundNo: string; amount: number; total: number; reason: string }): Promise<{ refundNo: string }>;
}

export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** Thousandths of a yuan as the provider's yuan text with two decimals ("100.00"). */
export const yuanText = (amount: number) => (amount / 1000).toFixed(2);

/** A provider's yuan text back to thousandths; null for anything that is not a plain amount. */
export function fromYuanText(text: unknown): number | null {
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(2, '0')) * 10;
}

/** The sorted `k=v&…` string Alipay-style signatures cover: every field except `sign` (and `sign_type` when asked), empty ones skipped. */
export function alipaySignContent(fields: Record<string, string>, withoutSignType = false): string {
  return Object.keys(fields)
    .filter((key) => key !== 'sign' && !(withoutSignType && key === 'sign_type') && fields[key] !== '' && fields[key] !== undefined)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
}

/** "yyyy-MM-dd HH:mm:ss" in China time, as Alipay writes its times. */
export function chinaTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function fromChinaTime(text: unknown): Date | null {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  return new Date(`${text.replace(' ', 'T')}+08:00`);
}
