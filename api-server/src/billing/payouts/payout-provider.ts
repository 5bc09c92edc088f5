/** Where a withdrawal is paid to: the user's Alipay account or bank card, in the real-name holder's name. */
export interface Payee {
  channel: 'alipay' | 'bank';
  account: string;
  name: string;
  bankName: string;
}

export interface PayoutRequest {
  /** Our withdrawal number; a provider pays one request at most once. */
  withdrawalId: number;
  /** Thousandths of a yuan: what the payee receives. */
  amount: number;
  payee: Payee;
}

export type PayoutResult = { paid: true; reference: string } | { paid: false; reason: string };

/** A way to pay money out (an operator-approved transfer to the payee). */
export interface PayoutProvider {
  readonly name: string;
  transfer(request: PayoutRequest): Promise<PayoutResult>;
}
