import type { PayoutProvider, PayoutRequest, PayoutResult } from './payout-provider.js';

/** Pays at once without moving real money; `failNext` makes the next transfer fail (for tests and demos). */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox';
  private readonly paid = new Map<number, string>();
  private failures: string[] = [];

  failNext(reason: string) {
    this.failures.push(reason);
  }

  async transfer(request: PayoutRequest): Promise<PayoutResult> {
    const earlier = this.paid.get(request.withdrawalId);
    if (earlier) return { paid: true, reference: earlier };
    const failure = this.failures.shift();
    if (failure) return { paid: false, reason: failure };
    const reference = `SANDBOX-PAYOUT-${request.withdrawalId}`;
    this.paid.set(request.withdrawalId, reference);
    return { paid: true, reference };
  }
}
