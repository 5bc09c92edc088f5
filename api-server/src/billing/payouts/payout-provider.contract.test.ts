import { describe, expect, it } from 'vitest';
import { createPayoutProvider } from './create-payout-provider.js';
import type { PayoutProvider } from './payout-provider.js';
import { SandboxPayoutProvider } from './sandbox-payout-provider.js';

const payee = { channel: 'alipay' as const, account: 'payee@example.com', name: '张三', bankName: '' };

/** What every payout provider promises, run against each implementation. */
function payoutContract(name: string, make: () => PayoutProvider) {
  describe(`${name} payout provider`, () => {
    it('pays a request and answers a reference', async () => {
      const result = await make().transfer({ withdrawalId: 1, amount: 99_400, payee });
      expect(result.paid).toBe(true);
      if (result.paid) expect(result.reference).not.toBe('');
    });

    it('pays one withdrawal once: asking again answers the first reference', async () => {
      const provider = make();
      const first = await provider.transfer({ withdrawalId: 7, amount: 1_000, payee });
      const again = await provider.transfer({ withdrawalId: 7, amount: 1_000, payee });
      expect(again).toEqual(first);
    });
  });
}

payoutContract('configured (sandbox)', () => createPayoutProvider({ payoutProvider: 'sandbox' }));

describe('sandbox payout provider failures', () => {
  it('fails the next transfer when told to, with the reason, then pays again', async () => {
    const provider = new SandboxPayoutProvider();
    provider.failNext('收款账户不存在');
    expect(await provider.transfer({ withdrawalId: 2, amount: 1_000, payee })).toEqual({ paid: false, reason: '收款账户不存在' });
    expect(await provider.transfer({ withdrawalId: 2, amount: 1_000, payee })).toEqual({ paid: true, reference: 'SANDBOX-PAYOUT-2' });
  });
});
